import type { ValidateFunction } from "ajv";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The page and site validators compiled ahead of time. Compiling the schemas with ajv costs
 * about a third of a `npm run validate`; `node src/cli/launch.mjs --build` (npm install's
 * `prepare`, and any command whose sources changed) writes ajv's standalone code for them to
 * PRECOMPILED_FILE (git-ignored), and createValidators loads it instead of compiling.
 *
 * That code is used only when it was made from the very same inputs: the schemas' text, ajv's
 * version and the code that sets ajv up and generates the module (their fingerprint is stored
 * in the file). Anything else — a schema edited since, `--root` with other schemas, a fresh
 * clone before the first build — compiles the schemas at run time as before, so a run never
 * sees stale validators.
 */
// Paths from the module's own file path, not `new URL(…, import.meta.url)`: under a DOM test
// environment the global URL is the DOM's, which node:url's fileURLToPath does not accept.
const here = dirname(fileURLToPath(import.meta.url));
export const PRECOMPILED_FILE = join(here, "../../dist-server/content-validators.cjs");

/** Sources whose change changes the generated code. */
const GENERATOR_SOURCES = [join(here, "ajv.ts"), join(here, "../../tools/codegen/generate-content-validators.ts")];

const require = createRequire(import.meta.url);

function textOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** A digest of everything the generated code depends on, for schema files with these texts. */
export function schemaFingerprint(texts: Map<string, string>): string {
  const hash = createHash("sha256");
  hash.update(`ajv ${(require("ajv/package.json") as { version: string }).version}\0`);
  for (const source of GENERATOR_SOURCES) hash.update(`${textOrEmpty(source)}\0`);
  for (const [rel, text] of [...texts].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${rel}\0${text}\0`);
  return hash.digest("hex");
}

/** What the generated module exports. */
export interface PrecompiledModule {
  fingerprint: string;
  create(roots: Map<string, Record<string, unknown>>, keyword: unknown): { page: ValidateFunction; site: ValidateFunction };
}

/**
 * The precompiled validators when `file` holds them for `fingerprint`, else null. `roots` are
 * the schemas as ajv would hold them: the validators' errors point into these very objects
 * (parentSchema), as error-map.ts needs. `keyword` is the x-kind keyword's function.
 */
export function loadPrecompiled(
  fingerprint: string,
  roots: Map<string, Record<string, unknown>>,
  keyword: unknown,
  file = PRECOMPILED_FILE,
): { page: ValidateFunction; site: ValidateFunction } | null {
  let module: PrecompiledModule;
  try {
    module = require(file) as PrecompiledModule;
  } catch {
    return null;
  }
  return module.fingerprint === fingerprint ? module.create(roots, keyword) : null;
}
