import { symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app.ts";
import { MIN_BYTES, precompress } from "../../../src/build/precompress.ts";
import { openTempStore, OUTSIDE_SECRET, SITE_FILES, tempDir, tempSite, testApp } from "./helpers.ts";

const HTML = "text/html; charset=utf-8";
const NOT_FOUND_PAGE = SITE_FILES["404.html"];

const PAGES = [
  { url: "/", file: "index.html" },
  { url: "/index.html", file: "index.html" },
  { url: "/courses/explore", file: "courses/explore/index.html" },
  { url: "/courses/explore/", file: "courses/explore/index.html" },
  { url: "/courses/explore/index.html", file: "courses/explore/index.html" },
  { url: "/courses/explore?utm_source=mail", file: "courses/explore/index.html" },
];

const FILES = [
  // @fastify/send's type for .js (was text/javascript; both are JavaScript MIME types to browsers).
  { url: "/assets/entry-3f9a1c.js", type: "application/javascript; charset=utf-8", cache: "public, max-age=31536000, immutable" },
  { url: "/images/logo.svg", type: "image/svg+xml", cache: "public, max-age=3600" },
  { url: "/videos/intro.mp4", type: "video/mp4", cache: "public, max-age=3600" },
  { url: "/robots.txt", type: "text/plain; charset=utf-8", cache: "public, max-age=3600" },
  // Page data changes with its page, under the same name: revalidated like the HTML.
  { url: "/_data/courses/explore.json", type: "application/json; charset=utf-8", cache: "no-cache" },
];

const REFUSED = [
  "/../outside-secret.txt",
  "/%2e%2e/outside-secret.txt",
  "/%2E%2E/outside-secret.txt",
  "/courses/%2e%2e/%2e%2e/outside-secret.txt",
  "/..%2foutside-secret.txt",
  "/%2e%2e%5coutside-secret.txt",
  "/%2e%2e/outside-secret.txt%00.html",
  "/index.html%00.png",
  "/.build-stamp",
  "/courses/%2e%2e/.build-stamp",
];

// light-my-request normalises "/../" and "%2e%2e" like a browser; a raw socket does not.
const RAW_TRAVERSALS = [
  "/../outside-secret.txt",
  "/%2e%2e/outside-secret.txt",
  "/courses/../../outside-secret.txt",
  "/courses/%2e%2e/%2E%2E/outside-secret.txt",
  "/assets/..%2f..%2foutside-secret.txt",
  "/%2e%2e%5coutside-secret.txt",
];

describe("static site", () => {
  it.each(PAGES)("serves $file for $url with Cache-Control: no-cache", async ({ url, file }) => {
    const { app } = testApp();
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(HTML);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(SITE_FILES[file]);
  });

  it.each(FILES)("serves $url as $type with Cache-Control: $cache", async ({ url, type, cache }) => {
    const { app } = testApp();
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(type);
    expect(response.headers["cache-control"]).toBe(cache);
  });

  it("answers an unknown path with 404 and the site's 404 page", async () => {
    const { app } = testApp();
    const response = await app.inject({ url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe(HTML);
    expect(response.body).toBe(NOT_FOUND_PAGE);
  });

  it("answers 404 with a small page of its own when the site has no 404.html", async () => {
    const { app } = testApp({ distDir: tempSite({ "index.html": "<h1>Home</h1>" }) });
    const response = await app.inject({ url: "/missing" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<h1>Page not found</h1>");
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const { app } = testApp();
    const get = await app.inject({ url: "/courses/explore" });
    const head = await app.inject({ method: "HEAD", url: "/courses/explore" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("answers HEAD for an unknown page with 404 and no body", async () => {
    const { app } = testApp();
    const head = await app.inject({ method: "HEAD", url: "/missing" });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe("");
  });

  it("answers 304 when the client's copy is current", async () => {
    const { app } = testApp();
    const first = await app.inject({ url: "/" });
    const again = await app.inject({ url: "/", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  /** The encoding a client gets for its Accept-Encoding, whether the build made the copy or the server makes it. */
  const ENCODINGS = [
    { accept: "br", encoding: "br" },
    { accept: "gzip", encoding: "gzip" },
    { accept: "gzip, deflate, br", encoding: "br" },
    { accept: "gzip, deflate, br, zstd", encoding: "br" },
    { accept: "br;q=0, gzip", encoding: "gzip" },
    { accept: "*", encoding: "gzip" },
    { accept: "identity", encoding: undefined },
    { accept: "gzip;q=0", encoding: undefined },
    { accept: undefined, encoding: undefined },
  ] as const;

  it.each(ENCODINGS)("sends the build's precompressed copy for Accept-Encoding $accept: $encoding", async ({ accept, encoding }) => {
    const distDir = tempSite();
    await precompress(distDir);
    const { app } = testApp({ distDir });
    for (const url of ["/assets/entry-3f9a1c.js", "/", "/courses/explore", "/courses/explore/"]) {
      const file = url.startsWith("/assets/") ? url.slice(1) : `${url.slice(1)}${url === "/" || url.endsWith("/") ? "" : "/"}index.html`;
      const expected = SITE_FILES[file]!;
      const response = await app.inject({ url, headers: accept === undefined ? {} : { "accept-encoding": accept } });
      expect(response.statusCode, url).toBe(200);
      // Pages smaller than precompress's MIN_BYTES have no copies: they go as they are.
      const compressed = encoding !== undefined && Buffer.byteLength(expected) >= MIN_BYTES;
      expect(response.headers["content-encoding"], url).toBe(compressed ? encoding : undefined);
      const body = compressed ? DECODE[encoding!](response.rawPayload).toString() : response.body;
      expect(body, url).toBe(expected);
      expect(response.headers["cache-control"], url).toBe(url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      expect(response.headers.vary, url).toBe(Buffer.byteLength(expected) >= MIN_BYTES ? "Accept-Encoding" : undefined);
    }
  });

  const COURSE = `<!doctype html><p>${"A course page. ".repeat(100)}</p>`;

  it.each(ENCODINGS)("compresses a page, which the build leaves without copies, for Accept-Encoding $accept: $encoding", async ({ accept, encoding }) => {
    const distDir = tempSite({ ...SITE_FILES, "courses/explore/index.html": COURSE });
    await precompress(distDir, new Set([join(distDir, "courses/explore/index.html")]));
    expect(await readdir(join(distDir, "courses/explore"))).toEqual(["index.html"]);
    const { app } = testApp({ distDir });
    const headers = accept === undefined ? {} : { "accept-encoding": accept };
    const get = await app.inject({ url: "/courses/explore", headers });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-encoding"]).toBe(encoding);
    expect(encoding === undefined ? get.body : DECODE[encoding](get.rawPayload).toString()).toBe(COURSE);
    expect(get.headers["content-length"]).toBe(String(get.rawPayload.length));
    expect(get.headers.vary).toBe("Accept-Encoding");
    expect(get.headers["cache-control"]).toBe("no-cache");
    const head = await app.inject({ method: "HEAD", url: "/courses/explore", headers });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-encoding"]).toBe(encoding);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    // The client's copy is still current, whichever encoding it came in: 304 with nothing.
    const again = await app.inject({ url: "/courses/explore", headers: { ...headers, "if-none-match": String(get.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("keeps a page it compressed while the file is unchanged, and compresses the new one after a build", async () => {
    const distDir = tempSite({ ...SITE_FILES, "courses/explore/index.html": COURSE });
    const { app } = testApp({ distDir });
    const get = () => app.inject({ url: "/courses/explore", headers: { "accept-encoding": "br" } });
    const [first, second] = [await get(), await get()];
    expect(second.rawPayload).toEqual(first.rawPayload);
    const rebuilt = COURSE.replace("A course page.", "A rebuilt course page.");
    writeFileSync(join(distDir, "courses/explore/index.html"), rebuilt);
    expect(brotliDecompressSync((await get()).rawPayload).toString()).toBe(rebuilt);
  });

  it("sends a file that compresses to no fewer bytes as it is, as the build writes no copy of it", async () => {
    // Random bytes: no codec makes them smaller.
    const random = randomBytes(4000);
    const distDir = tempSite();
    writeFileSync(join(distDir, "assets/random.js"), random);
    await precompress(distDir);
    expect((await readdir(join(distDir, "assets"))).filter((f) => f.startsWith("random.js"))).toEqual(["random.js"]);
    const { app } = testApp({ distDir });
    for (const accept of ["br", "gzip"]) {
      const response = await app.inject({ url: "/assets/random.js", headers: { "accept-encoding": accept } });
      expect(response.headers["content-encoding"], accept).toBeUndefined();
      expect(response.rawPayload.equals(random), accept).toBe(true);
    }
  });

  it("sends a range of a page as it is, and a small page uncompressed", async () => {
    const distDir = tempSite({ ...SITE_FILES, "courses/explore/index.html": COURSE });
    const { app } = testApp({ distDir });
    const range = await app.inject({ url: "/courses/explore", headers: { "accept-encoding": "br", range: "bytes=0-14" } });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body).toBe(COURSE.slice(0, 15));
    const small = await app.inject({ url: "/", headers: { "accept-encoding": "br" } });
    expect(Buffer.byteLength(SITE_FILES["index.html"]!)).toBeLessThan(MIN_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe(SITE_FILES["index.html"]);
  });

  it("writes .br and .gz copies only of text files of 1 KB or more, and only when smaller", async () => {
    const distDir = tempSite({
      ...SITE_FILES,
      "assets/big.css": `body{color:red}\n`.repeat(200),
      "assets/random.js": randomBytes(4000).toString("base64"),
      "images/photo.png": "p".repeat(5000),
    });
    const result = await precompress(distDir);
    const copies = (await readdir(distDir, { recursive: true })).filter((f) => /\.(br|gz)$/.test(f)).sort();
    expect(copies).toEqual([
      "assets/big.css.br",
      "assets/big.css.gz",
      "assets/entry-3f9a1c.js.br",
      "assets/entry-3f9a1c.js.gz",
      "assets/random.js.br",
      "assets/random.js.gz",
    ]);
    expect(result.files).toBe(3);
    expect(result.brotliBytes).toBeLessThan(result.bytesBefore);
  });

  it("serves byte ranges of a video", async () => {
    const { app } = testApp();
    const response = await app.inject({ url: "/videos/intro.mp4", headers: { range: "bytes=10-14" } });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe("bytes 10-14/20");
    expect(response.body).toBe("abcde");
  });

  it("answers 416 with a JSON error for a range past the end", async () => {
    const { app } = testApp();
    const response = await app.inject({ url: "/videos/intro.mp4", headers: { range: "bytes=50-60" } });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe("bytes */20");
    expect(response.json()).toEqual({ error: "The requested byte range is outside the file." });
  });

  it.each(REFUSED)("never serves a file outside the site or a hidden file: %s", async (url) => {
    const { app } = testApp();
    const response = await app.inject({ url });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(OUTSIDE_SECRET);
    expect(response.body).not.toContain("secret-ish");
  });

  it("answers a malformed percent-encoding with a JSON 400", async () => {
    const { app } = testApp();
    const response = await app.inject({ url: "/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The URL is not valid." });
  });

  it("does not follow a symlink out of the site", async () => {
    const outside = join(tempDir(), "outside.html");
    writeFileSync(outside, "outside the site");
    const distDir = tempSite({ "index.html": "<h1>Home</h1>" });
    symlinkSync(outside, join(distDir, "leak.html"));
    const { app } = testApp({ distDir });
    const response = await app.inject({ url: "/leak.html" });
    expect(response.statusCode).toBe(404);
  });

  it("refuses raw ../ sent on the wire, unnormalised", async () => {
    const app = buildApp({ store: openTempStore(), distDir: tempSite(), logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as AddressInfo;
      for (const path of RAW_TRAVERSALS) {
        const { status, body } = await rawGet(port, path);
        expect(status, path).toBe(404);
        expect(body).not.toContain(OUTSIDE_SECRET);
      }
    } finally {
      await app.close();
    }
  });

  it("refuses to start without the site folder", () => {
    expect(() => buildApp({ store: openTempStore(), distDir: join(tempDir(), "dist"), logger: false })).toThrow(/does not exist: run `npm run build` first/);
  });

  it("serves the API alone when distDir is null", async () => {
    const { app } = testApp({ distDir: null });
    const response = await app.inject({ url: "/" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page not found");
  });
});

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
