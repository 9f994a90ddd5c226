import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createValidators } from "../content/ajv.ts";
import { formatText } from "../content/format-problems.ts";
import { loadSiteContent } from "../content/site.ts";
import { isEntryPoint, readOptions, usageError } from "./options.ts";
import { isPlaceholderProblem } from "../content/placeholders.ts";
import { KINDS, planStarter, StarterError, type Kind } from "../content/starters.ts";

/**
 * npm run new -- <kind> <address>
 * Writes a starter page that is valid as it stands, with placeholders to replace, and
 * says where it will be listed. Exit 0 done, 1 if the result has problems, 2 on a usage error.
 */
const USAGE = `usage: npm run new -- <${KINDS.join("|")}> <address>   for example: npm run new -- industry /industries/mining`;

function usage(message: string): never {
  return usageError(USAGE, message);
}

/** The command on `args`, paths read from `cwd`: the exit code. A usage error exits at once (options.ts). */
export function runNew(args: readonly string[], cwd = process.cwd()): number {
  const { values, positionals } = readOptions({}, USAGE, [...args]);
  const root = resolve(cwd, values.root);
  const [kindArg, route, ...extra] = positionals;
  if (kindArg === undefined || route === undefined) usage("say what kind of page to make and its address");
  if (extra.length > 0) usage(`one kind and one address, please (got also: ${extra.join(" ")})`);
  const kind = (kindArg === "group" ? "course-group" : kindArg) as Kind;
  if (!KINDS.includes(kind)) usage(`unknown kind "${kindArg}": choose one of ${KINDS.join(", ")}`);

  if (!existsSync(join(root, "site"))) usage(`no site/ folder in ${root}`);
  const content = loadSiteContent(root);
  const { index } = createValidators(join(root, "schema"));
  let files;
  try {
    files = planStarter(kind, route, { root, content, index });
  } catch (error) {
    if (error instanceof StarterError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  for (const f of files) {
    mkdirSync(dirname(join(root, f.file)), { recursive: true });
    writeFileSync(join(root, f.file), f.text, { flag: "wx" });
  }

  const after = loadSiteContent(root);
  // Its placeholders are problems until replaced (that keeps an unfinished page out of the build); anything else is a fault.
  const mine = after.problems.filter((p) => files.some((f) => f.file === p.file) && !isPlaceholderProblem(p));
  const [main, ...more] = files;
  console.log(`Created ${main!.file}, the page at ${main!.route}.`);
  for (const f of more)
    console.log(`Also created ${f.file} (${f.route}): a course group lists its courses, so it starts with one; replace it with your first real course.`);
  const listedOn = after.pages
    .filter((p) => p.data.sections.some((s) => s.type === "childCards" && s.cards?.some((c) => c.to === main!.route)))
    .map((p) => p.route);
  const inMenu =
    after.site?.header.items.filter((i) => i.panel?.groups.some((g) => g.from && g.links?.some((l) => l.to === main!.route))).map((i) => i.label) ?? [];
  if (listedOn.length > 0 || inMenu.length > 0) {
    console.log(`Its card is listed on ${[...listedOn, ...inMenu.map((m) => `the ${m} menu`)].join(" and ")}.`);
  }
  console.log(`Next: replace every text that says "Replace" or "New …" (npm run validate -- ${files.map((f) => f.file).join(" ")} lists each one).`);
  console.log(
    `Until none is left, npm run build and npm start stop with that list, and the preview (npm run dev) shows it at ${main!.route} instead of the page; the rest of the site still works there.`,
  );
  console.log(`Then preview with npm run dev (open http://127.0.0.1:5173${main!.route}), and check it with npm run check -- ${main!.file}`);
  if (mine.length > 0) {
    console.error(formatText(mine, files.length));
    return 1;
  }
  return 0;
}

if (isEntryPoint(import.meta.url)) process.exit(runNew(process.argv.slice(2)));
