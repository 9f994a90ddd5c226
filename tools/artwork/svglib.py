"""Tiny SVG toolkit for the Nexa AI site artwork.

Everything is drawn from flat geometric primitives in one palette with one
stroke width, so every illustration on the site looks like part of a set.

Motifs are drawn in a local 100x100 box and placed with `place()`, which scales
them and compensates the stroke width so lines stay the same width (SW px)
whatever size the motif is drawn at.
"""
import math
import random

# ---------------------------------------------------------------- palette
NAVY = "#0b1f3a"      # frame colour
NAVY2 = "#112b4f"     # raised navy surface
NAVY3 = "#1b3d69"     # lighter navy shape
SLATE = "#5b7094"
MIST = "#c9d5e4"
PALE = "#e4ecf5"
BG = "#f5f8fc"        # light card background
WHITE = "#ffffff"
ACC = "#00b3c7"       # the one accent: electric teal
ACC2 = "#7fdbe6"      # accent tint
ACCP = "#d4f3f7"      # accent pale

SW = 4  # the one stroke width, in output pixels

LIGHT = dict(k=NAVY, m="#3f6496", s="#d6e2f0", p=WHITE, a=ACC, a2=ACC2, bg=BG)
DARK = dict(k="#e8f0f8", m="#5f82b3", s="#24497a", p="#15345e", a=ACC, a2="#5fd3e0", bg=NAVY)


def f(v):
    """Format a number compactly."""
    if isinstance(v, str):
        return v
    v = round(v, 1)
    if v == int(v):
        return str(int(v))
    return ("%.1f" % v)


def pts(*xy):
    return " ".join(f"{f(xy[i])},{f(xy[i+1])}" for i in range(0, len(xy), 2))


def rect(x, y, w, h, fill, rx=0, stroke=None, extra=""):
    r = f' rx="{f(rx)}"' if rx else ""
    s = f' stroke="{stroke}"' if stroke else ""
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"{r} fill="{fill}"{s}{extra}/>'


def circ(cx, cy, r, fill, stroke=None, extra=""):
    s = f' stroke="{stroke}"' if stroke else ""
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"{s}{extra}/>'


def ell(cx, cy, rx, ry, fill, stroke=None, extra=""):
    s = f' stroke="{stroke}"' if stroke else ""
    return f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}"{s}{extra}/>'


def path(d, fill="none", stroke=None, extra=""):
    s = f' stroke="{stroke}"' if stroke else ""
    return f'<path d="{d}" fill="{fill}"{s}{extra}/>'


def poly(p, fill, stroke=None, extra=""):
    s = f' stroke="{stroke}"' if stroke else ""
    return f'<polygon points="{p}" fill="{fill}"{s}{extra}/>'


def pl(p, stroke, extra=""):
    return f'<polyline points="{p}" fill="none" stroke="{stroke}"{extra}/>'


def line(x1, y1, x2, y2, stroke, extra=""):
    return f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" stroke="{stroke}"{extra}/>'


def g(content, transform=None, extra=""):
    t = f' transform="{transform}"' if transform else ""
    return f"<g{t}{extra}>{content}</g>"


def svg(w, h, body, defs=""):
    d = f"<defs>{defs}</defs>" if defs else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">{d}{body}</svg>\n')


def thick(x1, y1, x2, y2, w):
    """Polygon for a bar of width w between two points."""
    dx, dy = x2 - x1, y2 - y1
    L = math.hypot(dx, dy) or 1
    nx, ny = -dy / L * w / 2, dx / L * w / 2
    return pts(x1 + nx, y1 + ny, x2 + nx, y2 + ny, x2 - nx, y2 - ny, x1 - nx, y1 - ny)


def star_pts(cx, cy, r1, r2, n=5, rot=-90):
    out = []
    for i in range(n * 2):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(rot + i * 180 / n)
        out += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return pts(*out)


# ---------------------------------------------------------------- motifs
# Each motif: fn(T) -> svg string in a 100x100 box. Elements stroke with T.k
# by default (set on the enclosing group); stroke width is inherited.

def m_drone(T):
    return (line(18, 40, 82, 40, T["k"]) + line(18, 31, 18, 40, T["k"]) + line(82, 31, 82, 40, T["k"])
            + ell(18, 29, 14, 3.5, T["s"]) + ell(82, 29, 14, 3.5, T["s"])
            + poly(pts(43, 60, 57, 60, 76, 96, 24, 96), T["a"], "none", ' opacity=".18"')
            + rect(36, 34, 28, 16, T["a"], 6) + circ(50, 56, 5.5, T["p"]))


def m_sprout(T):
    return (ell(50, 92, 26, 5, T["s"]) + line(50, 92, 50, 44, T["k"])
            + path("M50 66C32 66 22 54 22 40C38 40 50 50 50 66Z", T["a"])
            + path("M50 54C66 54 78 42 78 26C62 26 50 36 50 54Z", T["a2"]))


def m_sensor(T):
    return (line(50, 94, 50, 50, T["k"]) + rect(38, 90, 24, 6, T["m"], 2)
            + rect(36, 30, 28, 22, T["p"], 5) + circ(50, 41, 4.5, T["a"], "none")
            + path("M34 22A22 22 0 0 1 66 22", stroke=T["a"]) + path("M26 14A33 33 0 0 1 74 14", stroke=T["a"]))


def m_drop(T):
    return (path("M50 8C50 8 22 42 22 62A28 28 0 0 0 78 62C78 42 50 8 50 8Z", T["a"])
            + path("M36 64A14 14 0 0 0 48 77", stroke=T["p"]))


def m_cow(T):
    return (line(28, 70, 28, 88, T["k"]) + line(40, 70, 40, 88, T["k"]) + line(56, 70, 56, 88, T["k"])
            + line(66, 70, 66, 88, T["k"]) + path("M14 50Q6 54 8 66", stroke=T["k"])
            + rect(14, 40, 60, 32, T["p"], 12)
            + path("M34 41C40 48 36 58 28 58C24 54 24 46 28 41Z", T["m"], "none")
            + circ(58, 60, 6, T["m"], "none")
            + rect(64, 28, 26, 24, T["p"], 9) + ell(88, 28, 5, 3, T["p"]) + ell(66, 28, 5, 3, T["p"])
            + rect(80, 44, 10, 8, T["s"], 3, "none") + circ(72, 37, 2, T["k"], "none")
            + rect(60, 50, 7, 9, T["a"], 2))


def m_truck(T):
    return (line(4, 86, 96, 86, T["k"]) + rect(6, 28, 56, 44, T["p"], 4)
            + line(18, 40, 50, 40, T["s"]) + line(18, 52, 40, 52, T["s"])
            + path("M62 42H80L93 57V72H62Z", T["a"]) + path("M68 48H78L86 57H68Z", T["p"])
            + circ(24, 75, 8, T["m"]) + circ(78, 75, 8, T["m"]))


def m_bars(T):
    return (rect(18, 58, 13, 30, T["s"], 2) + rect(37, 44, 13, 44, T["m"], 2) + rect(56, 32, 13, 56, T["a2"], 2)
            + rect(75, 16, 13, 72, T["a"], 2) + pl(pts(8, 8, 8, 88, 96, 88), T["k"]))


def m_linechart(T):
    return (rect(6, 12, 88, 76, T["p"], 6) + line(6, 26, 94, 26, T["k"])
            + circ(15, 19, 1.5, T["k"]) + circ(22, 19, 1.5, T["k"])
            + path("M16 76L32 58L46 64L62 42L78 50L86 34V80H16Z", T["a"], "none", ' opacity=".18"')
            + pl(pts(16, 76, 32, 58, 46, 64, 62, 42, 78, 50, 86, 34), T["a"])
            + circ(62, 42, 4, T["p"], T["a"]) + circ(86, 34, 4, T["a"], T["a"]))


def m_heart(T):
    return (path("M50 88C22 68 8 52 8 34A21 21 0 0 1 50 24A21 21 0 0 1 92 34C92 52 78 68 50 88Z", T["a"])
            + pl(pts(16, 50, 34, 50, 42, 36, 52, 66, 60, 44, 66, 50, 84, 50), T["p"]))


def m_cross(T):
    return poly(pts(36, 10, 64, 10, 64, 36, 90, 36, 90, 64, 64, 64, 64, 90, 36, 90, 36, 64, 10, 64, 10, 36, 36, 36), T["a"])


def m_pill(T):
    return g(rect(10, 36, 80, 28, T["p"], 14) + path("M50 36H76A14 14 0 0 1 76 64H50Z", T["a"]), "rotate(-35 50 50)")


def m_gear(T, teeth=8):
    p = []
    for i in range(teeth * 4):
        a = math.radians(i * 360 / (teeth * 4) + 360 / teeth / 8)
        r = 44 if (i % 4) in (0, 1) else 33
        p += [50 + r * math.cos(a), 50 + r * math.sin(a)]
    return poly(pts(*p), T["m"]) + circ(50, 50, 14, T["p"])


def m_robotarm(T):
    return (rect(18, 84, 44, 10, T["m"], 3) + poly(thick(40, 78, 28, 40, 13), T["p"])
            + poly(thick(28, 40, 70, 26, 11), T["p"]) + circ(40, 78, 8, T["a"]) + circ(28, 40, 8, T["a"])
            + circ(70, 26, 6, T["a"]) + pl(pts(76, 16, 84, 22, 82, 30), T["k"]) + pl(pts(78, 36, 86, 40, 92, 34), T["k"])
            + rect(78, 44, 16, 16, T["a2"], 2))


def m_factory(T):
    return (rect(70, 14, 12, 76, T["m"]) + path("M8 90V50L28 38V50L48 38V50L68 38V90Z", T["p"])
            + rect(16, 62, 10, 10, T["a"], 1) + rect(34, 62, 10, 10, T["a"], 1) + rect(52, 62, 10, 10, T["a2"], 1)
            + circ(80, 8, 4, T["s"], "none") + circ(90, 4, 3, T["s"], "none") + line(4, 90, 96, 90, T["k"]))


def m_bag(T):
    return (path("M36 36V28A14 14 0 0 1 64 28V36", stroke=T["k"]) + path("M20 36H80L86 92H14Z", T["a"])
            + circ(36, 48, 3, T["p"], "none") + circ(64, 48, 3, T["p"], "none")
            + path("M36 48V54A14 14 0 0 0 64 54V48", stroke=T["p"]))


def m_cart(T):
    return (pl(pts(6, 16, 18, 16, 28, 66, 80, 66), T["k"]) + path("M22 28H90L82 54H27Z", T["a"])
            + line(46, 28, 44, 54, T["p"]) + line(66, 28, 64, 54, T["p"])
            + circ(34, 80, 7, T["m"]) + circ(74, 80, 7, T["m"]))


def m_turbine(T):
    blade = path("M50 36C45 22 47 10 50 4C53 10 55 22 50 36Z", T["p"])
    return (poly(pts(47, 40, 53, 40, 57, 95, 43, 95), T["p"])
            + blade + g(blade, "rotate(120 50 36)") + g(blade, "rotate(240 50 36)") + circ(50, 36, 5, T["a"]))


def m_solar(T):
    grid = "".join(line(14 + 24 * i + 2.2 * i, 30, 10 + 24 * i + 4.5 * i, 66, T["k"]) for i in range(1, 3))
    return (line(50, 66, 50, 88, T["k"]) + line(34, 90, 66, 90, T["k"])
            + poly(pts(16, 30, 84, 30, 92, 66, 8, 66), T["a"]) + grid + line(12, 48, 88, 48, T["k"]))


def m_bolt(T):
    return poly(pts(58, 6, 20, 56, 46, 56, 40, 94, 80, 42, 54, 42, 64, 6), T["a"])


def m_sun(T):
    rays = "".join(line(50 + 30 * math.cos(math.radians(a)), 50 + 30 * math.sin(math.radians(a)),
                        50 + 42 * math.cos(math.radians(a)), 50 + 42 * math.sin(math.radians(a)), T["a"])
                   for a in range(0, 360, 45))
    return rays + circ(50, 50, 20, T["a2"], T["a"])


def m_capitol(T):
    cols = "".join(rect(18 + i * 17, 44, 8, 36, T["p"]) for i in range(5))
    return (line(50, 10, 50, 2, T["k"]) + poly(pts(50, 2, 62, 5, 50, 8), T["a"], "none")
            + poly(pts(8, 34, 50, 12, 92, 34), T["a"]) + rect(10, 34, 80, 8, T["p"]) + cols
            + rect(10, 80, 80, 6, T["p"]) + rect(4, 86, 92, 8, T["m"]))


def m_screen(T):
    return (line(50, 72, 50, 86, T["k"]) + line(32, 88, 68, 88, T["k"]) + rect(6, 10, 88, 62, T["p"], 6)
            + poly(pts(42, 28, 42, 54, 64, 41), T["a"]) + line(16, 62, 84, 62, T["s"]) + line(16, 62, 48, 62, T["a"]))


def m_chip(T):
    pins = ""
    for i in range(3):
        c = 36 + i * 14
        pins += line(c, 24, c, 10, T["k"]) + line(c, 76, c, 90, T["k"]) + line(24, c, 10, c, T["k"]) + line(76, c, 90, c, T["k"])
    return pins + rect(24, 24, 52, 52, T["m"], 6) + rect(37, 37, 26, 26, T["a"], 3)


def m_gradcap(T):
    return (path("M26 50V70C26 80 74 80 74 70V50", T["m"]) + poly(pts(50, 20, 94, 40, 50, 60, 6, 40), T["p"])
            + pl(pts(50, 40, 84, 46, 84, 66), T["a"]) + circ(84, 69, 4, T["a"], T["a"]))


def m_book(T):
    return (path("M50 28C38 20 22 20 8 24V80C22 76 38 76 50 84Z", T["p"])
            + path("M50 28C62 20 78 20 92 24V80C78 76 62 76 50 84Z", T["p"])
            + line(18, 38, 40, 36, T["a"]) + line(18, 50, 40, 48, T["s"]) + line(18, 62, 34, 61, T["s"])
            + line(60, 36, 82, 38, T["s"]) + line(60, 48, 82, 50, T["s"]) + line(60, 60, 76, 62, T["a"]))


def m_ship(T):
    return (path("M8 86Q20 80 32 86T56 86T80 86T96 84", stroke=T["a"])
            + rect(72, 28, 14, 30, T["p"], 2) + rect(18, 40, 16, 18, T["a"]) + rect(36, 40, 16, 18, T["p"])
            + rect(54, 46, 14, 12, T["a2"]) + poly(pts(4, 58, 96, 58, 84, 78, 14, 78), T["m"]))


def m_plane(T):
    body = ("M50 6C56 6 57 14 57 20V76L66 86V91L50 87L34 91V86L43 76V20C43 14 44 6 50 6Z")
    return g(poly(pts(43, 36, 6, 58, 6, 65, 43, 54), T["a"]) + poly(pts(57, 36, 94, 58, 94, 65, 57, 54), T["a"])
             + path(body, T["p"]), "rotate(45 50 50)")


def m_house(T):
    return (rect(64, 16, 10, 20, T["m"]) + poly(pts(50, 10, 92, 46, 8, 46), T["a"]) + rect(18, 44, 64, 46, T["p"])
            + rect(42, 62, 16, 28, T["a2"], 2) + rect(26, 54, 12, 12, T["s"], 1) + rect(62, 54, 12, 12, T["s"], 1))


def m_building(T):
    win = "".join(rect(28 + c * 12, 20 + r * 14, 6, 8, T["a"] if (r + c) % 3 == 0 else T["s"], 1, "none")
                  for r in range(5) for c in range(3))
    return (rect(62, 40, 30, 54, T["m"]) + rect(20, 8, 44, 86, T["p"]) + win
            + line(70, 52, 84, 52, T["p"]) + line(70, 64, 84, 64, T["p"]) + line(70, 76, 84, 76, T["p"]))


def m_key(T):
    return (pl(pts(44, 50, 92, 50, 92, 62), T["k"]) + line(80, 50, 80, 60, T["k"])
            + circ(28, 50, 17, T["a"]) + circ(28, 50, 6, T["p"]))


def m_vr(T):
    return (path("M8 52Q4 40 14 38", stroke=T["k"]) + path("M92 52Q96 40 86 38", stroke=T["k"])
            + path("M20 32H80A12 12 0 0 1 92 44V62A12 12 0 0 1 80 74H62L56 64H44L38 74H20A12 12 0 0 1 8 62V44A12 12 0 0 1 20 32Z", T["m"])
            + rect(17, 42, 25, 20, T["a2"], 8) + rect(58, 42, 25, 20, T["a2"], 8))


def m_network(T):
    L = [(14, [30, 70]), (50, [16, 50, 84]), (86, [30, 70])]
    nodes = [(x, y) for x, ys in L for y in ys]
    e = ""
    for i in range(len(L) - 1):
        for y1 in L[i][1]:
            for y2 in L[i + 1][1]:
                e += line(L[i][0], y1, L[i + 1][0], y2, T["k"], ' opacity=".55"')
    n = "".join(circ(x, y, 8, T["a"] if (x == 50 and y == 50) or x == 86 else T["p"]) for x, y in nodes)
    return e + n


def m_brain(T):
    return (path("M48 14C36 8 20 14 20 28C10 32 8 48 16 56C10 66 18 82 32 80C38 90 48 88 48 82Z", T["p"])
            + path("M52 14C64 8 80 14 80 28C90 32 92 48 84 56C90 66 82 82 68 80C62 90 52 88 52 82Z", T["a"])
            + pl(pts(48, 36, 34, 36, 28, 46), T["a"]) + pl(pts(48, 62, 36, 62, 30, 70), T["a"])
            + circ(28, 46, 3.5, T["a"], "none") + circ(30, 70, 3.5, T["a"], "none")
            + pl(pts(52, 42, 66, 42, 72, 52), T["p"]) + pl(pts(52, 66, 66, 66), T["p"]) + circ(72, 52, 3.5, T["p"], "none"))


def m_shield(T):
    return (path("M50 6L86 18V46C86 70 70 86 50 94C30 86 14 70 14 46V18Z", T["p"])
            + path("M50 6V94C70 86 86 70 86 46V18Z", T["a2"], "none", ' opacity=".45"')
            + pl(pts(33, 50, 45, 62, 68, 38), T["a"]))


def m_lock(T):
    return (path("M32 46V32A18 18 0 0 1 68 32V46", stroke=T["k"]) + rect(20, 46, 60, 46, T["a"], 8)
            + circ(50, 64, 6, T["p"], "none") + line(50, 68, 50, 78, T["p"]))


def m_doc(T):
    return (path("M20 6H62L82 26V94H20Z", T["p"]) + pl(pts(62, 6, 62, 26, 82, 26), T["k"])
            + line(32, 42, 70, 42, T["a"]) + line(32, 55, 70, 55, T["s"]) + line(32, 68, 70, 68, T["s"])
            + line(32, 81, 56, 81, T["s"]))


def m_code(T):
    return (rect(6, 12, 88, 76, T["p"], 6) + line(6, 26, 94, 26, T["k"]) + circ(15, 19, 1.5, T["k"]) + circ(22, 19, 1.5, T["k"])
            + pl(pts(36, 42, 22, 56, 36, 70), T["a"]) + pl(pts(64, 42, 78, 56, 64, 70), T["a"]) + line(56, 38, 44, 74, T["k"]))


def m_chat(T):
    return (path("M16 14H84A8 8 0 0 1 92 22V60A8 8 0 0 1 84 68H42L24 84V68H16A8 8 0 0 1 8 60V22A8 8 0 0 1 16 14Z", T["p"])
            + circ(32, 41, 4.5, T["a"], "none") + circ(50, 41, 4.5, T["a"], "none") + circ(68, 41, 4.5, T["a"], "none"))


def m_chat2(T):
    return (path("M60 38H88A6 6 0 0 1 94 44V68A6 6 0 0 1 88 74H84V86L72 74H60A6 6 0 0 1 54 68V44A6 6 0 0 1 60 38Z", T["a"])
            + path("M12 12H58A6 6 0 0 1 64 18V44A6 6 0 0 1 58 50H30L18 62V50H12A6 6 0 0 1 6 44V18A6 6 0 0 1 12 12Z", T["p"])
            + line(16, 26, 52, 26, T["s"]) + line(16, 37, 40, 37, T["s"]) + line(64, 56, 84, 56, T["p"]))


def m_image(T):
    return (rect(8, 14, 84, 72, T["p"], 6) + poly(pts(16, 78, 40, 46, 56, 66, 66, 56, 84, 78), T["a"])
            + circ(70, 34, 7, T["a2"]))


def m_swap(T):
    return (line(16, 34, 80, 34, T["k"]) + pl(pts(68, 22, 82, 34, 68, 46), T["k"])
            + line(84, 66, 20, 66, T["a"]) + pl(pts(32, 54, 18, 66, 32, 78), T["a"]))


def m_magnifier(T):
    return (poly(thick(60, 60, 88, 88, 12), T["m"]) + circ(42, 42, 27, T["p"]) + path("M28 36A16 16 0 0 1 42 24", stroke=T["a"]))


def m_calendar(T):
    cells = "".join(rect(18 + c * 17, 46 + r * 14, 11, 8, T["a"] if (r, c) == (1, 2) else T["s"], 2, "none")
                    for r in range(3) for c in range(4))
    return (rect(10, 18, 80, 72, T["p"], 6) + path("M10 38V24A6 6 0 0 1 16 18H84A6 6 0 0 1 90 24V38Z", T["a"])
            + line(30, 10, 30, 26, T["k"]) + line(70, 10, 70, 26, T["k"]) + cells)


def m_briefcase(T):
    return (path("M38 28V20H62V28", stroke=T["k"]) + rect(8, 28, 84, 60, T["p"], 6) + line(8, 52, 92, 52, T["k"])
            + rect(43, 45, 14, 14, T["a"], 2))


def m_person(T, shirt=None):
    return (path("M18 94C18 70 32 58 50 58C68 58 82 70 82 94Z", shirt or T["a"]) + circ(50, 32, 17, T["p"]))


def m_people(T):
    return (g(m_person(T, T["s"]), "translate(-26 14) scale(.8)") + g(m_person(T, T["m"]), "translate(46 14) scale(.8)")
            + g(m_person(T, T["a"]), "translate(6 0) scale(.88)"))


def m_globe(T):
    return (circ(50, 50, 40, T["p"]) + path("M20 34C30 30 36 36 34 44C32 52 22 50 16 56", T["a"], "none", ' opacity=".5"')
            + path("M60 20C70 22 74 30 68 36C62 42 70 50 80 48C84 60 78 70 70 74C64 66 56 70 54 62", T["a"], "none", ' opacity=".5"')
            + ell(50, 50, 18, 40, "none") + line(10, 50, 90, 50, T["k"]) + path("M16 30H84M16 70H84", stroke=T["k"], extra=' opacity=".6"'))


def m_pin(T):
    return (ell(50, 94, 14, 3, T["s"], "none") + path("M50 92C50 92 18 60 18 40A32 32 0 0 1 82 40C82 60 50 92 50 92Z", T["a"])
            + circ(50, 40, 11, T["p"]))


def m_target(T):
    return (circ(46, 54, 40, T["p"]) + circ(46, 54, 27, T["s"]) + circ(46, 54, 13, T["a"])
            + line(46, 54, 86, 14, T["k"]) + pl(pts(78, 8, 78, 22, 92, 22), T["a"]))


def m_cloud(T):
    return path("M28 76H74A18 18 0 0 0 74 40A25 25 0 0 0 26 42A17 17 0 0 0 28 76Z", T["p"])


def m_cloudup(T):
    return m_cloud(T) + line(50, 68, 50, 46, T["a"]) + pl(pts(41, 54, 50, 45, 59, 54), T["a"])


def m_database(T):
    return (path("M20 22V78A30 10 0 0 0 80 78V22", T["p"]) + ell(50, 22, 30, 10, T["a2"])
            + path("M20 41A30 10 0 0 0 80 41M20 60A30 10 0 0 0 80 60", stroke=T["k"]) + circ(70, 51, 2.5, T["a"], "none")
            + circ(70, 70, 2.5, T["a"], "none"))


def m_rocket(T):
    return (path("M41 74Q50 98 59 74Z", T["a2"]) + poly(pts(35, 50, 20, 72, 36, 72), T["a"]) + poly(pts(65, 50, 80, 72, 64, 72), T["a"])
            + path("M50 6C66 18 70 42 65 72H35C30 42 34 18 50 6Z", T["p"]) + circ(50, 38, 8, T["a"]))


def m_trophy(T):
    return (path("M30 22H16V30A14 14 0 0 0 34 44", stroke=T["k"]) + path("M70 22H84V30A14 14 0 0 1 66 44", stroke=T["k"])
            + rect(45, 56, 10, 16, T["m"]) + rect(30, 72, 40, 12, T["m"], 3)
            + path("M30 12H70V36A20 20 0 0 1 30 36Z", T["a"]) + poly(star_pts(50, 30, 9, 4), T["p"], "none"))


def m_clock(T, stopwatch=False):
    s = ""
    if stopwatch:
        s = rect(42, 2, 16, 6, T["m"], 2) + line(50, 8, 50, 14, T["k"]) + line(78, 20, 84, 14, T["k"])
    ticks = "".join(line(50 + 30 * math.cos(math.radians(a)), 54 + 30 * math.sin(math.radians(a)),
                         50 + 34 * math.cos(math.radians(a)), 54 + 34 * math.sin(math.radians(a)), T["s"])
                    for a in range(0, 360, 90))
    return s + circ(50, 54, 40, T["p"]) + ticks + pl(pts(50, 30, 50, 54, 66, 62), T["a"]) + circ(50, 54, 3, T["a"], "none")


def m_certificate(T):
    return (rect(6, 12, 76, 58, T["p"], 4) + line(18, 28, 58, 28, T["a"]) + line(18, 40, 62, 40, T["s"])
            + line(18, 52, 44, 52, T["s"]) + poly(pts(64, 74, 58, 94, 68, 88, 74, 96, 78, 76), T["a2"])
            + circ(72, 66, 14, T["a"]) + circ(72, 66, 6, T["p"], "none"))


def m_bulb(T):
    rays = "".join(line(50 + 38 * math.cos(math.radians(a)), 36 + 38 * math.sin(math.radians(a)),
                        50 + 46 * math.cos(math.radians(a)), 36 + 46 * math.sin(math.radians(a)), T["a"])
                   for a in (-150, -120, -90, -60, -30))
    return (rays + path("M50 10A26 26 0 0 1 64 58V68H36V58A26 26 0 0 1 50 10Z", T["a2"])
            + pl(pts(44, 66, 44, 46, 50, 40, 56, 46, 56, 66), T["k"]) + rect(36, 72, 28, 8, T["m"], 3) + rect(41, 84, 18, 6, T["m"], 3))


def m_megaphone(T):
    return (pl(pts(30, 62, 36, 82, 46, 82, 42, 64), T["k"]) + poly(pts(22, 38, 70, 16, 70, 84, 22, 62), T["a"])
            + rect(10, 38, 14, 24, T["p"], 3) + path("M80 36A18 18 0 0 1 80 64", stroke=T["a"])
            + path("M88 26A30 30 0 0 1 88 74", stroke=T["a"], extra=' opacity=".5"'))


def m_coins(T):
    c = ""
    for i in range(4):
        c += ell(36, 82 - i * 11, 26, 8, T["a2"] if i % 2 else T["a"])
    return c + circ(72, 34, 20, T["p"]) + circ(72, 34, 11, "none", T["a"])


def m_clipboard(T):
    rows = ""
    for i in range(3):
        y = 36 + i * 18
        rows += rect(28, y, 10, 10, T["p"], 2) + line(46, y + 5, 72, y + 5, T["s"])
    return (rect(16, 12, 68, 84, T["p"], 6) + rect(34, 6, 32, 12, T["m"], 3) + rows
            + pl(pts(29, 40, 33, 44, 40, 34), T["a"]) + pl(pts(29, 58, 33, 62, 40, 52), T["a"]))


def m_eye(T):
    return (path("M6 50C24 22 76 22 94 50C76 78 24 78 6 50Z", T["p"]) + circ(50, 50, 17, T["a"]) + circ(50, 50, 6, T["k"], "none"))


def m_pencil(T):
    return g(rect(12, 42, 60, 16, T["a2"], 2) + poly(pts(72, 42, 92, 50, 72, 58), T["p"]) + rect(4, 42, 10, 16, T["m"], 2),
             "rotate(-45 50 50)")


def m_laptop(T):
    return (rect(16, 18, 68, 48, T["p"], 4) + path("M6 70H94L88 82H12Z", T["m"])
            + line(26, 32, 52, 32, T["a"]) + line(26, 44, 64, 44, T["s"]) + line(26, 54, 44, 54, T["s"]))


def m_pie(T):
    return (circ(50, 50, 40, T["p"]) + path("M50 50V10A40 40 0 0 1 88 62Z", T["a"])
            + path("M50 50L88 62A40 40 0 0 1 64 88Z", T["a2"]))


def m_atom(T):
    e = "".join(ell(50, 50, 42, 15, "none", extra=f' transform="rotate({a} 50 50)"') for a in (0, 60, 120))
    return e + circ(50, 50, 8, T["a"]) + circ(92, 50, 4.5, T["a"], "none") + circ(29, 13.6, 4.5, T["a2"], "none")


def m_layers(T):
    out = ""
    for i, c in enumerate((T["s"], T["m"], T["a"])):
        y = 32 - i * 16
        out += poly(pts(50, 20 + y, 92, 40 + y, 50, 60 + y, 8, 40 + y), c)
    return out


def m_palette(T):
    return (path("M50 10C80 10 94 30 92 50C90 64 76 60 70 66C62 74 74 90 54 90C28 90 8 72 8 50C8 28 26 10 50 10Z", T["p"])
            + circ(30, 40, 7, T["a"], "none") + circ(48, 26, 7, T["a2"], "none") + circ(70, 32, 7, T["m"], "none")
            + circ(28, 64, 7, T["s"], "none"))


def m_infinity(T):
    return (path("M50 50C40 30 12 30 12 50C12 70 40 70 50 50C60 30 88 30 88 50C88 70 60 70 50 50Z", stroke=T["a"])
            + pl(pts(26, 28, 34, 34, 26, 40), T["k"]) + pl(pts(74, 60, 66, 66, 74, 72), T["k"]))


def m_server(T):
    out = ""
    for i in range(3):
        y = 10 + i * 28
        out += rect(14, y, 72, 22, T["p"], 4) + circ(26, y + 11, 3, T["a"], "none") + line(56, y + 11, 74, y + 11, T["s"])
    return out


def m_boxes(T):
    def box(x, y, s, c):
        return rect(x, y, s, s, c, 2) + line(x + s / 2, y, x + s / 2, y + s * .35, T["k"])
    return box(8, 52, 40, T["a2"]) + box(52, 52, 40, T["s"]) + box(30, 12, 40, T["p"])


def m_train(T):
    return (line(32, 82, 18, 96, T["k"]) + line(68, 82, 82, 96, T["k"]) + rect(20, 6, 60, 78, T["p"], 16)
            + rect(28, 16, 44, 28, T["a2"], 5) + circ(34, 66, 5, T["a"], "none") + circ(66, 66, 5, T["a"], "none")
            + line(44, 66, 56, 66, T["s"]))


def m_phone(T):
    return rect(26, 6, 48, 88, T["p"], 9) + line(42, 84, 58, 84, T["k"]) + rect(34, 18, 32, 18, T["a2"], 3, "none") + line(34, 46, 66, 46, T["s"]) + line(34, 56, 56, 56, T["s"])


def m_envelope(T):
    return rect(8, 22, 84, 58, T["p"], 5) + pl(pts(10, 26, 50, 56, 90, 26), T["a"])


def m_star(T):
    return poly(star_pts(50, 52, 42, 18), T["a"])


def m_puzzle(T):
    return (path("M16 32H40A10 10 0 1 1 60 32H84V54A10 10 0 1 1 84 74V90H16V74A10 10 0 1 0 16 54Z", T["a"]))


def m_hourglass(T):
    return (line(22, 8, 78, 8, T["k"]) + line(22, 92, 78, 92, T["k"])
            + path("M28 8H72C72 30 54 40 54 50C54 60 72 70 72 92H28C28 70 46 60 46 50C46 40 28 30 28 8Z", T["p"])
            + path("M38 26H62C60 34 52 40 50 44C48 40 40 34 38 26Z", T["a2"], "none") + path("M34 90C36 78 46 72 50 70C54 72 64 78 66 90Z", T["a"], "none"))


def m_stairs(T):
    return (poly(pts(6, 92, 6, 72, 30, 72, 30, 52, 54, 52, 54, 32, 78, 32, 78, 92), T["s"])
            + pl(pts(6, 72, 30, 72, 30, 52, 54, 52, 54, 32, 78, 32), T["k"])
            + line(86, 32, 86, 4, T["k"]) + poly(pts(86, 4, 98, 9, 86, 14), T["a"]))


def m_signpost(T):
    return (rect(46, 10, 8, 84, T["m"]) + poly(pts(18, 18, 74, 18, 84, 28, 74, 38, 18, 38), T["a"])
            + poly(pts(82, 46, 26, 46, 16, 56, 26, 66, 82, 66), T["p"]) + line(36, 88, 64, 88, T["k"]))


def m_headphones(T):
    return (path("M18 64V50A32 32 0 0 1 82 50V64", stroke=T["k"]) + rect(10, 54, 18, 32, T["a"], 7) + rect(72, 54, 18, 32, T["a"], 7))


def m_mic(T):
    return (path("M28 42V46A22 22 0 0 0 72 46V42", stroke=T["k"]) + line(50, 68, 50, 86, T["k"]) + line(36, 88, 64, 88, T["k"])
            + rect(37, 6, 26, 50, T["a"], 13) + line(44, 24, 56, 24, T["p"]) + line(44, 34, 56, 34, T["p"]))


def m_wave(T):
    hs = [10, 22, 36, 18, 44, 28, 12, 32, 20, 8]
    return "".join(line(8 + i * 9.3, 50 - h / 2, 8 + i * 9.3, 50 + h / 2, T["a"] if i % 3 else T["k"]) for i, h in enumerate(hs))


def m_calculator(T):
    b = "".join(rect(30 + c * 14, 42 + r * 13, 10, 8, T["a"] if (r, c) == (3, 2) else T["p"], 2, "none")
                for r in range(4) for c in range(3))
    return rect(20, 6, 60, 88, T["m"], 8) + rect(30, 16, 40, 16, T["a2"], 3) + b


def m_flask(T):
    return (path("M42 8V36L18 82A7 7 0 0 0 24 92H76A7 7 0 0 0 82 82L58 36V8", T["p"]) + line(36, 8, 64, 8, T["k"])
            + path("M29 62H71L81 82A6 6 0 0 1 76 90H24A6 6 0 0 1 19 82Z", T["a"], "none")
            + circ(44, 76, 3.5, T["p"], "none") + circ(58, 70, 2.5, T["p"], "none") + circ(54, 50, 3, T["a2"], "none"))


def m_wrench(T):
    return g(path("M40 8A22 22 0 1 0 60 8V24H40Z", T["m"]) + rect(43, 40, 14, 54, T["m"], 7), "rotate(45 50 50)")


def m_tie(T):
    return (poly(pts(40, 8, 60, 8, 56, 20, 44, 20), T["m"]) + poly(pts(44, 20, 56, 20, 64, 78, 50, 94, 36, 78), T["a"])
            + line(40, 44, 60, 36, T["p"]))


def m_bubblesheet(T):
    b = ""
    filled = {(0, 1), (1, 3), (2, 0), (3, 2), (4, 1)}
    for r in range(5):
        for c in range(4):
            b += circ(34 + c * 13, 24 + r * 14, 4.2, T["a"] if (r, c) in filled else "none", T["a"] if (r, c) in filled else T["s"])
    return rect(14, 8, 72, 84, T["p"], 5) + "".join(line(20, 24 + r * 14, 24, 24 + r * 14, T["k"]) for r in range(5)) + b


def m_bot(T):
    return (line(50, 18, 50, 8, T["k"]) + circ(50, 7, 4, T["a"]) + rect(6, 40, 8, 20, T["m"], 3) + rect(86, 40, 8, 20, T["m"], 3)
            + rect(14, 20, 72, 60, T["p"], 14) + rect(24, 34, 52, 26, T["s"], 10, "none")
            + circ(38, 47, 5, T["a"], "none") + circ(62, 47, 5, T["a"], "none") + line(42, 70, 58, 70, T["k"]))


def m_funnel(T):
    return (poly(pts(8, 14, 92, 14, 60, 52, 60, 84, 40, 94, 40, 52), T["p"]) + line(20, 28, 80, 28, T["a"])
            + line(32, 42, 68, 42, T["a2"]))


def m_check(T):
    return circ(50, 50, 40, T["a"]) + pl(pts(32, 52, 45, 64, 70, 38), T["p"])


def m_compass(T):
    return (circ(50, 50, 40, T["p"]) + poly(pts(50, 16, 59, 50, 41, 50), T["a"], "none") + poly(pts(41, 50, 59, 50, 50, 84), T["m"], "none")
            + circ(50, 50, 4, T["p"], "none") + line(50, 4, 50, 10, T["k"]))


def m_mountainflag(T):
    return (poly(pts(4, 92, 40, 36, 58, 60, 68, 48, 96, 92), T["p"]) + poly(pts(40, 36, 49, 50, 43, 47, 36, 53, 32, 48), T["a2"], "none")
            + line(40, 36, 40, 8, T["k"]) + poly(pts(40, 8, 60, 14, 40, 20), T["a"]))


def m_map(T):
    return (poly(pts(6, 20, 34, 10, 34, 80, 6, 90), T["p"]) + poly(pts(34, 10, 66, 20, 66, 90, 34, 80), T["s"])
            + poly(pts(66, 20, 94, 10, 94, 80, 66, 90), T["p"]) + path("M14 70C24 60 30 44 46 48S60 34 82 30", stroke=T["a"], extra=' stroke-dasharray="1 9"'))


def m_handshake(T):
    # two overlapping rounded hands as circles joined: partnership
    return (circ(36, 50, 28, T["p"]) + circ(64, 50, 28, T["a"], extra=' fill-opacity=".85"'))


def m_sparkle(T):
    return (path("M50 6C54 34 66 46 94 50C66 54 54 66 50 94C46 66 34 54 6 50C34 46 46 34 50 6Z", T["a"]))


def m_gauge(T):
    return (path("M10 70A40 40 0 0 1 90 70", stroke=T["s"]) + path("M10 70A40 40 0 0 1 30 35", stroke=T["a"])
            + path("M30 35A40 40 0 0 1 70 35", stroke=T["a2"]) + path("M70 35A40 40 0 0 1 90 70", stroke=T["m"])
            + line(50, 70, 70, 44, T["k"]) + circ(50, 70, 6, T["a"]))


def m_conveyor(T):
    return (rect(4, 66, 92, 16, T["p"], 8) + circ(14, 74, 4, T["m"], "none") + circ(50, 74, 4, T["m"], "none") + circ(86, 74, 4, T["m"], "none")
            + rect(12, 40, 24, 24, T["a2"], 2) + rect(46, 40, 24, 24, T["a"], 2) + line(84, 52, 94, 52, T["k"]) + pl(pts(90, 46, 96, 52, 90, 58), T["k"]))


def m_browser(T):
    return (rect(6, 12, 88, 76, T["p"], 6) + line(6, 26, 94, 26, T["k"]) + circ(15, 19, 1.5, T["k"]) + circ(22, 19, 1.5, T["k"])
            + rect(16, 36, 30, 42, T["a2"], 3, "none") + line(54, 40, 84, 40, T["a"]) + line(54, 52, 84, 52, T["s"])
            + line(54, 64, 76, 64, T["s"]))


def m_wheat(T):
    g_ = ""
    for i in range(4):
        y = 24 + i * 14
        g_ += ell(42, y, 6, 10, T["a2"], extra=f' transform="rotate(-30 42 {y})"') + ell(58, y, 6, 10, T["a2"], extra=f' transform="rotate(30 58 {y})"')
    return line(50, 96, 50, 20, T["k"]) + g_ + ell(50, 14, 5, 9, T["a"])


def m_tractor(T):
    return (line(2, 92, 98, 92, T["k"]) + rect(18, 40, 30, 30, T["p"], 3) + rect(22, 44, 22, 16, T["a2"], 2, "none")
            + rect(44, 52, 40, 20, T["a"], 4) + rect(70, 36, 6, 16, T["m"]) + circ(28, 74, 17, T["m"]) + circ(28, 74, 6, T["p"])
            + circ(76, 80, 11, T["m"]) + circ(76, 80, 4, T["p"]))


def m_stopwatch(T):
    return m_clock(T, True)


def m_tree(T):
    return (rect(46, 60, 8, 34, T["m"], 2) + circ(50, 40, 30, T["a2"]) + path("M50 52L38 42M50 60L62 48", stroke=T["k"]))


MOTIFS = {k[2:]: v for k, v in globals().items() if k.startswith("m_")}


def place(name, x, y, size, T, sw=SW, extra=""):
    """Place motif `name` with its 100-unit box at (x, y) scaled to `size` px."""
    k = size / 100
    fn = MOTIFS[name] if isinstance(name, str) else name
    return (f'<g transform="translate({f(x)} {f(y)}) scale({k:.4g})" stroke="{T["k"]}" stroke-width="{sw / k:.3g}" '
            f'stroke-linecap="round" stroke-linejoin="round" fill="none"{extra}>{fn(T)}</g>')


def rng(seed):
    return random.Random(seed)
