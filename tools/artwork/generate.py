#!/usr/bin/env python3
"""Generate every SVG illustration of the Nexa AI site into site/assets/.

    python3 scripts/assets/generate.py            # write all SVGs
    python3 scripts/assets/generate.py --list     # list paths only
    python3 scripts/assets/generate.py --og FILE  # write the Open Graph source SVG (media.sh rasterises it)

The registry below (ASSETS) maps each served path to its size, alt text and a
builder. make_docs.py reuses it to write docs/assets.md. Output is deterministic.
"""
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svglib import (NAVY, NAVY2, NAVY3, SLATE, MIST, PALE, BG, WHITE, ACC, ACC2, ACCP, SW, LIGHT, DARK,  # noqa: E402
                    f, pts, rect, circ, ell, path, poly, pl, line, g, svg, place, rng, star_pts, thick)
from layouts import (card_stage, card_orbit, card_flow, card_dashboard, card_scene, hero, tile,  # noqa: E402
                     round_tile, chip, sparkle, dots, dash, curve, dark_defs, constellation, SHADOW, decor_light, nodes_path)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "site", "assets")
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"

ASSETS = []  # (path, w, h, alt, builder)


def A(p, w, h, alt, fn):
    ASSETS.append((p, w, h, alt, fn))


# ================================================================ brand
def mark(x, y, s, text_col, node=ACC):
    """The Nexa mark: a small network of three teal nodes around one hub."""
    k = s / 20
    P = lambda px, py: (x + px * k, y + py * k)  # noqa: E731
    A_, B_, C_, H_ = P(1.5, 18), P(10, 2), P(18.5, 18), P(10, 12.4)
    w = f' stroke-width="{f(1.9 * k)}" stroke-linecap="round"'
    out = line(*A_, *B_, ACC, w) + line(*B_, *C_, ACC, w) + line(*A_, *C_, ACC, w)
    out += line(*H_, *A_, text_col, w) + line(*H_, *B_, text_col, w) + line(*H_, *C_, text_col, w)
    return out + circ(*B_, 2.7 * k, node) + circ(*A_, 2.3 * k, node) + circ(*C_, 2.3 * k, node) + circ(*H_, 2 * k, text_col)


def wordmark(col, sw=4.2):
    """'nexa' drawn with geometric strokes (no font needed)."""
    t, b = 14.5, 30
    r = (b - t) / 2
    cy = t + r
    # n
    d = f"M40 {b}V{t}M40 {f(cy - 1)}A6.5 6.5 0 0 1 53 {f(cy - 1)}V{b}"
    # e (centre 67)
    ex = 67.5
    d += f"M{f(ex - r)} {f(cy)}H{f(ex + r)}A{f(r)} {f(r)} 0 1 0 {f(ex + r * .7)} {f(cy + r * .7)}"
    # x
    d += f"M81 {t}L93.5 {b}M93.5 {t}L81 {b}"
    # a (centre 107)
    ax = 107.5
    d += f"M{f(ax + r)} {t}V{b}"
    return (path(d, stroke=col, extra=f' stroke-width="{sw}" stroke-linecap="round" stroke-linejoin="round"')
            + circ(ax, cy, r, "none", col, f' stroke-width="{sw}"'))


def logo(text_col):
    def build():
        return svg(140, 40, mark(6, 7, 25, text_col) + wordmark(text_col))
    return build


def favicon():
    return svg(32, 32, rect(0, 0, 32, 32, NAVY, 7) + mark(4, 4.5, 24, WHITE))


A("brand/logo.svg", 140, 40, "Nexa AI logo.", logo(WHITE))
A("brand/logo-dark.svg", 140, 40, "Nexa AI logo.", logo(NAVY))
A("brand/favicon.svg", 32, 32, "Nexa AI icon: a small teal and white node network on navy.", favicon)


# ================================================================ social icons
def icon_linkedin():
    d = ("M4.5 2H19.5A2.5 2.5 0 0 1 22 4.5V19.5A2.5 2.5 0 0 1 19.5 22H4.5A2.5 2.5 0 0 1 2 19.5V4.5A2.5 2.5 0 0 1 4.5 2Z"
         "M5.9 7.4A1.6 1.6 0 1 0 9.1 7.4A1.6 1.6 0 1 0 5.9 7.4Z"
         "M6.1 10H8.9V18H6.1Z"
         "M10.8 10H13.5V11.2C14 10.4 15 9.8 16.3 9.8C18.3 9.8 19 11.1 19 13.3V18H16.2V13.8C16.2 12.8 15.9 12.2 15 12.2"
         "C14 12.2 13.6 12.9 13.6 13.9V18H10.8Z")
    return svg(24, 24, path(d, WHITE, extra=' fill-rule="evenodd"'))


def icon_instagram():
    return svg(24, 24, rect(3, 3, 18, 18, "none", 5.2, WHITE, ' stroke-width="2"')
               + circ(12, 12, 4.2, "none", WHITE, ' stroke-width="2"') + circ(17.3, 6.7, 1.3, WHITE))


def icon_x():
    d = "M3 3H8.6L21 21H15.4Z M5.7 4.3H7.9L18.3 19.7H16.1Z"
    return svg(24, 24, path(d, WHITE, extra=' fill-rule="evenodd"')
               + line(20.4, 3, 13.9, 10.4, WHITE, ' stroke-width="2" stroke-linecap="round"')
               + line(10.2, 13.6, 3.6, 21, WHITE, ' stroke-width="2" stroke-linecap="round"'))


A("icons/linkedin.svg", 24, 24, "LinkedIn", icon_linkedin)
A("icons/instagram.svg", 24, 24, "Instagram", icon_instagram)
A("icons/x.svg", 24, 24, "X (formerly Twitter)", icon_x)


# ================================================================ client logos (muted greys)
G1, G2, G3 = "#4d586a", "#7b8798", "#a9b3c1"


def cm(name):
    """Client marks, drawn in a 40x40 box."""
    s = ' stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"'
    if name == "wheat":
        out = line(20, 38, 20, 8, G2, s)
        for i in range(3):
            y = 12 + i * 8
            out += ell(14, y, 3.6, 6.5, G2, extra=f' transform="rotate(-35 14 {y})"') + ell(26, y, 3.6, 6.5, G2, extra=f' transform="rotate(35 26 {y})"')
        return out + ell(20, 5, 3, 5, G1)
    if name == "sun":
        rays = "".join(line(20 + 12 * math.cos(math.radians(a)), 24 + 12 * math.sin(math.radians(a)),
                            20 + 18 * math.cos(math.radians(a)), 24 + 18 * math.sin(math.radians(a)), G2, s)
                       for a in range(-180, 1, 36))
        return rays + path("M10 24A10 10 0 0 1 30 24Z", G1) + line(4, 30, 36, 30, G1, s) + line(10, 36, 30, 36, G2, s)
    if name == "meridian":
        return (circ(20, 20, 17, "none", G2, s) + path("M20 3C10 12 10 28 20 37", stroke=G3, extra=s)
                + poly(pts(16, 10, 24, 10, 24, 16, 30, 16, 30, 24, 24, 24, 24, 30, 16, 30, 16, 24, 10, 24, 10, 16, 16, 16), G1))
    if name == "atlas":
        return (circ(20, 20, 16, G3) + ell(20, 20, 7, 16, "none", WHITE, ' stroke-width="2"') + line(4, 20, 36, 20, WHITE, ' stroke-width="2"')
                + path("M2 30Q20 40 38 14", stroke=G1, extra=s) + poly(pts(38, 8, 39, 18, 31, 14), G1))
    if name == "quill":
        return (path("M34 4C18 6 8 18 8 34C14 26 20 22 28 20C24 18 22 16 22 16C28 14 32 10 34 4Z", G2)
                + line(8, 34, 22, 18, G1, s) + line(6, 37, 20, 37, G1, s))
    if name == "smile":
        return rect(3, 3, 34, 34, G1, 10) + path("M12 22A8 8 0 0 0 28 22", stroke=WHITE, extra=s) + circ(14, 14, 2.2, WHITE) + circ(26, 14, 2.2, WHITE)
    if name == "chevrons":
        return pl(pts(6, 8, 18, 20, 6, 32), G3, s.replace("3.2", "5")) + pl(pts(18, 8, 30, 20, 18, 32), G1, s.replace("3.2", "5"))
    if name == "kestrel":
        return poly(pts(2, 22, 22, 10, 38, 4, 28, 16, 38, 24, 24, 22, 14, 32), G1) + circ(30, 12, 1.6, WHITE)
    if name == "apple":
        return (path("M20 12C12 6 4 12 4 22C4 32 12 38 20 34C28 38 36 32 36 22C36 12 28 6 20 12Z", G2)
                + path("M20 12C20 8 22 4 26 2", stroke=G1, extra=s) + path("M22 8C26 4 32 6 32 6C30 10 26 11 22 8Z", G1))
    if name == "waves":
        w = ""
        for i, c in enumerate((G1, G2, G3)):
            y = 12 + i * 9
            w += path(f"M3 {y}Q9.5 {y - 6} 16 {y}T29 {y}T38 {y - 2}", stroke=c, extra=s)
        return w
    if name == "summit":
        return poly(pts(2, 36, 16, 10, 30, 36), G2) + poly(pts(14, 36, 27, 4, 40, 36), G1) + poly(pts(27, 4, 32, 14, 27, 12, 22, 14), WHITE)
    if name == "leaf":
        return path("M6 34C6 14 18 4 36 4C36 22 26 34 6 34Z", G2) + path("M6 34C14 24 22 16 30 10", stroke=WHITE, extra=s)
    if name == "prism":
        return (poly(pts(14, 4, 26, 20, 14, 36, 2, 20), G1) + line(26, 20, 38, 10, G3, s) + line(26, 20, 38, 20, G2, s)
                + line(26, 20, 38, 30, G3, s))
    if name == "hex":
        h = pts(20, 2, 36, 11, 36, 29, 20, 38, 4, 29, 4, 11)
        return poly(h, G2) + poly(pts(20, 2, 36, 11, 20, 20, 4, 11), G3) + poly(pts(20, 20, 36, 11, 36, 29, 20, 38), G1)
    if name == "fin":
        return path("M6 30C12 14 22 4 34 2C28 10 28 20 34 30Z", G1) + path("M2 36Q11 30 20 36T38 36", stroke=G2, extra=s)
    if name == "compass":
        return poly(star_pts(20, 20, 19, 5, 4), G1) + poly(star_pts(20, 20, 12, 3.5, 4, -45), G3) + circ(20, 20, 3, WHITE)
    if name == "crescent":
        return path("M30 6A16 16 0 1 0 30 34A12 12 0 1 1 30 6Z", G1) + rect(26, 18, 12, 3, G2, 1) + rect(26, 24, 12, 3, G2, 1)
    raise KeyError(name)


def client(name, sub, markname, style):
    """Wordmarks are sized for the widest likely fallback font (DejaVu Sans Bold), so they fit anywhere."""
    def T(x, y, size, col, txt, spacing=0):
        ls = f' letter-spacing="{spacing}"' if spacing else ""
        return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-weight="700" font-size="{f(size)}" fill="{col}"{ls}>'
                f'{txt}</text>')

    def fit(txt, base, em, spacing=0, room=100):
        n = len(txt.replace("&amp;", "&"))
        return min(base, (room - n * spacing) / (n * em))

    def build():
        W, H = 160, 60
        m = g(cm(markname), "translate(6 10)")
        if style == "two":      # Name over a small spaced descriptor
            txt = T(52, 30, fit(name, 17, .66), G1, name) + T(52.5, 44, fit(sub, 8.5, .74, 2), G2, sub.upper(), 2)
        elif style == "caps2":  # NAME in capitals over a mixed-case descriptor
            txt = T(52, 30, fit(name, 15, .78, 1), G1, name.upper(), 1) + T(52.5, 45, fit(sub, 11, .66), G2, sub)
        else:                   # "stack": two equal lines
            txt = T(52, 28, fit(name, 15, .66), G1, name) + T(52, 45, fit(sub, 15, .66), G1, sub)
        return svg(W, H, m + txt)
    return build


CLIENTS = [
    ("Northwind", "Grain", "wheat", "two", "Northwind Grain"),
    ("Helios", "Grid", "sun", "caps2", "Helios Grid"),
    ("Meridian", "Health", "meridian", "two", "Meridian Health"),
    ("Atlas", "Freight", "atlas", "caps2", "Atlas Freight"),
    ("Quill &", "Ledger", "quill", "stack", "Quill & Ledger"),
    ("Solace", "Retail", "smile", "two", "Solace Retail"),
    ("Vantage", "Mobility", "chevrons", "two", "Vantage Mobility"),
    ("Kestrel", "Labs", "kestrel", "caps2", "Kestrel Labs"),
    ("Orchard", "Schools", "apple", "two", "Orchard Schools"),
    ("Tidewater", "Ports", "waves", "two", "Tidewater Ports"),
    ("Summit", "Realty", "summit", "stack", "Summit Realty"),
    ("Copperleaf", "Energy", "leaf", "two", "Copperleaf Energy"),
    ("Lumen", "Media", "prism", "caps2", "Lumen Media"),
    ("Granite", "Public Works", "hex", "two", "Granite Public Works"),
    ("Bluefin", "Logistics", "fin", "two", "Bluefin Logistics"),
    ("Pioneer", "Agritech", "compass", "two", "Pioneer Agritech"),
    ("Crescent", "Bank", "crescent", "stack", "Crescent Bank"),
]
for i, (n, sub, mk, st, full) in enumerate(CLIENTS, 1):
    A(f"clients/client-{i:02d}.svg", 160, 60, f"{full} logo (fictional client).",
      client(n.replace("&", "&amp;"), sub, mk, st))


# ================================================================ home slides
def slide_ships():
    W, H = 1200, 600
    R = rng("slide-1")
    out = rect(0, 0, W, H, "url(#b)") + constellation(W, H, R, 18, 0, 1, 0, 1, 190)
    out += circ(900, 300, 250, NAVY2, extra=' opacity=".6"')
    # left: model network
    out += rect(110, 170, 260, 260, NAVY2, 40, "#2a5385", f' stroke-width="{SW}"')
    out += place("network", 150, 210, 180, DARK)
    # pipeline
    y = 300
    for i in range(3):
        x = 400 + i * 70
        out += circ(x, y, 16, NAVY3, ACC if i == 2 else "#2d5a90", f' stroke-width="{SW}"')
    out += line(370, y, 620, y, ACC, f' stroke-width="{SW}" stroke-dasharray="2 14" stroke-linecap="round"')
    out += pl(pts(600, y - 14, 616, y, 600, y + 14), ACC, f' stroke-width="{SW}" stroke-linecap="round" stroke-linejoin="round"')
    # deployed app
    out += circ(850, 300, 210, "url(#gl)")
    out += place("browser", 660, 170, 300, DARK)
    out += circ(925, 200, 34, ACC) + pl(pts(910, 201, 921, 212, 941, 190), NAVY, f' stroke-width="{SW * 1.3}" stroke-linecap="round" stroke-linejoin="round"')
    # rocket lifting off
    out += path("M1010 520Q1060 420 1045 300", stroke=ACC2, extra=f' stroke-width="{SW}" stroke-dasharray="2 14" stroke-linecap="round" opacity=".8"')
    out += g(place("rocket", -70, -70, 140, DARK), "translate(1050 210) rotate(12)")
    for x, y2, r in ((1120, 110, 10), (620, 120, 8), (180, 520, 9), (1000, 540, 7)):
        out += sparkle(x, y2, r, ACC2)
    return svg(W, H, out, dark_defs(W, H))


def slide_learn():
    W, H = 1200, 600
    R = rng("slide-2")
    out = rect(0, 0, W, H, "url(#b)") + constellation(W, H, R, 16, 0, 1, 0, .45, 200)
    steps = [(110, 480, "book"), (430, 390, "laptop"), (750, 300, "briefcase")]
    out += poly(pts(110, 540, 110, 480, 430, 480, 430, 390, 750, 390, 750, 300, 1090, 300, 1090, 540), NAVY3)
    out += pl(pts(110, 480, 430, 480, 430, 390, 750, 390, 750, 300, 1090, 300), "#2d5a90", f' stroke-width="{SW}" stroke-linejoin="round"')
    out += line(60, 540, 1140, 540, "#2d5a90", f' stroke-width="{SW}" stroke-linecap="round"')
    tops = []
    for i, (x, top, m) in enumerate(steps):
        cx, ty = x + 150, top - 24 - 170
        out += circ(cx, ty + 85, 120, "url(#gl)")
        out += rect(cx - 85, ty, 170, 170, NAVY2, 34, "#2a5385", f' stroke-width="{SW}"')
        out += place(m, cx - 57, ty + 28, 114, DARK)
        out += circ(cx, top + 30, 12, ACC if i == 2 else ACC2)
        tops.append((cx, ty))
    for (x1, y1), (x2, y2) in zip(tops, tops[1:]):
        out += path(f"M{x1 + 40} {y1 - 16}Q{(x1 + x2) / 2} {y2 - 110} {x2 - 40} {y2 - 16}", stroke=ACC,
                    extra=f' stroke-width="{SW}" stroke-dasharray="2 14" stroke-linecap="round" opacity=".7"')
    cx, ty = tops[2]
    out += circ(cx + 80, ty + 4, 26, ACC) + pl(pts(cx + 68, ty + 5, cx + 77, ty + 14, cx + 93, ty - 4), NAVY,
                                                f' stroke-width="{SW * 1.2}" stroke-linecap="round" stroke-linejoin="round"')
    out += line(1050, 300, 1050, 150, WHITE, f' stroke-width="{SW}" stroke-linecap="round"') + poly(pts(1050, 150, 1110, 168, 1050, 186), ACC)
    for x, y2, r in ((120, 110, 10), (560, 70, 8), (1140, 420, 9)):
        out += sparkle(x, y2, r, ACC2)
    return svg(W, H, out, dark_defs(W, H))


A("home/slide-1.svg", 1200, 600, "A trained model network flows through a delivery pipeline into a live app while a rocket lifts off.", slide_ships)
A("home/slide-2.svg", 1200, 600, "Three rising steps marked by a book, a laptop and a briefcase lead to a finish flag.", slide_learn)


# ================================================================ helpers for registry entries
def S(*a, **k):
    return lambda p, w, h: card_stage(w, h, *a, seed=p, **k)


def O(*a, **k):
    return lambda p, w, h: card_orbit(w, h, *a, seed=p, **k)


def Fl(*a, **k):
    return lambda p, w, h: card_flow(w, h, *a, seed=p, **k)


def D(*a, **k):
    return lambda p, w, h: card_dashboard(w, h, *a, seed=p, **k)


def Sc(*a, **k):
    return lambda p, w, h: card_scene(w, h, *a, seed=p, **k)


def Hh(*a, **k):
    return lambda p, w, h: hero(w, h, *a, seed=p, **k)


def add(p, w, h, alt, lam):
    A(p, w, h, alt, lambda: lam(p, w, h))


# ================================================================ agriculture (bespoke scenes)
def agri_field(W, H, seed, mode="main"):
    """Farm scenes. mode: main, crop, precision, irrigation, livestock."""
    u = H / 500
    st = f' stroke-width="{SW}" stroke-linecap="round"'
    out = rect(0, 0, W, H, BG)
    if mode != "livestock":
        out += circ(W * .88, H * .16, 40 * u, ACCP) + circ(W * .88, H * .16, 24 * u, ACC2)
    out += dots(W * .05, H * .08, 4, 3, 16 * u, 2.6 * u, MIST)
    hz = H * .56
    out += path(f"M0 {f(hz)}Q{f(W * .3)} {f(hz - 40 * u)} {f(W * .6)} {f(hz - 8 * u)}T{f(W)} {f(hz - 20 * u)}V{f(H)}H0Z", PALE)
    if mode == "livestock":
        # pasture with a fence; the cow's smart ear tag reports its heartbeat
        out += path(f"M0 {f(H * .74)}Q{f(W * .5)} {f(H * .66)} {f(W)} {f(H * .76)}V{f(H)}H0Z", "#d9eef3")
        fy = H * .6
        for i in range(9):
            x = W * (.04 + i * .12)
            out += line(x, fy - 34 * u, x, fy + 14 * u, MIST, f' stroke-width="{SW * 1.5}" stroke-linecap="round"')
        out += line(0, fy - 22 * u, W, fy - 22 * u, MIST, st) + line(0, fy - 2 * u, W, fy - 2 * u, MIST, st)
        cs = 300 * u
        cx0, cy0 = W * .1, H * .86 - cs * .88
        out += ell(cx0 + cs * .46, H * .86, cs * .34, 9 * u, SHADOW)
        out += place("cow", cx0, cy0, cs, LIGHT)
        tx, ty = cx0 + cs * .86, cy0 + cs * .3
        for r, op in ((26, 1), (46, .6)):
            out += path(f"M{f(tx + r * u * math.cos(-1.3))} {f(ty + r * u * math.sin(-1.3))}A{f(r * u)} {f(r * u)} 0 0 1 "
                        f"{f(tx + r * u * math.cos(-.25))} {f(ty + r * u * math.sin(-.25))}", stroke=ACC, extra=st + f' opacity="{op}"')
        out += dash(curve(tx + 54 * u, ty - 44 * u, W * .72, H * .26, -.2), ACC)
        out += tile(W * .72, H * .1, 110 * u, "heart")
        for x in (.66, .8, .9):
            out += place("sprout", W * x, H * .78, 44 * u, LIGHT)
        return svg(W, H, out)
    # crop rows converging on the horizon
    vx = W * .5
    for i in range(-7, 8):
        out += line(vx + i * W * .035, hz + 8 * u, vx + i * W * .16, H, "#cbe7ee" if i % 2 else "#b8dde6",
                    f' stroke-width="{f(SW * (1.2 + abs(i) * .5))}" stroke-linecap="round"')
    defs = ""
    for k, (y, sz) in enumerate(((H * .68, 34), (H * .82, 50))):
        defs += f'<g id="s{k}">' + place("sprout", 0, 0, sz * u, LIGHT) + "</g>"
        for i in range(-4, 5):
            x = vx + i * W * .16 * ((y - hz) / (H - hz))
            if 0 < x < W:
                out += f'<use href="#s{k}" x="{f(x - sz * u / 2)}" y="{f(y - sz * u * .9)}"/>'
    if mode in ("main", "crop"):
        dx = W * (.4 if mode == "main" else .5)
        ds = (150 if mode == "main" else 190) * u
        dy = H * .1
        cone_top = dy + ds * .6
        out += path(f"M{f(dx - 14 * u)} {f(cone_top)}L{f(dx - 130 * u)} {f(H * .8)}H{f(dx + 130 * u)}L{f(dx + 14 * u)} {f(cone_top)}Z", ACC, extra=' opacity=".13"')
        out += line(dx - 130 * u, H * .8, dx + 130 * u, H * .8, ACC, st + ' stroke-dasharray="2 12"')
        out += place("drone", dx - ds / 2, dy, ds, LIGHT).replace(' opacity=".18"', ' opacity="0"')
    if mode == "main":
        out += place("sensor", W * .74, H * .44, 110 * u, LIGHT)
        out += tile(W * .06, H * .22, 100 * u, "bars")
    if mode == "precision":
        # GPS-guided passes across the field
        out += path(f"M{f(W * .08)} {f(H * .95)}C{f(W * .3)} {f(H * .7)} {f(W * .4)} {f(H * .78)} {f(W * .52)} {f(H * .74)}", stroke=ACC, extra=st + ' stroke-dasharray="2 12"')
        ts = 230 * u
        tx, ty = W * .46, H * .93 - ts
        out += ell(tx + ts * .5, H * .93, ts * .46, 9 * u, SHADOW)
        out += place("tractor", tx, ty, ts, LIGHT)
        out += place("pin", tx + ts * .28, H * .04, 80 * u, LIGHT)
        out += dash(f"M{f(tx + ts * .28 + 40 * u)} {f(H * .04 + 84 * u)}V{f(ty + ts * .36)}", ACC)
        out += tile(W * .06, H * .2, 100 * u, "linechart")
    if mode == "irrigation":
        py = H * .6
        out += line(0, py, W, py, SLATE, f' stroke-width="{SW * 2}" stroke-linecap="round"')
        for x in (.2, .5, .8):
            X = W * x
            out += line(X, py, X, py - 50 * u, SLATE, f' stroke-width="{SW * 1.5}" stroke-linecap="round"') + circ(X, py - 54 * u, 9 * u, ACC)
            for sgn in (-1, 1):
                out += path(f"M{f(X)} {f(py - 60 * u)}Q{f(X + sgn * 60 * u)} {f(py - 170 * u)} {f(X + sgn * 110 * u)} {f(py - 30 * u)}", stroke=ACC,
                            extra=st + ' stroke-dasharray="2 11" opacity=".8"')
            out += place("drop", X - 16 * u, py - 196 * u, 32 * u, LIGHT)
        out += tile(W * .04, H * .06, 90 * u, "sensor")
    return svg(W, H, out, defs)


def Ag(mode="main"):
    return lambda p, w, h: agri_field(w, h, seed=p, mode=mode)


# ================================================================ leaders (geometric avatars)
def leader(bg, ring, skin, hair, style, top, jacket, extras=()):
    def build():
        W = 400
        out = f'<clipPath id="c"><rect width="{W}" height="{W}" rx="0"/></clipPath>'
        body = rect(0, 0, W, W, bg)
        body += circ(200, 210, 170, ring) + circ(330, 80, 26, WHITE, extra=' opacity=".6"') + dots(40, 40, 4, 3, 16, 3, WHITE)
        # hair behind the head
        if style == "long":
            body += path("M112 180C112 100 150 70 200 70C250 70 288 100 288 180V300H112Z", hair)
        if style == "hijab":
            body += path("M104 190C104 100 146 62 200 62C254 62 296 100 296 190C296 250 280 300 260 330H140C120 300 104 250 104 190Z", hair)
        # shoulders
        body += path("M60 400C60 320 120 282 200 282C280 282 340 320 340 400Z", jacket)
        body += path("M160 288L200 360L240 288C228 284 214 282 200 282C186 282 172 284 160 288Z", top)
        if style == "hijab":
            body += path("M140 300C160 330 240 330 260 300C250 280 150 280 140 300Z", hair)
        else:
            body += rect(176, 230, 48, 62, skin, 18)
        # head
        body += ell(200, 175, 68, 80, skin)
        if style == "short":
            body += path("M132 170C128 112 160 88 200 88C242 88 272 110 268 170C262 140 246 124 222 120C200 134 160 138 132 170Z", hair)
        if style == "curly":
            for a in range(-170, 1, 20):
                x = 200 + 66 * math.cos(math.radians(a))
                y = 160 + 66 * math.sin(math.radians(a)) * .95
                body += circ(x, y, 22, hair)
        if style == "long":
            body += path("M132 165C140 112 166 92 204 92C236 92 262 112 268 160C240 150 214 132 200 110C188 136 162 156 132 165Z", hair)
        if style == "hijab":
            body += path("M132 160C132 110 160 86 200 86C240 86 268 110 268 160C250 124 226 112 200 112C174 112 150 124 132 160Z", hair)
        # face
        body += circ(176, 182, 6, NAVY) + circ(224, 182, 6, NAVY)
        body += path("M178 216Q200 234 222 216", stroke=NAVY, extra=f' stroke-width="{SW + 1}" stroke-linecap="round"')
        body += ell(160, 204, 11, 6, "#e58f7a", extra=' opacity=".35"') + ell(240, 204, 11, 6, "#e58f7a", extra=' opacity=".35"')
        if "glasses" in extras:
            body += (circ(176, 182, 20, "none", NAVY, f' stroke-width="{SW}"') + circ(224, 182, 20, "none", NAVY, f' stroke-width="{SW}"')
                     + line(196, 182, 204, 182, NAVY, f' stroke-width="{SW}"'))
        if "beard" in extras:
            body += path("M134 190C136 240 166 256 200 256C234 256 264 240 266 190C258 214 240 206 226 206H174C160 206 142 214 134 190Z", hair)
            body += path("M184 220Q200 230 216 220", stroke=skin, extra=f' stroke-width="{SW + 1}" stroke-linecap="round"')
        if "earrings" in extras:
            body += circ(132, 210, 7, ACC) + circ(268, 210, 7, ACC)
        if "badge" in extras:
            body += circ(284, 350, 12, ACC)
        return svg(W, W, g(body, extra=' clip-path="url(#c)"'), out)
    return build


A("about/leader-1.svg", 400, 400, "Illustrated portrait of a smiling woman with long dark hair and a navy blazer.",
  leader(ACCP, "#b6ecf3", "#a86b4c", "#2a1d1a", "long", ACC, NAVY, ("earrings",)))
A("about/leader-2.svg", 400, 400, "Illustrated portrait of a smiling man with short brown hair and round glasses.",
  leader(PALE, "#cddbeb", "#f0cdb0", "#6b4a2f", "short", WHITE, "#3f6496", ("glasses", "badge")))
A("about/leader-3.svg", 400, 400, "Illustrated portrait of a smiling woman wearing a teal headscarf and a navy jacket.",
  leader("#eaf0f7", "#d3deeb", "#d9a47e", "#0f7f8d", "hijab", WHITE, NAVY, ()))
A("about/leader-4.svg", 400, 400, "Illustrated portrait of a smiling man with curly black hair and a beard.",
  leader("#dff5f8", "#bfe9ef", "#6e4530", "#1d1412", "curly", ACC2, NAVY3, ("beard",)))


# ================================================================ about
add("about/purpose.svg", 800, 500, "A flag planted on a mountain summit with a compass, a light bulb and a target nearby.",
    S("mountainflag", ["compass", "bulb", "target"]))
add("about/people.svg", 800, 500, "A group of colleagues at the centre with conversation, learning, ideas and recognition around them.",
    O("people", ["chat", "gradcap", "bulb", "star"]))
add("about/values.svg", 800, 500, "Two overlapping circles for partnership surrounded by a shield, a star, a light bulb and a team.",
    S("handshake", ["shield", "star", "bulb", "people"], side="center"))
add("about/locations.svg", 800, 500, "A folded map with a dotted route beside a globe, a location pin and an office building.",
    S("map", ["globe", "pin", "building"], side="right"))


# ================================================================ careers
def careers_banner(p, W=1600, H=700):
    R = rng(p)
    out = rect(0, 0, W, H, "url(#b)") + constellation(W, H, R, 24, .45, 1, 0, 1, 200)
    out += circ(1180, 360, 420, NAVY2, extra=' opacity=".55"')
    # winding career path from bottom left of the right half up to a flag
    d = "M760 660C860 560 980 600 1040 500S1000 330 1140 300S1330 260 1380 150"
    out += path(d, stroke=NAVY3, extra=f' stroke-width="{SW * 9}" stroke-linecap="round"')
    out += path(d, stroke=ACC, extra=f' stroke-width="{SW}" stroke-dasharray="2 16" stroke-linecap="round"')
    stops = [(900, 560, "doc"), (1040, 470, "chat2"), (1150, 300, "laptop"), (1300, 230, "briefcase")]
    for i, (x, y, m) in enumerate(stops):
        out += circ(x, y, 90, "url(#gl)") + circ(x, y, 62, NAVY2, "#2a5385", f' stroke-width="{SW}"')
        out += place(m, x - 40, y - 40, 80, DARK)
    out += line(1380, 150, 1380, 60, WHITE, f' stroke-width="{SW}" stroke-linecap="round"') + poly(pts(1380, 60, 1436, 78, 1380, 96), ACC)
    out += place("people", 1420, 500, 150, DARK)
    for i in range(5):
        out += sparkle(R.uniform(820, 1560), R.uniform(60, 640), R.uniform(6, 11), ACC2 if i % 2 else ACC)
    out += dots(80, 560, 6, 3, 18, 2.4, "#1d406e")
    return svg(W, H, out, dark_defs(W, H))


def hero_motif(seed, W, H):
    """Transparent network motif for banners without a picture: the Hero block draws it on their
    right half (CSS background), so a text-only banner has no empty side."""
    R = rng(seed)
    cx, cy = W * .62, H * .5
    out = circ(cx, cy, H * .46, "none", "#1d406e", f' stroke-width="{SW}"')
    out += circ(cx, cy, H * .3, "none", "#24497a", f' stroke-width="{SW}" stroke-dasharray="60 26" stroke-linecap="round"')
    out += constellation(W, H, R, 26, .05, 1, .04, .96, 170)
    out += circ(cx, cy, H * .1, "#1b3d69") + circ(cx, cy, H * .1, "none", ACC, f' stroke-width="{SW}" opacity=".7"')
    # The rings' subject: the Nexa mark in the centre disc, so no banner shows an empty ring.
    size = H * .12
    out += mark(cx - size / 2, cy - size / 2, size, WHITE)
    out += dots(W * .1, H * .8, 5, 3, 18, 2.4, "#1d406e")
    for i in range(4):
        out += sparkle(R.uniform(W * .2, W * .95), R.uniform(H * .08, H * .92), R.uniform(5, 9), ACC2 if i % 2 else ACC)
    return svg(W, H, out)


add("brand/hero-motif.svg", 800, 600, "A network of nodes around two rings with the Nexa mark at their centre, drawn faintly behind a banner's right side.", hero_motif)
add("careers/banner.svg", 1600, 700, "A winding career path climbs past a CV, an interview, a laptop and a briefcase to a flag.", careers_banner)
add("careers/job-search.svg", 600, 400, "A magnifying glass searching among a briefcase, a CV and a location pin.",
    S("magnifier", ["briefcase", "doc", "pin"]))
add("careers/careers-in-nexa.svg", 600, 400, "A team at the centre with a rocket, rising steps, a light bulb and a star around it.",
    S("people", ["rocket", "stairs", "bulb", "star"], side="center"))
add("careers/how-to-join-us.svg", 600, 400, "Three steps joined by arrows: send a CV, talk in an interview, receive a job offer.",
    Fl(["doc", "chat2", "briefcase"]))
add("careers/internships.svg", 600, 400, "A laptop orbited by a graduation cap, a clock and a code window.",
    O("laptop", ["gradcap", "clock", "code"]))


# ================================================================ industries
add("industries/banner.svg", 1600, 600, "A globe linked to a factory, a heart, a wind turbine and a delivery truck on a navy background.",
    Hh("globe", ["factory", "heart", "turbine", "truck"]))
# The generic card of a new industry page (npm run new -- industry): industry cards are 800 × 500.
add("industries/card.svg", 800, 500, "A globe orbited by a factory, a heart, a wind turbine and a delivery truck.",
    O("globe", ["factory", "heart", "turbine", "truck"]))

IND = {
    "advanced-manufacturing": (
        "A factory with a robot arm and a conveyor of parts, with a gear overhead.",
        Sc([("factory", .24, 290), ("robotarm", .58, 210), ("conveyor", .85, 160)], [("gear", .62, .2, 100)]),
        "A robot arm linked to a gear, a factory and a chart on a navy background.",
        Hh("robotarm", ["gear", "factory", "bars"])),
    "consumer": (
        "A shopping bag surrounded by a shopping cart, a rating star and a mobile phone.",
        S("bag", ["cart", "star", "phone"]),
        "A shopping cart linked to a shopping bag, a star and a megaphone on a navy background.",
        Hh("cart", ["bag", "star", "megaphone"])),
    "energy-resources": (
        "Wind turbines and a solar panel stand on a hillside under the sun, with a lightning bolt above.",
        Sc([("turbine", .17, 300), ("turbine", .35, 220), ("solar", .64, 220)], [("bolt", .5, .2, 90)]),
        "A wind turbine linked to a solar panel, a lightning bolt and a rising chart on a navy background.",
        Hh("turbine", ["solar", "bolt", "linechart"])),
    "government-public": (
        "A civic building with columns surrounded by a shield, a document, citizens and a location pin.",
        S("capitol", ["shield", "doc", "people", "pin"], side="center"),
        "A civic building linked to a shield, a document and citizens on a navy background.",
        Hh("capitol", ["shield", "doc", "people"])),
    "health": (
        "A heart with a heartbeat line beside a medical cross, a capsule and a patient checklist.",
        S("heart", ["cross", "pill", "clipboard"]),
        "A heart with a heartbeat line linked to a medical cross, a capsule and a checklist on a navy background.",
        Hh("heart", ["cross", "pill", "clipboard"])),
    "technology-media": (
        "A screen with a play button orbited by a chip, a cloud, a picture, a sound wave and a phone.",
        O("screen", ["chip", "cloud", "image", "wave", "phone"]),
        "A media screen linked to a chip, a cloud and a sound wave on a navy background.",
        Hh("screen", ["chip", "cloud", "wave"])),
    "education": (
        "A graduation cap beside an open book, a light bulb and a laptop.",
        S("gradcap", ["book", "bulb", "laptop"], side="right"),
        "A graduation cap linked to an open book, a light bulb and a laptop on a navy background.",
        Hh("gradcap", ["book", "bulb", "laptop"])),
    "transportation": (
        "A delivery truck and a train on the ground with a plane and a route pin in the sky.",
        Sc([("truck", .3, 260), ("train", .67, 220)], [("plane", .82, .24, 130), ("pin", .5, .2, 80)], sun=False),
        "A delivery truck linked to a plane, a cargo ship and a location pin on a navy background.",
        Hh("truck", ["plane", "ship", "pin"])),
    "agriculture": (
        "A drone scans rows of crops while a field sensor and a yield chart watch the farm.",
        Ag(),
        "A tractor linked to a drone, a water drop and an ear of wheat on a navy background.",
        Hh("tractor", ["drone", "drop", "wheat"])),
    "real-estate": (
        "A house, an office tower and a tree on a hillside with a key floating above.",
        Sc([("house", .25, 250), ("building", .55, 310), ("tree", .8, 170)], [("key", .84, .26, 100)], sun=False),
        "A house linked to an office tower, a key and a virtual reality headset on a navy background.",
        Hh("house", ["building", "key", "vr"])),
}
for iid, (alt, b, halt, hb) in IND.items():
    add(f"industries/{iid}.svg", 800, 500, alt, b)
    add(f"industries/{iid}-hero.svg", 1600, 600, halt, hb)

AGRI = {
    "precision-farming": ("A tractor follows a GPS-guided path across a field under a location pin.", Ag("precision")),
    "crop-monitoring": ("A drone scans rows of young crops from above.", Ag("crop")),
    "smart-irrigation": ("Sprinklers on a pipe spray measured arcs of water over rows of crops, watched by a soil sensor.", Ag("irrigation")),
    "livestock-monitoring": ("A cow in a fenced pasture wears a smart ear tag that sends its heartbeat to a health tile.", Ag("livestock")),
    "supply-chain": ("Harvested grain moves to packed boxes and then onto a delivery truck.", Fl(["wheat", "boxes", "truck"])),
    "yield-prediction": ("An ear of wheat in front of a dashboard with a rising harvest forecast chart.", D("wheat", chart="line")),
}
for k, (alt, b) in AGRI.items():
    add(f"industries/agriculture/{k}.svg", 400, 300, alt, b)

RE = {
    "valuation": ("A house with a price trend chart and a stack of coins.", S("house", ["linechart", "coins"])),
    "virtual-tours": ("A virtual reality headset showing a house and a room picture.", S("vr", ["house", "image"], side="right")),
    "smart-buildings": ("An office tower beside a connected sensor, with a lightning bolt for energy use.",
                        Sc([("building", .36, 330), ("sensor", .76, 170)], [("bolt", .84, .2, 70)], sun=False)),
}
for k, (alt, b) in RE.items():
    add(f"industries/real-estate/{k}.svg", 400, 300, alt, b)


# ================================================================ insights
add("insights/hero.svg", 1600, 600, "A light bulb linked to a rising chart, a neural network and a shield on a navy background.",
    Hh("bulb", ["linechart", "network", "shield"]))
add("insights/ai.svg", 800, 500, "A brain made of circuits orbited by a neural network, a chat bubble, a sparkle and a chip.",
    O("brain", ["network", "chat", "sparkle", "chip"]))
add("insights/risk.svg", 800, 500, "A shield with a tick beside a risk gauge, a padlock and a bar chart.",
    S("shield", ["gauge", "lock", "bars"]))
add("insights/technology.svg", 800, 500, "A processor chip surrounded by a cloud, a code window, a server and a phone.",
    S("chip", ["cloud", "code", "server", "phone"], side="center"))
add("insights/transformation.svg", 800, 500, "A process turning a paper document, through a gear, into a rocket.",
    Fl(["doc", "gear", "rocket"]))


# ================================================================ services
add("services/hero.svg", 1600, 600, "A gear linked to a team, a cloud, a target and a code window on a navy background.",
    Hh("gear", ["people", "cloud", "target", "code"]))
add("services/consulting.svg", 800, 500, "A target with an arrow in the centre beside a team, a conversation and a bar chart.",
    S("target", ["people", "chat2", "bars"]))
add("services/technology.svg", 800, 500, "A code window orbited by a cloud, a database, a server and a phone.",
    O("code", ["cloud", "database", "server", "phone"]))
add("services/managed-services.svg", 800, 500, "A server rack in front of a monitoring dashboard with an uptime chart, a clock and a gear.",
    D("server", chart="line", side_tiles=("clock", "gear")))
add("services/people-and-workforce.svg", 800, 500, "A team beside a graduation cap, rising steps and a briefcase.",
    S("people", ["gradcap", "stairs", "briefcase"], side="right"))


# ================================================================ products
add("products/hero.svg", 1600, 600, "A friendly robot linked to a neural network, a code window, a shield and a chat bubble on a navy background.",
    Hh("bot", ["network", "code", "shield", "chat"]))
PROD = {
    "multiagent": ("A neural network hub with several robot agents working around it.", O("network", ["bot", "bot", "bot", "chat"])),
    "campaignagent": ("A megaphone beside a robot agent, a target and a bar chart.", S("megaphone", ["bot", "target", "bars"])),
    "finsecureagent": ("A shield beside a stack of coins, a robot agent and a padlock.", S("shield", ["coins", "bot", "lock"], side="right")),
    "operationalagent": ("A robot agent in front of an operations dashboard with a checklist and a gear.",
                         D("bot", chart="bars", side_tiles=("clipboard", "gear"))),
    "autodocquery": ("A magnifying glass searching a document, with a chat answer and a database nearby.", S("magnifier", ["doc", "chat", "database"], side="right")),
    "codesimplify": ("A code window beside stacked layers, a tick and a sparkle.", S("code", ["layers", "check", "sparkle"])),
    "instacoder": ("A laptop surrounded by a code window, a lightning bolt, a rocket and a sparkle.",
                   S("laptop", ["code", "bolt", "rocket", "sparkle"], side="center")),
    "transcoder": ("One code window converted into another through swap arrows.", Fl(["code", "swap", "browser"])),
    "textifyai": ("An eye reading a picture and turning it into a text document.", O("eye", ["image", "doc", "pencil"])),
    "text2vision": ("A text document turned by a sparkle of AI into a picture.", Fl(["doc", "sparkle", "image"])),
    "summarizerpro": ("Long documents pass through a funnel and come out as a short checklist.", Fl(["doc", "funnel", "clipboard"])),
}
for k, (alt, b) in PROD.items():
    add(f"products/{k}.svg", 800, 500, alt, b)


# ================================================================ case studies
add("case-studies/banner.svg", 1600, 500, "A sparkle of AI linked to a heart, a robot, a gear and a chat bubble on a navy background.",
    Hh("sparkle", ["heart", "bot", "gear", "chat"]))
CS = {
    "healthcare-ai-1": ("A heart with a heartbeat line in front of a patient monitoring dashboard.", D("heart", chart="line", side_tiles=("cross",))),
    "healthcare-ai-2": ("A medical cross orbited by a clinician, a checklist, a capsule and a calendar.", O("cross", ["person", "clipboard", "pill", "calendar"])),
    "generative-ai-1": ("An AI sparkle creating a picture, a conversation and a document.", S("sparkle", ["image", "chat", "doc"])),
    "generative-ai-2": ("A pencil in front of a content dashboard with a pie chart.", D("pencil", chart="pie")),
    "ai-agent-1": ("A robot agent orbited by a gear, a chat bubble, a calendar and an envelope.", O("bot", ["gear", "chat", "calendar", "envelope"])),
    "ai-agent-2": ("A conversation between a customer and a robot agent that ends with a tick.",
                   S("chat2", ["bot", "person", "check", "clock"], side="center")),
    "ai-automation-1": ("A robot arm and a conveyor of parts under a turning gear.",
                        Sc([("robotarm", .3, 260), ("conveyor", .68, 230)], [("gear", .84, .2, 100)], sun=False)),
    "ai-automation-2": ("A gear in front of an automation dashboard with a rising chart, a clock and a tick.",
                        D("gear", chart="line", side_tiles=("check", "clock"))),
}
for k, (alt, b) in CS.items():
    add(f"case-studies/{k}.svg", 800, 500, alt, b)


# ================================================================ courses
add("courses/hero.svg", 1600, 600, "A graduation cap linked to a book, a laptop, a certificate and a trophy on a navy background.",
    Hh("gradcap", ["book", "laptop", "certificate", "trophy"]))
EXPLORE = {
    "internship": ("A briefcase beside a laptop, a graduation cap and a clock.", S("briefcase", ["laptop", "gradcap", "clock"])),
    "exam-preparation": ("An hourglass beside an answer sheet, a pencil and a trophy.", S("hourglass", ["bubblesheet", "pencil", "trophy"], side="right")),
    "interview-preparation": ("A conversation surrounded by a candidate, a tie, a tick and a star.", S("chat2", ["person", "tie", "check", "star"], side="center")),
    "normal-course": ("A certificate orbited by a book, a code window, a database and a cloud.", O("certificate", ["book", "code", "database", "cloud"])),
    "special-course": ("A rocket beside a briefcase, a tick and a star for a guaranteed job.", S("rocket", ["briefcase", "check", "star"])),
}
for k, (alt, b) in EXPLORE.items():
    add(f"courses/explore/{k}.svg", 600, 400, alt, b)
EXAMS = {
    "jeemain": ("A chemistry flask beside an atom, a calculator and a book.", S("flask", ["atom", "calculator", "book"])),
    "gate": ("A gear beside a wrench, a processor chip and a lightning bolt.", S("gear", ["wrench", "chip", "bolt"], side="right")),
    "cat": ("A tie in front of a score dashboard with a bar chart and a briefcase.", D("tie", chart="bars", side_tiles=("briefcase",))),
    "mat": ("A puzzle piece orbited by a pie chart, a light bulb and a calculator.", O("puzzle", ["pie", "bulb", "calculator"])),
    "sat": ("An answer sheet beside a pencil, a stopwatch and a star.", S("bubblesheet", ["pencil", "stopwatch", "star"])),
    "ielts": ("A globe orbited by a chat bubble, headphones, a pencil and a book.", O("globe", ["chat", "headphones", "pencil", "book"])),
    "toefl": ("A microphone beside a book, a plane and a conversation.", S("mic", ["book", "plane", "chat2"], side="right")),
    "pte": ("A laptop surrounded by headphones, a sound wave, a microphone and a clock.", S("laptop", ["headphones", "wave", "mic", "clock"], side="center")),
}
for k, (alt, b) in EXAMS.items():
    add(f"courses/exams/{k}.svg", 600, 400, alt, b)
add("courses/interview/coding-practice-soft-skill.svg", 600, 400, "A code window beside a conversation, a team and a star.",
    S("code", ["chat2", "people", "star"]))
add("courses/interview/coding-practice-mock-test.svg", 600, 400, "Three steps: write code, beat the stopwatch, get a checked score sheet.",
    Fl(["code", "stopwatch", "clipboard"]))
CERT = {
    "data-and-ai": ("A database orbited by a neural network, a bar chart and a brain.", O("database", ["network", "bars", "brain"])),
    "programming-foundations": ("Stacked building blocks beside a code window, a book and a tick.", S("layers", ["code", "book", "check"])),
    "full-stack-development": ("A web app window beside a server, a database and a phone.", S("browser", ["server", "database", "phone"], side="right")),
    "cloud-and-devops": ("An infinity loop orbited by a cloud, a server, a gear and a rocket.", O("infinity", ["cloudup", "server", "gear", "rocket"])),
    "design-and-frontend": ("A paint palette beside a pencil, a web page and a picture.", S("palette", ["pencil", "browser", "image"])),
    "emerging-tech-specialized": ("An atom surrounded by a virtual reality headset, a chip, a drone and a rocket.",
                                  S("atom", ["vr", "chip", "drone", "rocket"], side="center")),
}
for k, (alt, b) in CERT.items():
    add(f"courses/certification/{k}.svg", 600, 400, alt, b)
add("courses/special-course.svg", 600, 400, "A learner at the foot of steps that rise to a flag, with a briefcase and a trophy for a job-guarantee course.",
    Sc([("person", .16, 150), ("stairs", .52, 330)], [("trophy", .86, .26, 100), ("briefcase", .3, .22, 90)], sun=False))
add("courses/internship-long-term.svg", 600, 400, "A calendar beside a rocket, a laptop and a briefcase for a three-month internship.",
    S("calendar", ["rocket", "laptop", "briefcase"], side="right"))
add("courses/internship-short-term.svg", 600, 400, "A stopwatch beside a light bulb, a code window and a tick for a two-week internship.",
    S("stopwatch", ["bulb", "code", "check"]))


# ================================================================ connect background and my-nexa
def connect_bg(p, W=1920, H=1080):
    R = rng(p)
    out = rect(0, 0, W, H, "#f4f7fb")
    out += circ(-60, 1080, 520, "#e9eff7") + circ(1980, -40, 560, "#e9eff7") + circ(1980, -40, 380, "#e2eaf4")
    out += circ(1780, 960, 150, "none", "#d8f2f6", ' stroke-width="24"') + circ(140, 160, 70, "none", "#d8f2f6", ' stroke-width="16"')
    # faint network around the edges only (the middle stays clean for the form card)
    nodes = []
    for _ in range(40):
        while True:
            x, y = R.uniform(0, W), R.uniform(0, H)
            if not (W * .25 < x < W * .75 and H * .12 < y < H * .9):
                break
        nodes.append((round(x), round(y)))
    d = ""
    for i, (ax, ay) in enumerate(nodes):
        for bx, by in nodes[i + 1:]:
            if math.hypot(ax - bx, ay - by) < 230:
                d += f"M{ax} {ay}L{bx} {by}"
    out += f'<path d="{d}" stroke="#dbe4ef" stroke-width="2"/>'
    out += nodes_path([p for i, p in enumerate(nodes) if i % 6 and i % 4], 5, "#d3dde9")
    out += nodes_path([p for i, p in enumerate(nodes) if i % 6 and not i % 4], 7, "#d3dde9")
    out += nodes_path([p for i, p in enumerate(nodes) if not i % 6], 6, "#a6e4ec")
    out += dots(1640, 470, 6, 5, 22, 3, "#d3dde9") + dots(110, 640, 6, 5, 22, 3, "#d3dde9")
    out += sparkle(320, 900, 16, "#bfeaf0") + sparkle(1620, 240, 14, "#bfeaf0")
    return svg(W, H, out)


add("connect/background.svg", 1920, 1080, "", connect_bg)
add("my-nexa/welcome.svg", 800, 500, "A laptop surrounded by a book, a certificate, a light bulb and a conversation for learning, certification, ideathons and blogathons.",
    S("laptop", ["book", "certificate", "bulb", "chat2"], side="center"))


# ================================================================ Open Graph source (rasterised to og/default.png by media.sh)
def og_source():
    W, H = 1200, 630
    R = rng("og")
    out = rect(0, 0, W, H, "url(#b)") + constellation(W, H, R, 20, .5, 1, 0, 1, 190)
    out += circ(880, 315, 260, NAVY2, extra=' opacity=".6"') + circ(880, 315, 200, "url(#gl)")
    out += circ(880, 315, 130, NAVY3) + place("network", 800, 235, 160, DARK)
    for x, y, m in ((1070, 150, "bot"), (1080, 470, "linechart"), (690, 500, "gradcap")):
        out += rect(x - 55, y - 55, 110, 110, NAVY2, 22, "#2a5385", f' stroke-width="{SW}"') + place(m, x - 35, y - 35, 70, DARK)
    out += g(mark(6, 7, 25, WHITE) + wordmark(WHITE), "translate(40 200) scale(3.4)")
    out += rect(90, 380, 120, 8, ACC, 4) + rect(90, 410, 300, 10, "#2a5385", 5) + rect(90, 438, 220, 10, "#2a5385", 5)
    return svg(W, H, out, dark_defs(W, H))


def main():
    if "--og" in sys.argv:
        dest = sys.argv[sys.argv.index("--og") + 1]
        os.makedirs(os.path.dirname(os.path.abspath(dest)), exist_ok=True)
        with open(dest, "w") as fh:
            fh.write(og_source())
        return
    only_list = "--list" in sys.argv
    total = 0
    seen = set()
    for p, w, h, alt, fn in ASSETS:
        assert p not in seen, p
        seen.add(p)
        if only_list:
            print(p)
            continue
        data = fn()
        assert f'width="{w}" height="{h}" viewBox="0 0 {w} {h}"' in data, (p, data[:200])
        full = os.path.join(OUT, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as fh:
            fh.write(data)
        total += len(data)
    if not only_list:
        print(f"{len(ASSETS)} SVG files, {total} bytes")
        minify(MINIFIED)


# Files every page fetches on its first view: svgo (a dev dependency) merges their lines into one path
# per colour and shortens numbers, a third fewer bytes drawing the same pixels.
MINIFIED = ["brand/logo.svg", "brand/logo-dark.svg", "brand/favicon.svg"]


def minify(paths):
    subprocess.run(["npx", "--no-install", "svgo", "--multipass", "--quiet", *(os.path.join(OUT, p) for p in paths)], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
