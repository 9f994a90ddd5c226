import type { CollectedRef, Validators } from "./ajv.ts";
import { describePath, mapErrors } from "./error-map.ts";
import type { LoadedFile } from "./load.ts";
import { locate } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";

export type DocumentKind = "page" | "site";

/** Check one parsed file against its schema; return its problems and the links, assets and ids it holds. */
export function validateDocument(loaded: LoadedFile, kind: DocumentKind, validators: Validators): { problems: Problem[]; refs: CollectedRef[] } {
  const validate = validators[kind];
  const { result: ok, refs } = validators.collect(() => validate(loaded.data));
  const problems: Problem[] = [];
  if (!ok) {
    const context = { blockTypes: validators.blockTypes, index: validators.index, rootFile: `${kind}.schema.json`, data: loaded.data };
    for (const m of mapErrors(validate.errors ?? [], context)) {
      const where = describePath(m.key ? m.path.slice(0, -1) : m.path, loaded.data);
      problems.push(problem(loaded.file, locate(loaded, m.path, { key: m.key }), where ? `${where}: ${m.message}` : m.message, m.hint));
    }
  }
  const seen = new Set<string>();
  const unique = refs.filter((r) => {
    const id = `${r.kind}|${r.pointer}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return { problems, refs: unique };
}
