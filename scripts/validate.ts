import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
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

const args = process.argv.slice(2);
let format = "text";
let root = process.cwd();
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === "--format") format = args[++i] ?? usage("--format needs a value");
  else if (arg.startsWith("--format=")) format = arg.slice("--format=".length);
  else if (arg === "--root") root = resolve(args[++i] ?? usage("--root needs a directory"));
  else if (arg === "--help" || arg === "-h") {
    console.log(USAGE);
    process.exit(0);
  } else if (arg.startsWith("-")) usage(`unknown option ${arg}`);
  else files.push(arg);
}
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
