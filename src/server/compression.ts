import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MIN_BYTES = 1024;
const MAX_BYTES = 10 * 1024 * 1024;

interface Token {
  name: string;
  q: number;
}

function parseToken(part: string): Token {
  const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
  const q = params.find((param) => param.startsWith("q="));
  return { name, q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
}

/** The best encoding the client accepts (brotli before gzip), if any. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = acceptEncoding.split(",").map(parseToken).filter((token) => token.q > 0);
  const names = new Set(accepted.map((token) => token.name));
  if (names.has("br")) return "br";
  if (names.has("gzip") || names.has("*")) return "gzip";
  return undefined;
}

export function worthCompressing(size: number): boolean {
  return size >= MIN_BYTES && size <= MAX_BYTES;
}

export function compress(content: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(content);
  return brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
}

/**
 * Compressed copies of files, keyed by path, size and mtime so a rebuilt file is
 * compressed afresh. Bounded: the oldest entries go first.
 */
export class CompressedCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    this.evictOverflow();
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.bytes -= old.length;
  }

  private evictOverflow(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.delete(key);
    }
  }
}
