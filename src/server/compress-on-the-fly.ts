import type { Stats } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance } from "fastify";
import { BROTLI_QUALITY, compressText, worthCompressing } from "../build/precompress.ts";

/**
 * Compressed answers for the text files the build leaves without compressed copies: the pages
 * and their data, whose number grows with the site (src/build/precompress.ts skips them). Each is
 * compressed once, when first asked for, with the codec the client accepts (brotli at the pages'
 * quality, else gzip), and kept in memory while the file is unchanged: the build writes two files
 * a page instead of four, and a visitor gets the same bytes. Written by hand because
 * @fastify/compress compresses every answer again, and keeps nothing.
 */
export interface OnTheFly {
  /** @fastify/static's setHeaders calls this with the file it is about to send. */
  sending(response: object, file: string, stat: Stats): void;
}

/** The compressed copies kept, in bytes (a 10,000-page site's pages and data are about 60 MB in brotli). */
export const CACHE_BYTES = 64 * 1024 * 1024;

interface Kept {
  mtimeMs: number;
  size: number;
  bytes: Buffer;
}

export function compressOnTheFly(app: FastifyInstance): OnTheFly {
  const sent = new WeakMap<object, { file: string; stat: Stats }>();
  // Least recently used first: a Map keeps insertion order, and a hit is moved to the end.
  const kept = new Map<string, Kept>();
  const making = new Map<string, Promise<Buffer>>();
  let keptBytes = 0;

  async function compressed(file: string, stat: Stats, encoding: "br" | "gzip"): Promise<Buffer> {
    const key = `${encoding}\0${file}`;
    const hit = kept.get(key);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) {
      kept.delete(key);
      kept.set(key, hit);
      return hit.bytes;
    }
    const pending = making.get(key);
    if (pending) return pending;
    const made = (async () => {
      const bytes = await compressText(await readFile(file), encoding, BROTLI_QUALITY.pages);
      const stale = kept.get(key);
      if (stale) {
        kept.delete(key);
        keptBytes -= stale.bytes.length;
      }
      kept.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, bytes });
      keptBytes += bytes.length;
      for (const [oldest, entry] of kept) {
        if (keptBytes <= CACHE_BYTES) break;
        kept.delete(oldest);
        keptBytes -= entry.bytes.length;
      }
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, made);
    return made;
  }

  app.addHook("onSend", async (request, reply, payload) => {
    const file = sent.get(reply.raw);
    if (file === undefined) return payload;
    sent.delete(reply.raw);
    // A copy the build made is already on its way; a range or a 304 is left as it is.
    if (reply.statusCode !== 200 || reply.hasHeader("content-encoding") || request.headers.range !== undefined) return payload;
    if (!worthCompressing(file.file, file.stat.size)) return payload;
    const accepted = request.headers["accept-encoding"];
    // "*" is any encoding: gzip, as @fastify/static reads it. negotiate() answers null when none is accepted.
    const encoding = accepted === undefined ? null : negotiate(accepted.toLowerCase().replace(/\*/g, "gzip"), ["br", "gzip"]);
    if (encoding !== "br" && encoding !== "gzip") return payload;
    const bytes = await compressed(file.file, file.stat, encoding);
    // As the build writes no copy that is not smaller (a file of random bytes), such a file goes as it is.
    if (bytes.length >= file.stat.size) return payload;
    reply.header("content-encoding", encoding).header("content-length", bytes.length);
    // HEAD: the headers GET would send, and the library's empty body.
    if (request.method === "HEAD") return payload;
    (payload as Readable | null)?.destroy?.();
    return bytes;
  });

  return { sending: (response, file, stat) => void sent.set(response, { file, stat }) };
}
