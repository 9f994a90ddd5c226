#!/usr/bin/env bash
# Regenerate the raster assets of the Nexa AI site: the home intro video (MP4 + WebM
# + posters), the seven service-card clips with posters, and the Open Graph PNG.
#
#   bash tools/artwork/media.sh            # everything
#   bash tools/artwork/media.sh intro      # only the intro (desktop and phone versions)
#   bash tools/artwork/media.sh services   # only the service clips
#   bash tools/artwork/media.sh og         # only og/default.png
#
# Needs Debian's ffmpeg (built with librsvg, libx264, libvpx, libaom, libwebp) and python3.
# The intro is generated from ffmpeg lavfi sources coloured into the site palette and SVG frames;
# the service clips from SVG frames in the card illustration style. Nothing is downloaded.
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

# intro_master NAME SECONDS FPS DRIFT FLOW: the lossless 1280x720 intro master, $TMP/NAME-master.mkv,
# one loop long. Both layers move with period SECONDS, so the clip loops without a seam; DRIFT scales
# how far the nodes wander (intro_frames.py); FLOW 0 holds the background gradient still.
intro_master() {
  local name=$1 D=$2 R=$3 drift=$4 flow=$5 W=1280 H=720
  # 1. background: slow flowing gradient from periodic sines (period = D, so it loops)
  local t="($flow*T)"
  local v="(0.5+0.25*sin(X/70+2*PI*$t/$D)+0.25*sin(Y/48-X/150+4*PI*$t/$D))"
  local w="(0.6+0.4*sin((X+Y)/200-2*PI*$t/$D))"
  "${FF[@]}" -f lavfi -i "color=c=black:s=480x270:r=$R:d=$D,format=rgb24,geq=r='11+14*pow($v,2)':g='31+96*pow($v,2)*$w':b='58+110*pow($v,2)*$w'" \
    -c:v ffv1 "$TMP/$name-bg.mkv"
  # 2. foreground: drifting node network, one SVG per frame, periodic too
  rm -rf "$TMP/$name"
  python3 "$HERE/intro_frames.py" "$TMP/$name" $W $H "$D" "$R" "$drift" >/dev/null
  # 3. blend
  local G="[0]scale=$W:$H:flags=bicubic,gblur=sigma=8,format=rgba[bg];[1]format=rgba[n];[bg][n]overlay=format=auto,format=yuv420p"
  "${FF[@]}" -i "$TMP/$name-bg.mkv" -framerate "$R" -i "$TMP/$name/f%04d.svg" -filter_complex "$G" -c:v ffv1 "$TMP/$name-master.mkv"
}

intro() {
  intro_master intro 10 25 1 1
  # The video sits under a 25-90 % navy overlay: 960x540 is its displayed sharpness; the quality
  # settings are the highest compression before the thin network lines smear (compared frame by frame).
  local M="$TMP/intro-master.mkv" S="scale=960:540:flags=lanczos"
  "${FF[@]}" -i "$M" -vf "$S" "${X264[@]}" -crf 34 -g 250 "$OUT/home/intro.mp4"
  "${FF[@]}" -i "$M" -vf "$S" -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -deadline good -cpu-used 2 -g 250 -pix_fmt yuv420p -an "$OUT/home/intro.webm"
  "${FF[@]}" -i "$M" -frames:v 1 -q:v 5 "$OUT/home/intro-poster.jpg"
  "${FF[@]}" -i "$M" -frames:v 1 -c:v libwebp -quality 72 "$OUT/home/intro-poster.webp"
  intro_phone
}

# The phone version (video.phone and poster.phone in site/index.yaml): on a phone held upright the
# intro is about 375x630 CSS px, so the 16:9 video would be cropped to its middle third and scaled
# up. This one is that middle 2:3 cut at 360x540, one 4 s loop at 12.5 fps (the nodes wander 0.4 as
# far, so they move as fast as on the desktop) over a still gradient: every frame costs bytes, a short
# loop is not noticed under the overlay, and a flowing gradient at this size breaks into blocks. AV1 at
# the highest compression before the network lines break up (about 8 KB, compared frame by frame;
# VP9 smears them at that size); H.264 for browsers without AV1.
intro_phone() {
  intro_master intro-phone 4 12.5 0.4 0
  local M="$TMP/intro-phone-master.mkv" S="crop=480:720,scale=360:540:flags=lanczos"
  "${FF[@]}" -i "$M" -vf "$S" -c:v libaom-av1 -crf 56 -b:v 0 -cpu-used 2 -row-mt 1 -g 50 -pix_fmt yuv420p -an "$OUT/home/intro-phone.webm"
  "${FF[@]}" -i "$M" -vf "$S" "${X264[@]}" -crf 40 -g 50 "$OUT/home/intro-phone.mp4"
  "${FF[@]}" -i "$M" -vf "$S" -frames:v 1 -c:v libwebp -quality 60 -compression_level 6 "$OUT/home/intro-phone-poster.webp"
}

# The service-card clips: the service's subject and what it works with, in the card illustration
# style, with pulses running along the links (service_frames.py draws one SVG per frame; every
# motion is periodic in the clip, so it loops without a seam). 4 s at 25 fps, 480x320, the shape
# and size the cards show them at; the poster is the first frame, in WebP (less than half a JPEG's
# bytes at the same look: the first card's poster is fetched on the home page's first view).
services() {
  rm -rf "$TMP/services"
  python3 "$HERE/service_frames.py" "$TMP/services" 4 25 >/dev/null
  for dir in "$TMP/services"/*/; do
    local slug
    slug="$(basename "$dir")"
    "${FF[@]}" -framerate 25 -i "$dir/f%04d.svg" -vf "format=yuv420p" "${X264[@]}" -crf 30 -g 100 "$OUT/services/$slug.mp4"
    "${FF[@]}" -i "$dir/f0000.svg" -frames:v 1 -c:v libwebp -quality 65 -compression_level 6 "$OUT/services/$slug.webp"
  done
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
