import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MP4, PHONE_WEBM, WEBM } from "../../../../src/app/ui/VideoSources.tsx";
import { PROJECT } from "../../fixture-site.ts";

const ASSETS = join(PROJECT, "site", "assets");

/** Every file under site/assets with this extension. */
const assetFiles = (ext: string) => (readdirSync(ASSETS, { recursive: true }) as string[]).filter((f) => f.endsWith(ext)).map((f) => join(ASSETS, f));

describe("video sources", () => {
  // The declared codecs must be true of the files: a browser trusts the type and never looks.
  it.each(assetFiles(".mp4"))("%s is H.264 High profile at level 4.0 or lower, as MP4's type says", (file) => {
    expect(MP4).toBe('video/mp4; codecs="avc1.640028"');
    const data = readFileSync(file);
    const avcC = data.indexOf("avcC");
    expect(avcC, "an avcC box").toBeGreaterThan(0);
    expect(data[avcC + 5], "profile").toBe(0x64);
    expect(data[avcC + 7], "level").toBeLessThanOrEqual(0x28);
  });

  it.each(assetFiles(".webm"))("%s is the codec its type names (AV1 for a phone WebM, VP9 otherwise)", (file) => {
    const codecId = file.includes("-phone") ? "V_AV1" : "V_VP9";
    expect(file.includes("-phone") ? PHONE_WEBM : WEBM).toContain(codecId === "V_AV1" ? "av01" : "vp9");
    expect(readFileSync(file).includes(codecId)).toBe(true);
  });
});
