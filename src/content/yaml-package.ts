import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let loaded: typeof Yaml | undefined;

/**
 * The `yaml` package (its Document API: positions, messages, trees), loaded at its first use.
 *
 * A check needs it only for a file the quick parser passes on (quick-parse.ts) or a problem to
 * place, so a check where every file reads plainly (a rebuild, the dev server's first look, CI on
 * a clean site) never loads it: loading it took 35–40 ms of each of those, on the main thread.
 * Written by hand because an `import` is loaded with the module that names it, and an
 * `await import()` would make every check that may place a problem asynchronous. Node-only, like
 * every module that reads it (the editor's browser code imports the package itself).
 */
export function yaml(): typeof Yaml {
  return (loaded ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}
