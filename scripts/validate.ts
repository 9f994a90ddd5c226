import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatGithub, formatJson, formatText } from "../src/content/format-problems.ts";
import { loadSiteContent } from "../src/content/site.ts";

/**
 * npm run validate [-- --format text|json|github] [files...]
 * Exit 0 when the content is clean, 1 on problems, 2 on a usage error.
 */
const USAGE = "usage: npm run validate -- [--format text|json|github] [--root DIR] [site/file.yaml ...]";

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const OPTIONS = { format: { type: "string", default: "text" }, root: { type: "string", default: "." }, help: { type: "boolean", short: "h" } } as const;
// A mistake in the options (unknown, or missing its value) is a usage error: its message, the usage, exit 2.
const { values, positionals: files } = (() => { try { return parseArgs({ options: OPTIONS, allowPositionals: true }); } catch (error) { return usage((error as Error).message); } })();
if (values.help) (console.log(USAGE), process.exit(0));
const root = resolve(values.root);
const format = values.format;
if (!["text", "json", "github"].includes(format)) usage(`unknown format "${format}"`);
if (!existsSync(join(root, "site"))) usage(`no site/ folder in ${root}`);
const only = files.map((f) => {
  const abs = resolve(f);
  if (!existsSync(abs)) usage(`no such file: ${f}`);
  const relPath = relative(root, abs).split("\\").join("/");
  if (!relPath.startsWith("site/") || !/\.ya?ml$/.test(relPath)) usage(`${f} is not a YAML file under site/`);
  return relPath;
});

const content = loadSiteContent(root, only.length > 0 ? { only } : {});
const print = format === "json" ? formatJson : format === "github" ? formatGithub : formatText;
console.log(print(content.problems, content.filesChecked));
process.exit(content.problems.length > 0 ? 1 : 0);
