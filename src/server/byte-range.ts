export interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/**
 * Parses a single `Range: bytes=…` request (what browsers send for video).
 * undefined: no usable range, serve the whole file; "unsatisfiable": answer 416.
 * Several ranges at once are answered with the whole file, which RFC 9110 allows.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") return suffixRange(Number(last), size);
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

function suffixRange(length: number, size: number): ByteRange | "unsatisfiable" {
  if (length === 0 || size === 0) return "unsatisfiable";
  return { start: Math.max(0, size - length), end: size - 1 };
}
