// `npm run build`: check the content, then build dist/ (src/build/build-site.ts), redoing only what changed.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildSite, ContentProblems } from "../build/build-site.ts";
import { formatText } from "../content/format-problems.ts";
import { readOptions } from "./options.ts";

// Always a production bundle: an inherited NODE_ENV (the e2e server runs with "test") would ship React's development build.
process.env.NODE_ENV = "production";

const usage = "usage: npm run build [-- --full] [--no-cards] [--root DIR]";
/**
 * --full builds everything, as a first build does (the output is the same, byte for byte).
 * --no-cards leaves the social cards undrawn (pages share og/default.png): for throwaway scale
 * copies, whose thousands of distinct synthetic cards `npm run bench:scale` times on their own.
 */
const { values } = readOptions({ full: { type: "boolean", default: false }, "no-cards": { type: "boolean", default: false } }, usage);

try {
  const built = await buildSite(resolve(values.root), { drawCards: !values["no-cards"], incremental: !values.full });
  built.warnings.forEach((w) => console.warn(`warning: ${w}`));
  const breakdown = Object.entries(built.phases)
    .map(([name, s]) => `${name} ${s.toFixed(1)}s`)
    .join(", ");
  const redone = built.rendered === built.htmlFiles ? "all drawn" : `${built.rendered} drawn, ${built.htmlFiles - built.rendered} unchanged`;
  console.log(`Built dist/: ${built.pages} pages, ${built.htmlFiles} HTML files (${redone}) in ${built.seconds.toFixed(1)}s (${breakdown})`);
  console.log(`Content: ${built.checked} files checked, the cross-file checks of ${built.crossRechecked} redone (the rest from .builds/cache).`);
  if (built.filesWritten !== undefined)
    console.log(`Updated the live build in place: ${built.filesWritten} files written, ${built.filesRemoved ?? 0} removed.`);
  console.log(
    `Social cards: ${built.cards.cards} (${built.cards.drawn} drawn, ${built.cards.cached} from the cache), largest ${(built.cards.largest / 1024).toFixed(0)} KB`,
  );
  if (process.env.BUILD_TIMINGS_FILE) writeFileSync(process.env.BUILD_TIMINGS_FILE, JSON.stringify({ total: built.seconds, ...built.phases }) + "\n");
} catch (error) {
  if (error instanceof ContentProblems) {
    console.error(formatText(error.content.problems, error.content.filesChecked));
    console.error("Build stopped: fix the problems above. Nothing was written to dist/.");
  } else {
    console.error(error instanceof Error ? error.message : String(error));
    console.error("Build failed. dist/ was left as it was.");
  }
  process.exitCode = 1;
}
