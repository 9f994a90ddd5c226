import type { Video } from "../../shared/generated/schema-types.ts";
import { PHONE_UPRIGHT } from "./phone-upright.ts";

/**
 * The <source> list of a site video: its phone version first, for phones held upright (the browser
 * takes the first source whose media and type it supports), then the WebM and the MP4. Each type
 * names its codec, so a browser that cannot decode one skips that file by its type instead of
 * fetching it: the phone WebM is AV1, the desktop WebM VP9 and the MP4s H.264 High profile
 * (tools/artwork/media.sh); `avc1.640028` is High at level 4.0, which covers every size up to 1080p.
 */
export const PHONE_WEBM = 'video/webm; codecs="av01.0.01M.08"';
export const WEBM = 'video/webm; codecs="vp9"';
export const MP4 = 'video/mp4; codecs="avc1.640028"';

export function VideoSources({ video }: { video: Video }) {
  return (
    <>
      {video.phone?.webm ? <source src={video.phone.webm} type={PHONE_WEBM} media={PHONE_UPRIGHT} /> : null}
      {video.phone ? <source src={video.phone.src} type={MP4} media={PHONE_UPRIGHT} /> : null}
      {video.webm ? <source src={video.webm} type={WEBM} /> : null}
      <source src={video.src} type={MP4} />
    </>
  );
}
