#!/usr/bin/env python3
"""Write transparent SVG frames of a drifting node network for the home intro video.

    python3 scripts/assets/intro_frames.py OUTDIR [W H SECONDS FPS [DRIFT]]

Every node moves on a closed path whose period divides the clip length, so the
last frame flows straight back into the first: the video loops seamlessly.
DRIFT (default 1) scales how far the nodes wander: a clip half as long with DRIFT 0.5
moves them at the same speed.
"""
import math
import os
import random
import sys

out = sys.argv[1]
W, H = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (960, 540)
SECONDS = float(sys.argv[4]) if len(sys.argv) > 4 else 10
FPS = float(sys.argv[5]) if len(sys.argv) > 5 else 25
DRIFT = float(sys.argv[6]) if len(sys.argv) > 6 else 1
N = round(SECONDS * FPS)
ACC, NODE = "#00b3c7", "#9fdfe8"

R = random.Random(7)
nodes = []
for i in range(38):
    nodes.append(dict(
        x=R.uniform(-.05, 1.05) * W, y=R.uniform(-.05, 1.05) * H,
        ax=R.uniform(20, 70) * W / 960 * DRIFT, ay=R.uniform(15, 50) * H / 540 * DRIFT,
        kx=R.choice((1, 1, 2)), ky=R.choice((1, 2)), px=R.uniform(0, 6.3), py=R.uniform(0, 6.3),
        r=R.choice((2.5, 3, 3.5, 5)) * W / 960, acc=(i % 6 == 0)))
LINK = 250 * W / 960

os.makedirs(out, exist_ok=True)
for fno in range(N):
    ph = 2 * math.pi * fno / N
    P = [(n["x"] + n["ax"] * math.sin(n["kx"] * ph + n["px"]), n["y"] + n["ay"] * math.cos(n["ky"] * ph + n["py"])) for n in nodes]
    body = []
    for i in range(len(P)):
        for j in range(i + 1, len(P)):
            d = math.dist(P[i], P[j])
            if d < LINK:
                a = (1 - d / LINK) * .75
                body.append(f'<line x1="{P[i][0]:.1f}" y1="{P[i][1]:.1f}" x2="{P[j][0]:.1f}" y2="{P[j][1]:.1f}" '
                            f'stroke="{NODE}" stroke-opacity="{a:.2f}" stroke-width="{2 * W / 960:.1f}"/>')
    for (x, y), n in zip(P, nodes):
        if n["acc"]:
            pulse = 1 + .5 * (1 + math.sin(2 * ph + n["px"])) / 2
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{n["r"] * 3.2 * pulse:.1f}" fill="{ACC}" fill-opacity=".18"/>')
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{n["r"] * 1.3:.1f}" fill="{ACC}"/>')
        else:
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{n["r"]:.1f}" fill="{NODE}" fill-opacity=".85"/>')
    with open(os.path.join(out, f"f{fno:04d}.svg"), "w") as fh:
        fh.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">' + "".join(body) + "</svg>")
print(N, "frames")
