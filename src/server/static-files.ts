import { createReadStream, realpathSync, type Stats } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseByteRange, type ByteRange } from "./byte-range.ts";
import { cacheControlFor, REVALIDATE } from "./cache-control.ts";
import { chooseEncoding, compress, CompressedCache, worthCompressing, type Encoding } from "./compression.ts";
import { contentTypeFor, isCompressible } from "./content-types.ts";
import { resolveStaticFile, type StaticFile } from "./static-path.ts";
import { isApiPath, pathOf } from "./url-path.ts";

export interface StaticSiteOptions {
  /** The prerendered site (Vite's `dist/`). */
  distDir: string;
}

const FALLBACK_404 =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
  '<body><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></body></html>';

function entityTag(stats: Stats, encoding?: Encoding): string {
  const base = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
  return encoding === undefined ? `"${base}"` : `"${base}-${encoding}"`;
}

function matchesEntityTag(header: string, etag: string): boolean {
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

function isNotModified(request: FastifyRequest, etag: string, stats: Stats): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return matchesEntityTag(ifNoneMatch, etag);
  const ifModifiedSince = request.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

// A Range applies only if the client's copy (If-Range) is still the current file.
function requestedRange(request: FastifyRequest, etag: string, size: number): ByteRange | "unsatisfiable" | undefined {
  const ifRange = request.headers["if-range"];
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  return parseByteRange(request.headers.range, size);
}

function sendBody(request: FastifyRequest, reply: FastifyReply, length: number, body: () => unknown) {
  reply.header("content-length", length);
  return request.method === "HEAD" ? reply.send() : reply.send(body());
}

async function compressedCopy(cache: CompressedCache, file: StaticFile, encoding: Encoding): Promise<Buffer> {
  const key = `${file.filePath}\0${file.stats.size}\0${file.stats.mtimeMs}\0${encoding}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const compressed = await compress(await readFile(file.filePath), encoding);
  cache.set(key, compressed);
  return compressed;
}

async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  encoding: Encoding,
  cache: CompressedCache,
) {
  const content = await compressedCopy(cache, file, encoding);
  reply.header("content-encoding", encoding);
  return sendBody(request, reply, content.length, () => content);
}

function sendIdentity(request: FastifyRequest, reply: FastifyReply, file: StaticFile, etag: string) {
  const { size } = file.stats;
  const range = requestedRange(request, etag, size);
  reply.header("accept-ranges", "bytes");
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("content-range", `bytes */${size}`)
      .type("application/json; charset=utf-8")
      .send({ error: "The requested byte range is outside the file." });
  }
  if (range === undefined) return sendBody(request, reply, size, () => createReadStream(file.filePath));
  reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`);
  return sendBody(request, reply, range.end - range.start + 1, () =>
    createReadStream(file.filePath, { start: range.start, end: range.end }),
  );
}

function chosenEncoding(request: FastifyRequest, contentType: string, size: number): Encoding | undefined {
  if (!isCompressible(contentType) || !worthCompressing(size)) return undefined;
  return chooseEncoding(request.headers["accept-encoding"]);
}

async function serveFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, cache: CompressedCache) {
  const contentType = contentTypeFor(file.filePath);
  const encoding = chosenEncoding(request, contentType, file.stats.size);
  const etag = entityTag(file.stats, encoding);
  reply
    .type(contentType)
    .header("cache-control", cacheControlFor(pathOf(request.url), contentType))
    .header("etag", etag)
    .header("last-modified", file.stats.mtime.toUTCString());
  if (isCompressible(contentType)) reply.header("vary", "Accept-Encoding");
  if (isNotModified(request, etag, file.stats)) return reply.code(304).send();
  if (encoding !== undefined) return sendCompressed(request, reply, file, encoding, cache);
  return sendIdentity(request, reply, file, etag);
}

/** The site's own 404 page (dist/404.html) when it has one, else a minimal page. */
export async function notFoundPage(distDir: string | null): Promise<string> {
  if (distDir === null) return FALLBACK_404;
  try {
    return await readFile(join(distDir, "404.html"), "utf8");
  } catch {
    return FALLBACK_404;
  }
}

export async function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, distDir: string | null) {
  const page = await notFoundPage(distDir);
  reply.code(404).type("text/html; charset=utf-8").header("cache-control", REVALIDATE);
  return sendBody(request, reply, Buffer.byteLength(page), () => page);
}

/**
 * GET and HEAD for every path not taken by another route: files of the prerendered site,
 * never anything outside it. Unknown paths fall through to the app's not-found handler.
 */
export function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions): void {
  const root = realpathSync(options.distDir);
  const cache = new CompressedCache();
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler(request, reply) {
      const urlPath = pathOf(request.url);
      const file = isApiPath(urlPath) ? null : resolveStaticFile(root, urlPath);
      if (file === null) return reply.callNotFound();
      return serveFile(request, reply, file, cache);
    },
  });
}
