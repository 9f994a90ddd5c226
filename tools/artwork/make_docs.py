#!/usr/bin/env python3
"""Check every asset under site/assets/ and write docs/assets.md.

    python3 scripts/assets/make_docs.py          # check, then write docs/assets.md
    python3 scripts/assets/make_docs.py --check  # check only (exit 1 on a problem)

Checks: each SVG parses as XML, has xmlns and width/height matching its viewBox,
no scripts, no external references, no <text> outside client logos, under 150 KB;
videos are H.264/VP9 (AV1 where listed) yuv420p without audio and within their size budgets.
"""
import json
import os
import re
import subprocess
import sys
import xml.dom.minidom

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate  # noqa: E402

ROOT = generate.ROOT
A = os.path.join(ROOT, "site", "assets")

MEDIA = [
    # path, alt, byte budget
    ("home/intro.mp4", "A slowly drifting network of teal nodes over a flowing navy gradient (decorative, loops).", 700_000),
    ("home/intro.webm", "A slowly drifting network of teal nodes over a flowing navy gradient (decorative, loops).", 700_000),
    ("home/intro-poster.jpg", "A network of teal nodes over a navy gradient.", 80_000),
    ("home/intro-poster.webp", "A network of teal nodes over a navy gradient.", 80_000),
    ("home/intro-phone.mp4", "The intro's middle, cut upright for phones (decorative, loops).", 20_000),
    ("home/intro-phone.webm", "The intro's middle, cut upright for phones (decorative, loops).", 12_000),
    ("home/intro-phone-poster.webp", "A network of teal nodes over a navy gradient, cut upright.", 6_000),
    ("services/ai-strategy.mp4", "A radar beam sweeps over range rings and lights up targets.", 150_000),
    ("services/ai-strategy.webp", "A radar screen with range rings and a sweeping beam.", 8_000),
    ("services/generative-ai.mp4", "A fractal pattern zooms in and out, endlessly generating new detail.", 150_000),
    ("services/generative-ai.webp", "A teal fractal pattern on navy.", 8_000),
    ("services/ai-agents.mp4", "Many small teal cells move and interact like a swarm of agents.", 150_000),
    ("services/ai-agents.webp", "Small teal cells scattered over a navy field.", 8_000),
    ("services/data-engineering.mp4", "Lanes of a cellular pattern stream sideways like flowing data.", 150_000),
    ("services/data-engineering.webp", "A dense triangular cellular pattern in muted teal.", 8_000),
    ("services/mlops.mp4", "A teal spiral gradient turns beneath a dashboard grid.", 150_000),
    ("services/mlops.webp", "A teal gradient beneath a dashboard grid.", 8_000),
    ("services/custom-software.mp4", "A carpet of nested square blocks slides across the frame.", 150_000),
    ("services/custom-software.webp", "Nested teal square blocks on navy.", 8_000),
    ("services/ai-training.mp4", "Ripples from two sources spread and interfere like a model learning.", 150_000),
    ("services/ai-training.webp", "Interfering teal ripples on navy.", 8_000),
    ("og/default.png", "Nexa AI logo beside a neural network linked to a robot, a chart and a graduation cap on navy.", 150_000),
]

# WebM files in AV1 rather than VP9 (media.sh: the phone intro, where AV1 keeps the thin lines VP9 smears at that size).
AV1 = {"home/intro-phone.webm"}

ICON_ALT = {"icons/linkedin.svg": "Nexa AI on LinkedIn.", "icons/instagram.svg": "Nexa AI on Instagram.",
            "icons/x.svg": "Nexa AI on X."}


def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                          "format=duration:stream=codec_name,codec_type,width,height,pix_fmt",
                          "-of", "json", path], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def check_svg(p, w, h):
    errs = []
    full = os.path.join(A, p)
    data = open(full, encoding="utf-8").read()
    try:
        doc = xml.dom.minidom.parseString(data)
    except Exception as e:  # noqa: BLE001
        return [f"{p}: XML error {e}"]
    root = doc.documentElement
    if root.getAttribute("xmlns") != "http://www.w3.org/2000/svg":
        errs.append(f"{p}: missing xmlns")
    if (root.getAttribute("width"), root.getAttribute("height"), root.getAttribute("viewBox")) != (str(w), str(h), f"0 0 {w} {h}"):
        errs.append(f"{p}: width/height/viewBox mismatch")
    if re.search(r"<script|<foreignObject|<image|@import|url\((?!#)", data, re.I):
        errs.append(f"{p}: script or external reference")
    if re.search(r'href="(?!#)', data):
        errs.append(f"{p}: external href")
    if "<text" in data and not p.startswith("clients/"):
        errs.append(f"{p}: text outside client logos")
    if len(data.encode()) > 150_000:
        errs.append(f"{p}: over 150 KB")
    return errs


def main():
    errs, rows, total = [], [], 0
    for p, w, h, alt, _ in generate.ASSETS:
        full = os.path.join(A, p)
        if not os.path.exists(full):
            errs.append(f"{p}: missing (run generate.py)")
            continue
        errs += check_svg(p, w, h)
        b = os.path.getsize(full)
        total += b
        if p == "connect/background.svg":
            alt = "(decorative background: use an empty alt)"
        alt = ICON_ALT.get(p, alt)
        rows.append((p, f"{w}×{h}", b, alt))
    for p, alt, budget in MEDIA:
        full = os.path.join(A, p)
        if not os.path.exists(full):
            errs.append(f"{p}: missing (run media.sh)")
            continue
        b = os.path.getsize(full)
        total += b
        if b > budget:
            errs.append(f"{p}: {b} bytes, over budget {budget}")
        info = probe(full)
        st = info["streams"]
        v = [s for s in st if s["codec_type"] == "video"][0]
        size = f'{v["width"]}×{v["height"]}'
        if p.endswith((".mp4", ".webm")):
            if any(s["codec_type"] == "audio" for s in st):
                errs.append(f"{p}: has an audio track")
            if v.get("pix_fmt") != "yuv420p":
                errs.append(f"{p}: pix_fmt {v.get('pix_fmt')}")
            want = "h264" if p.endswith(".mp4") else "av1" if p in AV1 else "vp9"
            if v["codec_name"] != want:
                errs.append(f"{p}: codec {v['codec_name']}")
            size += f', {float(info["format"]["duration"]):.1f} s, {v["codec_name"].upper()}, no audio'
        rows.append((p, size, b, alt))
    if errs:
        print("\n".join(errs))
        sys.exit(1)
    print(f"OK: {len(rows)} files, {total} bytes")
    if "--check" in sys.argv:
        return
    write_doc(rows, total)


GROUPS = [
    ("Brand", "brand/"), ("Social icons (white, for the navy footer)", "icons/"), ("Home", "home/"),
    ("Client logos (fictional companies, muted greys)", "clients/"), ("About", "about/"), ("Careers", "careers/"),
    ("Industries", "industries/"), ("Insights", "insights/"), ("Services", "services/"), ("Products", "products/"),
    ("Case studies", "case-studies/"), ("Courses", "courses/"), ("Contact", "connect/"), ("My Nexa", "my-nexa/"),
    ("Open Graph", "og/"),
]


def write_doc(rows, total):
    L = ["# Site assets", "",
         "Every image and video of the public site lives in `site/assets/`, which is the web root's public",
         "directory: `site/assets/industries/health.svg` is served as `/industries/health.svg`. All of it was",
         "made for this project; there are no stock photos and nothing was downloaded.", "",
         "## How they were made", "",
         "- **Illustrations (SVG)** come from `scripts/assets/generate.py`. It draws about a hundred flat subject",
         "  motifs (drone, crops, heart-rate, gear, robot agent, graduation cap…) in one 100-unit box",
         "  (`svglib.py`) and places them in a handful of compositions (`layouts.py`): light cards (a subject",
         "  on a soft disc with supporting tiles, an orbit, a left-to-right process, a dashboard, a small",
         "  landscape) and navy banners whose left side stays calm for the page heading. One palette (navy",
         "  `#0b1f3a`, accent teal `#00b3c7`, pale blue-greys) and one stroke width (4 px, compensated for scale)",
         "  keep every file in the same family. Leader portraits, client wordmarks, the logo, social icons,",
         "  the home slides, the farm scenes and the contact background are drawn by dedicated functions.",
         "  Files use presentation attributes only (no `<style>`, no scripts, no external references); only",
         "  the client logos use `<text>`, with the system font stack, sized to fit even a wide fallback font.",
         "  Output is deterministic (layouts are seeded by the file name).",
         "- **Videos and posters** come from `scripts/assets/media.sh`, which rasterises SVG frames with ffmpeg",
         "  (librsvg). The home intro blends a periodic `geq` gradient with a drifting node network",
         "  (`intro_frames.py` writes one SVG per frame). Phones held upright get their own cut of it",
         "  (`intro-phone.*`: the middle 2:3 at 360×540, a 4 s loop at 12.5 fps over a still gradient, AV1 WebM with an H.264",
         "  fallback, and its own poster), since they show only that middle. The seven service clips (`service_frames.py`) are",
         "  drawn like the card illustrations: the service's subject on a soft disc (compass for strategy,",
         "  brain for generative AI, robot for agents, database, infinity loop for MLOps, code, graduation",
         "  cap), linked to three tiles of what it works with, with teal pulses running along the links, a",
         "  turning dashed ring and a gently floating subject; 480×320 (the 3:2 shape and size the cards show), about 24 KB",
         "  each, the first frame as poster (WebP). All motion is periodic in the clip length, so every clip loops",
         "  without a seam; people who prefer reduced motion see only the poster.",
         "- **Open Graph image**: `generate.py --og` writes an SVG, which `media.sh` rasterises to PNG with ffmpeg.", "",
         "## Regenerating", "",
         "```sh",
         "python3 scripts/assets/generate.py     # all SVGs (about two seconds; then svgo minifies the logos and favicon)",
         "bash scripts/assets/media.sh           # intro, service clips, posters, og/default.png (about a minute)",
         "bash scripts/assets/media.sh services  # or: intro | og",
         "python3 scripts/assets/make_docs.py    # check every file and rewrite this document",
         "```", "",
         "Needs python3 (standard library only), the project's `npm install` (for svgo) and Debian's `ffmpeg` package (built with librsvg, libx264,",
         "libvpx, libaom and libwebp). `make_docs.py --check` only validates: XML parses, `xmlns`, width/height equal to",
         "the viewBox, no scripts or external references, nothing over 150 KB, videos H.264/VP9 (AV1 for the phone intro) yuv420p with",
         "no audio track and within budget (intro < 700 KB, phone intro < 12 KB WebM / 20 KB MP4, service clips < 150 KB,",
         "card posters < 8 KB, intro posters < 80 KB / 6 KB for the phone).", "",
         "Videos: use `muted autoplay loop playsinline` with the poster; they carry no information, so the",
         "suggested text below is for an `aria-label` or can be omitted (`aria-hidden`).", "",
         f"**{len(rows)} files, {total:,} bytes in total.**", ""]
    for title, prefix in GROUPS:
        grp = [r for r in rows if r[0].startswith(prefix)]
        if not grp:
            continue
        L += [f"## {title}", "", "| Path | Size | Bytes | Suggested alt text |", "|---|---|---:|---|"]
        for p, size, b, alt in grp:
            L.append(f"| `/{p}` | {size} | {b:,} | {alt.replace('|', '/')} |")
        L.append("")
    os.makedirs(os.path.join(ROOT, "docs"), exist_ok=True)
    with open(os.path.join(ROOT, "docs", "assets.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(L))
    print("wrote docs/assets.md")


if __name__ == "__main__":
    main()
