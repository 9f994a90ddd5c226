#!/usr/bin/env python3
"""Write the SVG frames of the seven service-card clips, in the site's light card style.

    python3 scripts/assets/service_frames.py OUTDIR [SECONDS FPS]

Each clip shows what its service is: the service's subject on a soft disc (the same motifs and
composition as the site's card illustrations), linked by dashed lines to three tiles of what it
works with, while teal pulses travel out along the links, a dashed ring turns round the disc and
the subject floats gently. Every motion has a period that divides the clip length, so the last
frame runs straight back into the first and the clip loops without a seam. Frames are written to
OUTDIR/<slug>/f0000.svg …; media.sh rasterises and encodes them.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svglib import ACC, ACCP, PALE, SW, LIGHT, circ, ell, f, place, rng, svg  # noqa: E402
from layouts import SHADOW, bg_light, chip, dash, decor_light, tile  # noqa: E402

# 3:2, the shape of a card picture (src/ui/Card.module.css), so object-fit never crops the clip.
W, H = 480, 320

# slug: (subject, three tiles it works with)
SERVICES = {
    "ai-strategy": ("compass", ("target", "linechart", "signpost")),
    "generative-ai": ("brain", ("chat", "doc", "image")),
    "ai-agents": ("bot", ("gear", "envelope", "person")),
    "data-engineering": ("database", ("server", "funnel", "bars")),
    "mlops": ("infinity", ("gauge", "cloudup", "layers")),
    "custom-software": ("code", ("browser", "phone", "puzzle")),
    "ai-training": ("gradcap", ("people", "laptop", "certificate")),
}


def quad(p0, c, p1, t):
    """A point on a quadratic Bézier curve."""
    return tuple((1 - t) ** 2 * p0[i] + 2 * (1 - t) * t * c[i] + t * t * p1[i] for i in range(2))


def control(p0, p1, bend):
    mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
    return (mx - (p1[1] - p0[1]) * bend, my + (p1[0] - p0[0]) * bend)


def frame(slug, subject, tiles, phase):
    """One frame; phase runs 0 → 1 over the clip."""
    R = rng("services/" + slug)
    cx, cy, rad = W * .33, H * .52, H * .34
    ps, ts = H * .47, H * .23
    slots = [(W * .66, H * .08), (W * .80, H * .39), (W * .64, H * .68)]
    out = bg_light(W, H) + decor_light(W, H, R, avoid=[(.06, .86), (.16, .86)])
    out += circ(cx, cy, rad, PALE)
    # a dashed ring turning once per clip
    ring = 2 * math.pi * (rad + 10)
    out += circ(cx, cy, rad + 10, "none", ACC, f' stroke-width="{SW * .6}" stroke-dasharray="{f(ring / 16)} {f(ring / 16)}"'
                f' stroke-dashoffset="{f(-phase * ring / 4)}" opacity=".45"')
    links = []
    for i, (tx, ty) in enumerate(slots):
        p0, p1 = (cx, cy), (tx + ts / 2, ty + ts / 2)
        c = control(p0, p1, .18 * (1 if i % 2 else -1))
        links.append((p0, c, p1))
        out += dash(f"M{f(p0[0])} {f(p0[1])}Q{f(c[0])} {f(c[1])} {f(p1[0])} {f(p1[1])}")
    # pulses: each link carries one, staggered, twice per clip
    for i, (p0, c, p1) in enumerate(links):
        t = (2 * phase + i / 3) % 1
        t = .25 + .6 * t  # from the disc's edge to the tile's edge
        x, y = quad(p0, c, p1, t)
        glow = math.sin(math.pi * (t - .25) / .6)
        out += circ(x, y, 9 * glow + 2, ACCP) + circ(x, y, 4.2, ACC, extra=f' opacity="{f(.35 + .65 * glow)}"')
    bob = 4 * math.sin(2 * math.pi * phase * 2)
    out += ell(cx, cy + ps * .47, ps * .38 * (1 - bob / 40), 5, SHADOW)
    out += place(subject, cx - ps / 2, cy - ps / 2 - 4 + bob, ps, LIGHT)
    for i, (tx, ty) in enumerate(slots):
        # a tile lights up as a pulse reaches it
        arrive = (2 * phase + i / 3) % 1
        lift = 2.5 * max(0, math.sin(math.pi * (arrive - .8) / .2)) if arrive > .8 else 0
        out += tile(tx, ty - lift, ts, tiles[i])
    out += chip(W * .06, H * .86, 68, 16)
    return svg(W, H, out)


def main():
    dest = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 4
    fps = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    n = int(seconds * fps)
    for slug, (subject, tiles) in SERVICES.items():
        os.makedirs(os.path.join(dest, slug), exist_ok=True)
        for i in range(n):
            with open(os.path.join(dest, slug, f"f{i:04d}.svg"), "w") as fh:
                fh.write(frame(slug, subject, tiles, i / n))
    print(f"{len(SERVICES)} clips × {n} frames in {dest}")


if __name__ == "__main__":
    main()
