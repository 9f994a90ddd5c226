import { existsSync, watch } from "node:fs";
import { join, relative, resolve } from "node:path";
import { formatGithub, formatJson, formatText } from "../content/format-problems.ts";
import { loadSiteContent } from "../content/site.ts";
import { isEntryPoint, readOptions, usageError } from "./options.ts";

/**
 * npm run validate [-- --format text|json|github] [--watch] [files...]
 * Exit 0 when the content is clean, 1 on problems, 2 on a usage error. With --watch it checks
 * again after every change under site/ or schema/ and never exits: each round starts with a
 * WATCH_BEGIN line and ends with the summary, which is how the editor's task (.vscode/tasks.json)
 * knows when a round's problems are complete.
 */
const USAGE = "usage: npm run validate -- [--format text|json|github] [--watch] [--root DIR] [site/file.yaml ...]";
const WATCH_BEGIN = "Checking the site…";

function usage(message: string): never {
  return usageError(USAGE, message);
}

/**
 * The command on `args`, paths read from `cwd`: the exit code, or undefined when --watch keeps
 * it running. A usage error exits at once (options.ts).
 */
export function runValidate(args: readonly string[], cwd = process.cwd()): number | undefined {
  const { values, positionals: files } = readOptions({ format: { type: "string", default: "text" }, watch: { type: "boolean", default: false } }, USAGE, [
    ...args,
  ]);
  const root = resolve(cwd, values.root);
  const format = values.format;
  if (!["text", "json", "github"].includes(format)) usage(`unknown format "${format}"`);
  if (!existsSync(join(root, "site"))) usage(`no site/ folder in ${root}`);
  // The pages and the settings are checked against the project's schemas, which live beside site/ (a copy of site/ alone cannot be checked).
  const missingSchema = ["page.schema.json", "site.schema.json"].find((name) => !existsSync(join(root, "schema", name)));
  if (missingSchema) usage(`no schema/${missingSchema} in ${root}: --root is a project folder, with schema/ beside site/`);
  const only = files.map((f) => {
    const abs = resolve(cwd, f);
    if (!existsSync(abs)) usage(`no such file: ${f}`);
    const relPath = relative(root, abs).split("\\").join("/");
    if (!relPath.startsWith("site/") || !/\.ya?ml$/.test(relPath)) usage(`${f} is not a YAML file under site/`);
    return relPath;
  });

  const print = format === "json" ? formatJson : format === "github" ? formatGithub : formatText;
  const check = () => {
    const content = loadSiteContent(root, only.length > 0 ? { only } : {});
    console.log(print(content.problems, content.filesChecked));
    return content.problems.length;
  };

  if (!values.watch) return check() > 0 ? 1 : 0;

  /** One round now, then one after each burst of changes (an editor's save touches a file several times). */
  const round = () => {
    console.log(WATCH_BEGIN);
    try {
      check();
    } catch (error) {
      // A half-saved schema can fail to compile; say so and keep watching.
      console.log(`The check could not run: ${(error as Error).message} (0 files checked)`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  for (const dir of ["site", "schema"]) {
    watch(join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(round, 150);
    });
  }
  round();
  return undefined;
}

if (isEntryPoint(import.meta.url)) {
  const code = runValidate(process.argv.slice(2));
  if (code !== undefined) process.exit(code);
}
