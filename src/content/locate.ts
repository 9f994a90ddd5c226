import type { Node } from "yaml";
import type { LoadedFile } from "./load.ts";
import { yaml } from "./yaml-package.ts";

export type Segment = string | number;

export function pointerToPath(pointer: string): Segment[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * The source position of a value (or of its key, with `key: true`) at `path` in the
 * document. Where the path runs out of the tree, the deepest node reached is used.
 */
export function locate(loaded: LoadedFile, path: Segment[], opts: { key?: boolean } = {}): { line: number; col: number } {
  const { doc, lineCounter } = loaded;
  const { isAlias, isMap, isPair, isScalar, isSeq } = yaml();
  let node: Node | null = doc.contents as Node | null;
  let at: Node | null = node;
  for (let i = 0; i < path.length && node; i++) {
    if (isAlias(node)) node = node.resolve(doc) ?? null;
    const seg = path[i];
    let next: Node | null = null;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair) {
        next = opts.key && i === path.length - 1 ? (pair.key as Node) : ((pair.value as Node | null) ?? (pair.key as Node));
      }
    } else if (isSeq(node) && typeof seg === "number") {
      next = (node.items[seg] as Node | undefined) ?? null;
    }
    if (!next) break;
    node = next;
    at = next;
  }
  const offset = at?.range?.[0] ?? 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, col: pos.col };
}
