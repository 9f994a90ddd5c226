import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureName, PICTURE_BUDGET_BYTES } from "../../../../src/server/editor/pictures.ts";
import { freePort } from "../../../../tools/test/free-port.ts";
import { fixtureRoot } from "../../fixture-site.ts";
import { startEditorApp } from "./editor-app.ts";

let root: string;
let cleanup: () => void;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ root, cleanup } = fixtureRoot());
  ({ app, close } = await startEditorApp(root, async () => ({ ok: true, output: "" })));
}, 60_000);

afterAll(async () => {
  await close?.();
  cleanup?.();
});

/** A photo-like picture of the given size and type: soft blobs of colour (noise drawn at a fortieth and enlarged), which compress as a photo does. */
async function picture(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif", exifOrientation?: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: Math.ceil(width / 40),
      height: Math.ceil(height / 40),
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  const encoded = sharp(small).resize(width, height, { fit: "fill", kernel: "cubic" }).toFormat(format);
  return exifOrientation ? encoded.withMetadata({ orientation: exifOrientation }).toBuffer() : encoded.toBuffer();
}

const upload = (query: Record<string, string>, body: Buffer | string, contentType = "application/octet-stream") =>
  app.inject({
    method: "POST",
    url: `/admin/api/picture?${new URLSearchParams({ page: "site/about.yaml", ...query })}`,
    headers: { "content-type": contentType },
    payload: body,
  });

const assetsOf = () => (existsSync(join(root, "site/assets/about")) ? readdirSync(join(root, "site/assets/about")).sort() : []);

describe("a picture dropped on a field is written under site/assets/ in the site's format", () => {
  it.each<
    [
      string,
      () => Promise<Buffer>,
      Record<string, string>,
      string,
      { src: string; width: number; height: number },
      { src: string; width: number; height: number } | undefined,
    ]
  >([
    [
      "a JPEG photo, larger than the site draws",
      () => picture(3200, 2000, "jpeg"),
      { name: "Field photo.JPG" },
      "image/jpeg",
      { src: "/about/field-photo.webp", width: 1600, height: 1000 },
      undefined,
    ],
    [
      "a PNG, kept at its own size",
      () => picture(400, 300, "png"),
      { name: "chart.png" },
      "image/png",
      { src: "/about/chart.webp", width: 400, height: 300 },
      undefined,
    ],
    [
      "a WebP with a phone version cut from its right side",
      () => picture(1600, 600, "webp"),
      { name: "banner.webp", phone: "right" },
      "image/webp",
      { src: "/about/banner.webp", width: 1600, height: 600 },
      { src: "/about/banner-phone.webp", width: 400, height: 600 },
    ],
    [
      "a JPEG the camera held upright (EXIF orientation 6), turned as it says",
      () => picture(1200, 800, "jpeg", 6),
      { name: "upright.jpg" },
      "image/jpeg",
      { src: "/about/upright.webp", width: 800, height: 1200 },
      undefined,
    ],
    [
      "a picture under a path-like name: only its last part names the file",
      () => picture(300, 200, "png"),
      { name: "../../../etc/passwd.png" },
      "application/octet-stream",
      { src: "/about/passwd.webp", width: 300, height: 200 },
      undefined,
    ],
    [
      "a JPEG named as a PNG: the bytes say what it is",
      () => picture(300, 200, "jpeg"),
      { name: "looks-like.png" },
      "image/png",
      { src: "/about/looks-like.webp", width: 300, height: 200 },
      undefined,
    ],
  ])("%s", async (_name, make, query, contentType, expected, phone) => {
    const response = await upload(query, await make(), contentType);
    expect(response.statusCode).toBe(201);
    const written = response.json();
    expect({ src: written.src, width: written.width, height: written.height }).toEqual(expected);
    expect(written.phone && { src: written.phone.src, width: written.phone.width, height: written.phone.height }).toEqual(phone);
    for (const file of [written, written.phone].filter(Boolean)) {
      const bytes = readFileSync(join(root, "site/assets", file.src));
      expect(bytes.length).toBe(file.bytes);
      expect(bytes.length).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", file.width, file.height, undefined]);
    }
  });

  it("never writes over a picture of the same name unless told to", async () => {
    const first = (await upload({ name: "team.png" }, await picture(200, 100, "png"))).json();
    const second = (await upload({ name: "team.png" }, await picture(300, 100, "png"))).json();
    expect([first.src, second.src]).toEqual(["/about/team.webp", "/about/team-2.webp"]);
    const replaced = (await upload({ name: "team.png", replace: "1" }, await picture(400, 100, "png"))).json();
    expect([replaced.src, replaced.width]).toEqual(["/about/team.webp", 400]);
    expect((await sharp(readFileSync(join(root, "site/assets/about/team.webp"))).metadata()).width).toBe(400);
  });

  it("keeps a large noisy photo within the 150 KB budget every picture of the site keeps", async () => {
    // Noise at every pixel is the worst case for any encoder: no photo compresses less.
    const noise = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const written = (await upload({ name: "noisy.jpg", phone: "centre" }, noise)).json();
    expect(written.bytes).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
    expect(written.phone.bytes).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
    expect(written.phone.width / written.phone.height).toBeCloseTo(2 / 3, 2);
  });
});

describe("the upload refuses what is not a picture it may write, in the project's JSON error shape, writing nothing", () => {
  const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
  const SVG_WITH_HANDLER = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>';
  const SVG_WITH_REFERENCE =
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://example.com/x.png" width="10" height="10"/></svg>';
  const SVG_REFUSED =
    "SVG files are not accepted: an SVG can carry scripts and links to other sites. Save the picture as PNG or WebP and upload that; the site's own drawings come from tools/artwork.";
  it.each<[string, () => Promise<Buffer | string>, Record<string, string>, number, string]>([
    [
      "a text file renamed .jpg",
      async () => "Dear team, the minutes of Monday's meeting follow.\n",
      { name: "minutes.jpg" },
      415,
      "This file is not a picture the editor can read: upload a JPEG, PNG or WebP file.",
    ],
    ["an SVG with a script", async () => SVG_WITH_SCRIPT, { name: "logo.svg" }, 415, SVG_REFUSED],
    ["an SVG with an event handler, named .png", async () => SVG_WITH_HANDLER, { name: "logo.png" }, 415, SVG_REFUSED],
    ["an SVG with an external reference", async () => SVG_WITH_REFERENCE, { name: "logo.svg" }, 415, SVG_REFUSED],
    ["a GIF", () => picture(20, 20, "gif"), { name: "anim.gif" }, 415, "This is a GIF file: upload a JPEG, PNG or WebP picture."],
    ["an empty body", async () => "", { name: "empty.png" }, 400, "The upload is empty: drop or choose a picture file."],
    [
      "a 50 MB body",
      async () => Buffer.alloc(50 * 1024 * 1024),
      { name: "huge.jpg" },
      413,
      "The picture is too large: an upload may be at most 25 MB. Make it smaller first.",
    ],
    [
      "a page outside site/",
      () => picture(20, 20, "png"),
      { name: "x.png", page: "../package.json" },
      400,
      '"../package.json" is outside site/: a path may not contain . or .. parts.',
    ],
    [
      "a page under site/assets/",
      () => picture(20, 20, "png"),
      { name: "x.png", page: "site/assets/x.yaml" },
      400,
      '"site/assets/x.yaml" is a picture or media file under site/assets/, not a page.',
    ],
    ["an unknown phone cut", () => picture(20, 20, "png"), { name: "x.png", phone: "left" }, 400, "phone is how the phone version is cut: right or centre."],
  ])("%s", async (_name, make, query, status, error) => {
    const before = assetsOf();
    const response = await upload(query, await make());
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error });
    expect(assetsOf()).toEqual(before);
    expect(existsSync(join(root, "package.webp"))).toBe(false);
  });

  it("refuses a 50 MB upload from its Content-Length, before its body is sent", async () => {
    const port = await freePort();
    await app.listen({ port, host: "127.0.0.1" });
    const answer = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/admin/api/picture?page=site/about.yaml&name=huge.jpg",
          headers: { "content-type": "image/jpeg", "content-length": String(50 * 1024 * 1024) },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, body, sentBytes: request.socket?.bytesWritten ?? -1 }));
        },
      );
      request.on("error", reject);
      // Only the first kilobyte is ever sent: an answer that waited for the rest would never come.
      request.write(Buffer.alloc(1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "The picture is too large: an upload may be at most 25 MB. Make it smaller first." });
    expect(answer.sentBytes).toBeLessThan(64 * 1024);
  });
});

describe("the new file's name", () => {
  it.each([
    ["Field photo.JPG", "field-photo"],
    ["../../etc/passwd.png", "passwd"],
    ["C:\\Users\\me\\Café au lait.jpeg", "cafe-au-lait"],
    ["..", "picture"],
    ["", "picture"],
    [42, "picture"],
    [".hidden.png", "hidden"],
    [`${"a".repeat(70)}.png`, "a".repeat(60)],
  ])("%j is written as %s", (raw, name) => {
    expect(pictureName(raw)).toBe(name);
  });
});
