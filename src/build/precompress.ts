// Brotli and gzip copies of the built site's text files, made once at build time, so the
// server sends `x.js.br` or `x.js.gz` beside `x.js` (@fastify/static's preCompressed)
// instead of compressing on every request. A static host or CDN can use them the same way.
import { readFile, writeFile } from "node:fs/promises";
import { extname } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { filesUnder } from "../shared/files-under.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats. Images, fonts and videos are compressed already. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".svg", ".json", ".xml", ".txt", ".webmanifest", ".map"]);

const isText = (file: string) => COMPRESSIBLE.has(extname(file).toLowerCase());

/**
 * Below this, the compressed copy saves less than its headers and a round of decoding cost. From
 * 512 bytes on it pays: the 818-byte logo every page fetches first is 339 bytes in brotli, against
 * about 50 bytes of content-encoding and vary headers.
 */
export const MIN_BYTES = 512;

/**
 * Measured on this site's 3.9 MB of text: brotli 11 is 2 % smaller than 10 and 13 % smaller
 * than 5, but takes about 80 times as long as 5 (25 s against 0.3 s on 2 cores). So pages and
 * their data, whose number grows with the site, get 5 (compressed by the server when first asked
 * for: src/server/compress-on-the-fly.ts); everything else (the scripts, the stylesheet and the
 * pictures, about 1 MB whatever the number of pages, fetched by every visitor) gets 11 here: the
 * entry script is about 4 KB smaller on the wire, for about a second of build. Gzip 9 costs
 * little more than 6.
 */
export const BROTLI_QUALITY = { pages: 5, assets: 11 } as const;
const GZIP_LEVEL = 9;

export interface Precompressed {
  /** Files with at least one smaller copy written. */
  files: number;
  bytesBefore: number;
  /** Bytes of the brotli copies (what most browsers get). */
  brotliBytes: number;
}

/**
 * The one way a text is compressed, by the build and by the server (src/server/compress-on-the-fly.ts):
 * brotli at `brotliQuality`, its window fitted to the text, or gzip at GZIP_LEVEL.
 */
export function compressText(content: Buffer, encoding: "br" | "gzip", brotliQuality: number): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(content, { level: GZIP_LEVEL });
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(content.length),
    },
  });
}

/** Whether a file is worth a compressed answer: a text format, of MIN_BYTES or more. */
export const worthCompressing = (file: string, bytes: number): boolean => isText(file) && bytes >= MIN_BYTES;

/** Writes the smaller copies of one file's `content`; a copy that is not smaller is not written (the server then compresses the file itself). */
async function compressContent(file: string, content: Buffer, result: Precompressed): Promise<void> {
  const [br, gz] = await Promise.all([compressText(content, "br", BROTLI_QUALITY.assets), compressText(content, "gzip", BROTLI_QUALITY.assets)]);
  const writes = [br.length < content.length && writeFile(`${file}.br`, br), gz.length < content.length && writeFile(`${file}.gz`, gz)];
  await Promise.all(writes.filter(Boolean));
  if (writes.some(Boolean)) {
    result.files += 1;
    result.bytesBefore += content.length;
    result.brotliBytes += Math.min(br.length, content.length);
  }
}

/**
 * Brotli's window: the smallest that holds the whole file (16 = 64 KB … 24 = 16 MB). A window
 * larger than the file compresses no better, but its encoder holds several MB: with a page's
 * 64 KB window, the prerender's compressions in flight take little memory.
 */
export const windowBits = (bytes: number): number => Math.min(24, Math.max(16, Math.ceil(Math.log2(Math.max(bytes, 1)))));

/** zlib runs on libuv's thread pool (4 threads): this many files in flight keep it busy without holding much memory. */
const IN_FLIGHT = 4;

/**
 * Compresses files as they are written, on zlib's threads, while the caller goes on (the
 * assets of a bundle, and those an update of the live build copies in).
 * `add` waits only when IN_FLIGHT files are already being compressed; `drain` waits for all of them.
 */
export class CompressQueue {
  readonly result: Precompressed = { files: 0, bytesBefore: 0, brotliBytes: 0 };
  private readonly running = new Set<Promise<void>>();
  private failure: unknown = null;

  async add(file: string, content: string | Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    if (!worthCompressing(file, bytes.length)) return;
    const job: Promise<void> = compressContent(file, bytes, this.result)
      .catch((error: unknown) => void (this.failure ??= error))
      .finally(() => this.running.delete(job));
    this.running.add(job);
    if (this.running.size >= IN_FLIGHT) await Promise.race(this.running);
  }

  async drain(): Promise<Precompressed> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
    return this.result;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of at least MIN_BYTES under `dir`,
 * except `skip`: the prerender's pages and data, which the server compresses when first asked
 * for (src/server/compress-on-the-fly.ts). What is left is the same whatever the number of pages.
 */
export async function precompress(dir: string, skip: ReadonlySet<string> = new Set()): Promise<Precompressed> {
  const queue = new CompressQueue();
  for (const file of filesUnder(dir)) {
    // Only text files are read; add() leaves out those under MIN_BYTES.
    if (!skip.has(file) && isText(file)) await queue.add(file, await readFile(file));
  }
  return queue.drain();
}
