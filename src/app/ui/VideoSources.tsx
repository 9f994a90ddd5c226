import type { Video } from "../../shared/generated/schema-types.ts";
import { PHONE_UPRIGHT } from "./phone-upright.ts";

/**
 * The <source> list of a site video: its phone version first, for phones held upright (the browser
 * takes the first source whose media and type it supports), then the WebM and the MP4. The phone
 * WebM is AV1 (tools/artwork/media.sh), named with its codec so a browser without AV1 skips to the MP4.
 */
const PHONE_WEBM = 'video/webm; codecs="av01.0.01M.08"';

export function VideoSources({ video }: { video: Video }) {
  return (
    <>
      {video.phone?.webm ? <source src={video.phone.webm} type={PHONE_WEBM} media={PHONE_UPRIGHT} /> : null}
      {video.phone ? <source src={video.phone.src} type="video/mp4" media={PHONE_UPRIGHT} /> : null}
      {video.webm ? <source src={video.webm} type="video/webm" /> : null}
      <source src={video.src} type="video/mp4" />
    </>
  );
}
