import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { formatGithub, formatJson, formatText } from "../src/content/format-problems.ts";
import { loadSiteContent } from "../src/content/site.ts";
import { readArgs, usageError } from "./cli-args.ts";

/**
 * npm run validate [-- --format text|json|github] [files...]
 * Exit 0 when the content is clean, 1 on problems, 2 on a usage error.
 */
const USAGE = "usage: npm run validate -- [--format text|json|github] [--root DIR] [site/file.yaml ...]";

function usage(message: string): never {
  return usageError(USAGE, message);
}

const { root, values, positional: files } = readArgs(process.argv.slice(2), USAGE, ["format"]);
const format = values.format ?? "text";
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
