// Brotli and gzip copies of the built site's text files, made once at build time, so the
// server sends `x.js.br` or `x.js.gz` beside `x.js` (@fastify/static's preCompressed)
// instead of compressing on every request. A static host or CDN can use them the same way.
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats. Images, fonts and videos are compressed already. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".svg", ".json", ".xml", ".txt", ".webmanifest", ".map"]);

/**
 * Below this, the compressed copy saves less than its headers and a round of decoding cost. From
 * 512 bytes on it pays: the 818-byte logo every page fetches first is 339 bytes in brotli, against
 * about 50 bytes of content-encoding and vary headers.
 */
export const MIN_BYTES = 512;

/**
 * Measured on this site's 3.9 MB of text: brotli 11 is 2 % smaller than 10 and 13 % smaller
 * than 5, but takes about 80 times as long as 5 (25 s against 0.3 s on 2 cores), and the
 * build must stay linear and quick at 10 000 pages. Gzip 9 costs little more than 6.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 9;

export interface Precompressed {
  /** Files with at least one smaller copy written. */
  files: number;
  bytesBefore: number;
  /** Bytes of the brotli copies (what most browsers get). */
  brotliBytes: number;
}

async function regularFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await regularFiles(full)));
    else if (entry.isFile()) found.push(full); // never a symlink, FIFO or device
  }
  return found;
}

async function compressOne(file: string, result: Precompressed): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: GZIP_LEVEL }),
  ]);
  // A copy that is not smaller is not written: the server then sends the file itself.
  const writes = [br.length < content.length && writeFile(`${file}.br`, br), gz.length < content.length && writeFile(`${file}.gz`, gz)];
  await Promise.all(writes.filter(Boolean));
  if (writes.some(Boolean)) {
    result.files += 1;
    result.bytesBefore += content.length;
    result.brotliBytes += Math.min(br.length, content.length);
  }
}

/** Writes `.br` and `.gz` beside every compressible file of at least MIN_BYTES under `dir`. */
export async function precompress(dir: string): Promise<Precompressed> {
  const result: Precompressed = { files: 0, bytesBefore: 0, brotliBytes: 0 };
  const candidates = [];
  for (const file of await regularFiles(dir)) {
    if (COMPRESSIBLE.has(extname(file).toLowerCase()) && (await lstat(file)).size >= MIN_BYTES) candidates.push(file);
  }
  // A few at a time: zlib runs on libuv's thread pool (4 threads).
  for (let i = 0; i < candidates.length; i += 4) {
    await Promise.all(candidates.slice(i, i + 4).map((file) => compressOne(file, result)));
  }
  return result;
}
