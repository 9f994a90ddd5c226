"""Page-level compositions built from svglib motifs.

Light layouts (cards, section images) sit on the pale card background with navy
line-work; dark layouts (heroes, banners, slides) sit on the navy frame colour.
Every layout is seeded by the output file name so results are reproducible.
"""
import math
from svglib import (NAVY, NAVY2, NAVY3, SLATE, MIST, PALE, BG, WHITE, ACC, ACC2, ACCP, SW, LIGHT, DARK,
                    f, pts, rect, circ, ell, path, poly, pl, line, g, svg, place, rng, star_pts)

SHADOW = "#dde6f1"


# ---------------------------------------------------------------- small parts
def nodes_path(points, r, fill, extra=""):
    """Many round dots as one path of zero-length segments with round caps (compact)."""
    d = "".join(f"M{f(x)} {f(y)}h0" for x, y in points)
    return f'<path d="{d}" stroke="{fill}" stroke-width="{f(2 * r)}" stroke-linecap="round"{extra}/>'


def dots(x, y, cols, rows, gap, r, fill, extra=""):
    return nodes_path([(x + c * gap, y + rr * gap) for rr in range(rows) for c in range(cols)], r, fill, extra)


def tile(x, y, s, motif, T=LIGHT, fill=WHITE, shadow=SHADOW, msize=.62, radius=.2):
    o = s * .05
    out = ""
    if shadow:
        out += rect(x + o, y + o * 1.4, s, s, shadow, s * radius)
    out += rect(x, y, s, s, fill, s * radius)
    m = s * msize
    return out + place(motif, x + (s - m) / 2, y + (s - m) / 2, m, T)


def round_tile(cx, cy, r, motif, T=LIGHT, fill=WHITE, shadow=SHADOW, msize=1.25):
    out = circ(cx + r * .06, cy + r * .1, r, shadow) if shadow else ""
    m = r * msize
    return out + circ(cx, cy, r, fill) + place(motif, cx - m / 2, cy - m / 2, m, T)


def chip(x, y, w, h, fill=WHITE, dot=ACC, bar=MIST):
    return (rect(x, y, w, h, fill, h / 2) + circ(x + h / 2, y + h / 2, h * .22, dot)
            + rect(x + h * .9, y + h * .42, w - h * 1.5, h * .16, bar, h * .08))


def sparkle(cx, cy, r, fill=ACC):
    a, b = f(r * .12), f(r * .88)
    R = f(r)
    return path(f"M{f(cx)} {f(cy - r)}c{a} {b} {a} {b} {R} {R}c-{b} {a}-{b} {a}-{R} {R}"
                f"c-{a}-{b}-{a}-{b}-{R}-{R}c{b}-{a} {b}-{a} {R}-{R}Z", fill)


def dash(d, stroke=MIST, w=SW, da="2 12"):
    return path(d, stroke=stroke, extra=f' stroke-width="{w}" stroke-linecap="round" stroke-dasharray="{da}"')


def curve(x1, y1, x2, y2, bend=.3):
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    cx, cy = mx - dy * bend, my + dx * bend
    return f"M{f(x1)} {f(y1)}Q{f(cx)} {f(cy)} {f(x2)} {f(y2)}"


def decor_light(W, H, R, avoid=()):
    """A few calm decorations: dot grid, accent ring, sparkle, mist circles."""
    u = H / 500
    spots = [(.05, .08), (.86, .08), (.05, .76), (.88, .8), (.46, .06), (.5, .86)]
    spots = [s for s in spots if all(abs(s[0] - a[0]) + abs(s[1] - a[1]) > .16 for a in avoid)]
    R.shuffle(spots)
    out = ""
    (ax, ay), (bx, by), (cx, cy) = spots[0], spots[1], spots[2]
    out += dots(W * ax, H * ay, 4, 3, 16 * u, 2.6 * u, MIST)
    out += circ(W * bx + 10 * u, H * by + 10 * u, 11 * u, "none", ACC, f' stroke-width="{SW}" opacity=".7"')
    out += sparkle(W * cx + 10 * u, H * cy + 10 * u, 11 * u, ACC2)
    return out


def bg_light(W, H, fill=BG):
    return rect(0, 0, W, H, fill)


# ---------------------------------------------------------------- light layouts
def card_stage(W, H, primary, tiles, seed, side="left", chips=1):
    """Big subject on a soft disc, supporting subjects on floating tiles."""
    R = rng(seed)
    u = H / 500
    cx = {"left": W * .34, "right": W * .66, "center": W * .5}[side]
    cy = H * .52
    rad = 178 * u
    ps = 250 * u
    ts = 112 * u
    if side == "center":
        slots = [(W * .08, H * .12), (W * .78, H * .56), (W * .80, H * .12), (W * .06, H * .62)]
    else:
        L = [(.64, .10), (.80, .40), (.62, .66)]
        slots = [((x if side == "left" else 1 - x - ts / W) * W, y * H) for x, y in L]
    chip_at = {"left": (.06, .88), "right": (.06, .88), "center": (.38, .04)}[side]
    if side == "right":
        chip_at = (.62, .88)
    out = bg_light(W, H) + decor_light(W, H, R, avoid=[chip_at, (chip_at[0] + .1, chip_at[1])] if chips else ())
    out += circ(cx, cy, rad, PALE)
    out += circ(cx + rad * .72, cy - rad * .7, 16 * u, ACCP)
    conn = ""
    for i, t in enumerate(tiles[:len(slots)]):
        tx, ty = slots[i]
        conn += dash(curve(cx, cy, tx + ts / 2, ty + ts / 2, .18 * (1 if i % 2 else -1)))
    out += conn
    out += ell(cx, cy + ps * .47, ps * .38, 10 * u, SHADOW)
    out += place(primary, cx - ps / 2, cy - ps / 2 - 6 * u, ps, LIGHT)
    for i, t in enumerate(tiles[:len(slots)]):
        tx, ty = slots[i]
        out += tile(tx, ty, ts, t)
    if chips:
        out += chip(W * chip_at[0], H * chip_at[1], 130 * u, 30 * u)
    return svg(W, H, out)


def card_orbit(W, H, center, sats, seed):
    """Subject in the middle with related subjects on an orbit around it."""
    R = rng(seed)
    u = H / 500
    cx, cy = W / 2, H / 2 + 6 * u
    rx, ry = W * .36, H * .34
    out = bg_light(W, H) + decor_light(W, H, R, avoid=[(.46, .06), (.5, .86)])
    out += ell(cx, cy, rx, ry, "none", MIST, f' stroke-width="{SW}" stroke-dasharray="2 12" stroke-linecap="round"')
    out += circ(cx, cy, 136 * u, "none", ACCP, f' stroke-width="{SW * 2}"')
    out += circ(cx, cy, 118 * u, PALE) + circ(cx, cy, 92 * u, WHITE)
    cs = 150 * u
    out += place(center, cx - cs / 2, cy - cs / 2, cs, LIGHT)
    a0 = R.uniform(-40, 0)
    n = len(sats)
    for i, s in enumerate(sats):
        a = math.radians(a0 + i * 360 / n - 90 + 25)
        sx, sy = cx + rx * math.cos(a), cy + ry * math.sin(a)
        out += round_tile(sx, sy, 46 * u, s)
    for i in range(3):
        a = math.radians(a0 + (i + .5) * 360 / n - 65)
        out += circ(cx + rx * math.cos(a), cy + ry * math.sin(a), 6 * u, ACC if i == 0 else ACC2)
    return svg(W, H, out)


def card_flow(W, H, steps, seed, highlight=None):
    """A left-to-right process: tiles joined by arrows."""
    R = rng(seed)
    u = H / 500
    n = len(steps)
    ts = (168 if n <= 3 else 124) * u
    gap = (W - n * ts) / (n + 1)
    cy = H * .5
    out = bg_light(W, H) + decor_light(W, H, R)
    out += rect(gap * .5, cy - ts * .18, W - gap, ts * .36, PALE, ts * .18)
    hi = n // 2 if highlight is None else highlight
    for i, s in enumerate(steps):
        x = gap + i * (ts + gap)
        if i < n - 1:
            x1, x2 = x + ts + gap * .22, x + ts + gap * .78
            out += line(x1, cy, x2, cy, ACC, f' stroke-width="{SW}" stroke-linecap="round"')
            out += pl(pts(x2 - 10 * u, cy - 10 * u, x2, cy, x2 - 10 * u, cy + 10 * u), ACC,
                      f' stroke-width="{SW}" stroke-linecap="round" stroke-linejoin="round"')
        big = i == hi
        s2 = ts * (1.12 if big else 1)
        y = cy - s2 / 2
        xx = x - (s2 - ts) / 2
        out += tile(xx, y, s2, s, fill=WHITE)
        if big:
            out += circ(xx + s2 - 4 * u, y + 4 * u, 14 * u, ACC) + pl(pts(xx + s2 - 10 * u, y + 4 * u, xx + s2 - 5 * u, y + 9 * u, xx + s2 + 3 * u, y - 1 * u),
                                                                  WHITE, f' stroke-width="{SW * .8}" stroke-linecap="round" stroke-linejoin="round"')
        out += rect(xx + s2 * .2, y + s2 + 18 * u, s2 * .6, 8 * u, MIST, 4 * u) + rect(xx + s2 * .3, y + s2 + 34 * u, s2 * .4, 8 * u, PALE, 4 * u)
    return svg(W, H, out)


def card_dashboard(W, H, primary, seed, chart="bars", kpi=("a", "b"), side_tiles=()):
    """A white app window with a chart, the subject in front of it."""
    R = rng(seed)
    u = H / 500
    wx, wy, ww, wh = W * .3, H * .1, W * .64, H * .74
    out = bg_light(W, H) + decor_light(W, H, R)
    out += rect(wx + 10 * u, wy + 14 * u, ww, wh, SHADOW, 18 * u) + rect(wx, wy, ww, wh, WHITE, 18 * u)
    out += "".join(circ(wx + (22 + i * 16) * u, wy + 22 * u, 4.5 * u, [ACC, MIST, MIST][i]) for i in range(3))
    out += line(wx, wy + 44 * u, wx + ww, wy + 44 * u, PALE, f' stroke-width="{SW}"')
    # chart area
    cx0, cy0, cw, ch = wx + ww * .34, wy + 70 * u, ww * .58, wh - 110 * u
    out += line(cx0, cy0 + ch, cx0 + cw, cy0 + ch, MIST, f' stroke-width="{SW}" stroke-linecap="round"')
    vals = [R.uniform(.3, .95) for _ in range(7)]
    if chart == "bars":
        bw = cw / 7 * .55
        for i, v in enumerate(vals):
            bx = cx0 + i * cw / 7 + bw * .4
            out += rect(bx, cy0 + ch * (1 - v), bw, ch * v - SW, ACC if i == vals.index(max(vals)) else (ACC2 if i % 2 else PALE), 4 * u)
    elif chart == "line":
        v, vals = .25, []
        for i in range(7):
            v = min(.95, v + R.uniform(-.08, .2))
            vals.append(v)
        p = []
        for i, v in enumerate(vals):
            p += [cx0 + i * cw / 6, cy0 + ch * (1 - v)]
        out += path("M" + " L".join(f"{f(p[i])} {f(p[i+1])}" for i in range(0, len(p), 2)) + f" V{f(cy0 + ch)} H{f(cx0)}Z", ACCP)
        out += pl(pts(*p), ACC, f' stroke-width="{SW}" stroke-linecap="round" stroke-linejoin="round"')
        out += "".join(circ(p[i], p[i + 1], 6 * u, WHITE, ACC, f' stroke-width="{SW}"') for i in range(0, len(p), 4))
    elif chart == "pie":
        r = ch * .42
        pc = (cx0 + cw * .3, cy0 + ch * .5)
        out += circ(*pc, r, PALE)
        out += path(f"M{f(pc[0])} {f(pc[1])}V{f(pc[1] - r)}A{f(r)} {f(r)} 0 0 1 {f(pc[0] + r * .95)} {f(pc[1] + r * .31)}Z", ACC)
        out += path(f"M{f(pc[0])} {f(pc[1])}L{f(pc[0] + r * .95)} {f(pc[1] + r * .31)}A{f(r)} {f(r)} 0 0 1 {f(pc[0] - r * .2)} {f(pc[1] + r * .98)}Z", ACC2)
        for i in range(3):
            out += chip(cx0 + cw * .66, cy0 + ch * (.15 + i * .28), cw * .34, 24 * u, PALE, [ACC, ACC2, MIST][i], WHITE)
    # KPI column
    for i, k in enumerate(kpi):
        ky = wy + 70 * u + i * 86 * u
        out += rect(wx + 22 * u, ky, ww * .26, 70 * u, BG, 10 * u)
        out += rect(wx + 36 * u, ky + 16 * u, ww * .12, 9 * u, MIST, 4.5 * u)
        out += rect(wx + 36 * u, ky + 38 * u, ww * .18, 16 * u, ACC if i == 0 else NAVY, 8 * u)
    ps = 210 * u
    out += ell(W * .18, H * .88, ps * .36, 9 * u, SHADOW)
    out += place(primary, W * .18 - ps / 2, H * .88 - ps * .98, ps, LIGHT)
    for i, t in enumerate(side_tiles):
        out += tile(W * .84 - i * 130 * u, H * .7, 96 * u, t)
    return svg(W, H, out)


def card_scene(W, H, ground, sky, seed, ground_fill=PALE, sun=True):
    """A little landscape: items stand on a ground line, others float above."""
    R = rng(seed)
    u = H / 500
    gy = H * .8
    out = bg_light(W, H)
    if sun:
        out += circ(W * .86, H * .2, 44 * u, ACCP) + circ(W * .86, H * .2, 26 * u, ACC2)
    out += dots(W * .05, H * .08, 4, 3, 16 * u, 2.6 * u, MIST)
    out += path(f"M0 {f(gy)}Q{f(W * .25)} {f(gy - 40 * u)} {f(W * .5)} {f(gy - 10 * u)}T{f(W)} {f(gy - 30 * u)}V{f(H)}H0Z", ground_fill)
    out += line(0, gy + 2 * u, W, gy + 2 * u, MIST, f' stroke-width="{SW}"')
    for name, fx, size in ground:
        s = size * u
        out += place(name, W * fx - s / 2, gy - s * .93, s, LIGHT)
    for name, fx, fy, size in sky:
        s = size * u
        out += place(name, W * fx - s / 2, H * fy - s / 2, s, LIGHT)
    return svg(W, H, out)


# ---------------------------------------------------------------- dark layouts
def dark_defs(W, H, gid="b"):
    return (f'<linearGradient id="{gid}" x1="0" y1="0" x2="1" y2="1">'
            f'<stop offset="0" stop-color="{NAVY}"/><stop offset="1" stop-color="#123461"/></linearGradient>'
            f'<radialGradient id="gl"><stop offset="0" stop-color="{ACC}" stop-opacity=".35"/>'
            f'<stop offset="1" stop-color="{ACC}" stop-opacity="0"/></radialGradient>')


def constellation(W, H, R, n, x0, x1, y0=0., y1=1., link=150, edge="#24497a", node="#2d5a90", acc=ACC):
    nodes = [(round(R.uniform(W * x0, W * x1)), round(R.uniform(H * y0, H * y1))) for _ in range(n)]
    d = ""
    for i, (ax, ay) in enumerate(nodes):
        for bx, by in nodes[i + 1:]:
            if math.hypot(ax - bx, ay - by) < link:
                d += f"M{ax} {ay}L{bx} {by}"
    out = f'<path d="{d}" stroke="{edge}" stroke-width="1.5"/>' if d else ""
    out += nodes_path([p for i, p in enumerate(nodes) if i % 7 and i % 5], 3.5, node)
    out += nodes_path([p for i, p in enumerate(nodes) if i % 7 and not i % 5], 5, node)
    out += nodes_path([p for i, p in enumerate(nodes) if not i % 7], 4.5, acc)
    return out


def hero(W, H, main, sats, seed, cxf=.72, tiles_style="square", wide_sats=False):
    """Navy banner: left side left calm for the page heading, subject cluster on the right."""
    R = rng(seed)
    u = H / 600
    cx, cy = W * cxf, H * .5
    out = rect(0, 0, W, H, "url(#b)")
    out += circ(cx, cy, H * .66, NAVY2, extra=' opacity=".55"') + circ(cx, cy, H * .47, "none", "#1d406e", f' stroke-width="{SW}"')
    out += constellation(W, H, R, 22, .44, 1, 0, 1, 190 * u)
    out += dots(W * .05, H * .78, 6, 3, 18 * u, 2.4 * u, "#1d406e")
    out += circ(cx, cy, H * .42, "url(#gl)")
    r = H * .27
    out += circ(cx, cy, r, NAVY3) + circ(cx, cy, r, "none", ACC, f' stroke-width="{SW}" stroke-dasharray="{f(r * .9)} {f(r * .35)}" stroke-linecap="round" opacity=".8"')
    ms = r * 1.25
    out += place(main, cx - ms / 2, cy - ms / 2, ms, DARK)
    n = len(sats)
    ts = H * .2
    rr = H * .42
    base = R.uniform(-20, 20)
    angles = [base - 150 + i * (300 / max(n - 1, 1)) for i in range(n)] if n > 1 else [base - 30]
    if n == 3:
        angles = [base - 145, base - 35, base + 80]
    if n == 4:
        angles = [base - 150, base - 40, base + 35, base + 140]
    for i, s in enumerate(sats):
        a = math.radians(angles[i])
        sx = cx + rr * 1.5 * math.cos(a)
        sy = cy + rr * math.sin(a)
        sy = min(max(sy, ts * .6 + 8), H - ts * .6 - 8)
        out += line(cx + r * math.cos(a), cy + r * math.sin(a) * .9, sx, sy, ACC, f' stroke-width="{SW * .6}" opacity=".5"')
        out += circ(sx, sy, ts * .62, "url(#gl)")
        if tiles_style == "round":
            out += round_tile(sx, sy, ts * .52, s, DARK, NAVY2, None, 1.2).replace(f'fill="{NAVY2}"/>', f'fill="{NAVY2}" stroke="#2a5385" stroke-width="{SW}"/>', 1)
        else:
            out += rect(sx - ts / 2, sy - ts / 2, ts, ts, NAVY2, ts * .2, "#2a5385", f' stroke-width="{SW}"')
            m = ts * .62
            out += place(s, sx - m / 2, sy - m / 2, m, DARK)
    for i in range(5):
        x, y = R.uniform(W * .5, W * .98), R.uniform(H * .08, H * .92)
        out += sparkle(x, y, R.uniform(6, 11) * u, ACC2 if i % 2 else ACC)
    return svg(W, H, out, dark_defs(W, H))
