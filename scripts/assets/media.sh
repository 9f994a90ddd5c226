#!/usr/bin/env bash
# Regenerate the raster assets of the Nexa AI site: the home intro video (MP4 + WebM
# + posters), the seven service-card clips with posters, and the Open Graph PNG.
#
#   bash scripts/assets/media.sh            # everything
#   bash scripts/assets/media.sh intro      # only the intro
#   bash scripts/assets/media.sh services   # only the service clips
#   bash scripts/assets/media.sh og         # only og/default.png
#
# Needs Debian's ffmpeg (built with librsvg, libx264, libvpx, libwebp) and python3.
# Every clip is generated from ffmpeg lavfi sources (geq, life, cellauto, mandelbrot,
# sierpinski, gradients) coloured into the site palette; nothing is downloaded.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/site/assets"
TMP="${NEXA_ASSETS_TMP:-/tmp/nexa-assets}"
mkdir -p "$TMP" "$OUT/home" "$OUT/services" "$OUT/og"
FF=(ffmpeg -hide_banner -loglevel error -y)

# grey -> palette: black becomes navy #0b1f3a, white becomes a light teal near #00b3c7
LUT="format=rgb24,lutrgb=r='11+val*0.36':g='31+val*0.74':b='58+val*0.70'"
# grey -> palette, darker: white lands exactly on the accent #00b3c7
LUTA="format=rgb24,lutrgb=r='11-val*0.043':g='31+val*0.58':b='58+val*0.553'"
# grey -> palette, dim: white becomes a muted steel teal, for dense patterns
LUTD="format=rgb24,lutrgb=r='11':g='31+val*0.3':b='58+val*0.33'"
X264=(-c:v libx264 -preset slow -tune animation -pix_fmt yuv420p -movflags +faststart -an)

intro() {
  local W=1280 H=720 D=10
  # 1. background: slow flowing gradient from periodic sines (period = D, so it loops)
  local v="(0.5+0.25*sin(X/70+2*PI*T/$D)+0.25*sin(Y/48-X/150+4*PI*T/$D))"
  local w="(0.6+0.4*sin((X+Y)/200-2*PI*T/$D))"
  "${FF[@]}" -f lavfi -i "color=c=black:s=480x270:r=25:d=$D,format=rgb24,geq=r='11+14*pow($v,2)':g='31+96*pow($v,2)*$w':b='58+110*pow($v,2)*$w'" \
    -c:v ffv1 "$TMP/intro-bg.mkv"
  # 2. foreground: drifting node network, one SVG per frame, periodic too
  rm -rf "$TMP/intro"
  python3 "$HERE/intro_frames.py" "$TMP/intro" $W $H $D 25 >/dev/null
  # 3. blend and encode
  local G="[0]scale=$W:$H:flags=bicubic,gblur=sigma=8,format=rgba[bg];[1]format=rgba[n];[bg][n]overlay=format=auto,format=yuv420p"
  "${FF[@]}" -i "$TMP/intro-bg.mkv" -framerate 25 -i "$TMP/intro/f%04d.svg" -filter_complex "$G" -c:v ffv1 "$TMP/intro-master.mkv"
  # The video sits under a 25-90 % navy overlay: 960x540 is its displayed sharpness; the quality
  # settings are the highest compression before the thin network lines smear (compared frame by frame).
  local S="scale=960:540:flags=lanczos"
  "${FF[@]}" -i "$TMP/intro-master.mkv" -vf "$S" "${X264[@]}" -crf 34 -g 250 "$OUT/home/intro.mp4"
  "${FF[@]}" -i "$TMP/intro-master.mkv" -vf "$S" -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -deadline good -cpu-used 2 -g 250 -pix_fmt yuv420p -an "$OUT/home/intro.webm"
  "${FF[@]}" -i "$TMP/intro-master.mkv" -frames:v 1 -q:v 5 "$OUT/home/intro-poster.jpg"
  "${FF[@]}" -i "$TMP/intro-master.mkv" -frames:v 1 -c:v libwebp -quality 72 "$OUT/home/intro-poster.webp"
}

# clip SLUG FILTERGRAPH : the graph must end in [v]; 4 s at 25 fps, 480x270
clip() {
  local slug=$1 graph=$2
  "${FF[@]}" -filter_complex "$graph" -map "[v]" -t 4 -r 25 "${X264[@]}" -crf "${3:-30}" -g 100 "$OUT/services/$slug.mp4"
  "${FF[@]}" -ss 1 -i "$OUT/services/$slug.mp4" -frames:v 1 -q:v 6 "$OUT/services/$slug.jpg"
}

# seamless loop: render 5 s, then cross-fade the last second into the first
LOOP="split[a][b];[a]trim=1:5,setpts=PTS-STARTPTS[m];[b]trim=0:1,setpts=PTS-STARTPTS[h];[m][h]xfade=transition=fade:duration=1:offset=3"

services() {
  # AI strategy: a radar sweep over range rings (geq); one turn per 4 s
  local d="hypot(X-240,Y-135)" s="mod(atan2(Y-135,X-240)-2*PI*T/4+8*PI,2*PI)"
  local blip="(lt(hypot(X-300,Y-92),5)*exp(-1.2*mod(atan2(-43,60)-2*PI*T/4+8*PI,2*PI))+lt(hypot(X-180,Y-170),5)*exp(-1.2*mod(atan2(35,-60)-2*PI*T/4+8*PI,2*PI))+lt(hypot(X-262,Y-200),5)*exp(-1.2*mod(atan2(65,22)-2*PI*T/4+8*PI,2*PI)))"
  clip ai-strategy "color=c=black:s=480x270:r=25:d=4,format=gray,geq=lum='min(255,lt($d,128)*(70*pow(abs(cos($d*PI/32)),30)+50*(lt(abs(X-240),1)+lt(abs(Y-135),1))+200*exp(-2.2*$s))+255*$blip)',$LUT,gblur=sigma=0.6[v]"

  # Generative AI: a Mandelbrot zoom that breathes in and out (ping-pong loops seamlessly)
  clip generative-ai "mandelbrot=s=480x270:r=25:maxiter=400:inner=black:start_scale=2.2:end_scale=0.35:end_pts=50,trim=end_frame=50,format=gray,split[f][r];[r]reverse,trim=start_frame=1:end_frame=48,setpts=PTS-STARTPTS[rb];[f][rb]concat=n=2:v=1,$LUT,setpts=N/25/TB[v]"

  # AI agents: Game of Life cells with fading trails (many small agents)
  clip ai-agents "life=s=96x54:r=12:ratio=0.16:random_seed=11:mold=24:life_color=#00b3c7:death_color=#0b1f3a:mold_color=#1b3d69,scale=480:270:flags=neighbor,framerate=fps=25,gblur=sigma=1.2,trim=0:5,$LOOP[v]" 33

  # Data engineering: a rule-110 cellular automaton streaming sideways like data lanes
  clip data-engineering "cellauto=s=45x80:r=8:rule=110:random_seed=4:random_fill_ratio=0.4,transpose=1,scale=480:270:flags=neighbor,framerate=fps=25,gblur=sigma=1.5,$LUTD,trim=0:5,$LOOP[v]"

  # MLOps: a turning spiral gradient under a dashboard grid; exactly one turn per 100 frames
  clip mlops "gradients=s=480x270:r=25:c0=#0b1f3a:c1=#00b3c7:c2=#1b3d69:c3=#0b1f3a:n=4:speed=0.0628318:type=spiral:x0=300:y0=150:x1=120:y1=60,drawgrid=w=40:h=40:t=1:c=white@0.08,drawgrid=w=120:h=90:t=2:c=#00b3c7@0.25[v]"

  # Custom software: a Sierpinski carpet sliding across (structured building blocks)
  clip custom-software "sierpinski=s=480x270:r=25:type=carpet:seed=7:jump=40,format=gray,negate,gblur=sigma=1.3,$LUTA,trim=0:5,$LOOP[v]"

  # AI training: two interfering ripple sources (geq), periods 2 s and 1 s
  local v2="(0.5+0.25*sin(hypot(X-150,Y-135)/7-2*PI*T/2)+0.25*sin(hypot(X-340,Y-120)/9-2*PI*T))"
  clip ai-training "color=c=black:s=480x270:r=25:d=4,format=gray,geq=lum='255*pow($v2,3)',$LUT[v]"
}

og() {
  python3 "$HERE/generate.py" --og "$TMP/og-source.svg"
  "${FF[@]}" -i "$TMP/og-source.svg" -frames:v 1 -pix_fmt rgb24 "$TMP/og-full.png"
  local size
  size=$(stat -c %s "$TMP/og-full.png")
  if [ "$size" -lt 150000 ]; then
    cp "$TMP/og-full.png" "$OUT/og/default.png"
  else # too big: 8-bit palette with light dithering keeps it well under 150 KB
    "${FF[@]}" -i "$TMP/og-full.png" -filter_complex "split[a][b];[a]palettegen=max_colors=192:stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3" \
      -pix_fmt pal8 "$OUT/og/default.png"
  fi
}

case "${1:-all}" in
  intro) intro ;;
  services) services ;;
  og) og ;;
  all) intro; services; og ;;
  *) echo "usage: $0 [intro|services|og|all]" >&2; exit 2 ;;
esac
