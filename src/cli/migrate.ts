import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { firstInvalidUtf8 } from "../content/load.ts";
import { CURRENT_VERSION, migratePage, MigrationError, type Migration } from "../content/page-format.ts";
import { isPageFile } from "../content/routes.ts";
import { checkSchemaLine, withSchemaLine } from "../content/schema-line.ts";
import { filesUnder } from "../shared/files-under.ts";
import { readOptions, usageError } from "./options.ts";

/**
 * npm run migrate [-- --check] [site/file.yaml ...]
 * Brings pages up to the current page format (schemaVersion) and gives every file under
 * site/ its editor schema line, rewriting files in place with comments and key order kept.
 * --check changes nothing and exits 1 if a file needs migrating. Exit 2 on a usage error.
 */
const USAGE = "usage: npm run migrate -- [--check] [--root DIR] [site/file.yaml ...]";

function usage(message: string): never {
  return usageError(USAGE, message);
}

const { values, positionals: named } = readOptions({ check: { type: "boolean", default: false } }, USAGE);
const root = resolve(values.root);
const check = values.check;
const siteDir = join(root, "site");
if (!existsSync(siteDir)) usage(`no site/ folder in ${root}`);

const toPosix = (p: string) => p.split("\\").join("/");
/** Every page file under site/, its assets folder aside. */
const yamlFiles = (dir: string): string[] => filesUnder(dir, { skip: (path, isFolder) => (isFolder ? path === "assets" : !path.endsWith(".yaml")) });

const files = named.length
  ? named.map((f) => {
      const abs = resolve(f);
      if (!existsSync(abs)) usage(`no such file: ${f}`);
      const inSite = toPosix(relative(siteDir, abs));
      if (inSite.startsWith("../") || !inSite.endsWith(".yaml")) usage(`${f} is not a YAML file under site/`);
      return abs;
    })
  : yamlFiles(siteDir).sort();

let changed = 0;
let failed = 0;
const used = new Set<Migration>();
for (const full of files) {
  const inSite = toPosix(relative(siteDir, full));
  const file = `site/${inSite}`;
  const bytes = readFileSync(full);
  if (firstInvalidUtf8(bytes) >= 0) {
    console.log(`${file}  not migrated: the file is not saved as UTF-8 text`);
    failed++;
    continue;
  }
  const original = bytes.toString("utf8");
  let text = original;
  const notes: string[] = [];
  if (isPageFile(inSite)) {
    try {
      const result = migratePage(text);
      text = result.text;
      result.applied.forEach((m) => used.add(m));
      if (result.applied.length > 0) notes.push(`page format version ${result.from} → ${result.to}`);
    } catch (error) {
      if (!(error instanceof MigrationError)) throw error;
      console.log(`${file}  not migrated: ${error.message}`);
      failed++;
      continue;
    }
  }
  if (checkSchemaLine(file, inSite, text)) {
    text = withSchemaLine(inSite, text);
    notes.push("schema line added or corrected");
  }
  if (text === original) continue;
  changed++;
  if (!check) writeFileSync(full, text);
  console.log(`${file}  ${check ? "needs migrating" : "updated"}: ${notes.join("; ")}`);
}

for (const m of [...used].sort((a, b) => a.to - b.to)) console.log(`  version ${m.to}: ${m.summary}`);
const scope = `${files.length} ${files.length === 1 ? "file" : "files"} checked, page format version ${CURRENT_VERSION}`;
if (check)
  console.log(changed === 0 ? `Everything is up to date (${scope})` : `${changed} ${changed === 1 ? "file needs" : "files need"} npm run migrate (${scope})`);
else console.log(changed === 0 ? `Everything is up to date (${scope})` : `${changed} ${changed === 1 ? "file" : "files"} updated (${scope})`);
process.exit(failed > 0 || (check && changed > 0) ? 1 : 0);
