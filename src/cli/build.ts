// `npm run build`: check the content, then build dist/ (src/build/build-site.ts), redoing only what changed.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { buildSite, ContentProblems, type StagedSite } from "../build/build-site.ts";
import { STAGED_MARK } from "../build/publish.ts";
import { formatText } from "../content/format-problems.ts";
import { readOptions } from "./options.ts";

// Always a production bundle: an inherited NODE_ENV (the e2e server runs with "test") would ship React's development build.
process.env.NODE_ENV = "production";

const usage = "usage: npm run build [-- --full] [--no-cards] [--stage] [--root DIR]";
/**
 * --full builds everything, as a first build does (the output is the same, byte for byte).
 * --no-cards leaves the social cards undrawn (pages share og/default.png): for throwaway scale
 * copies, whose thousands of distinct synthetic cards `npm run bench:scale` times on their own.
 * --stage is for the server's publish (src/server/editor/rebuild.ts): once the build is drawn but
 * not live, one line `STAGED <json>` (a StagedSite) on stdout, then one line read from stdin:
 * `switch` puts it live, anything else (or stdin closed, as when the server dies) drops it.
 */
const { values } = readOptions(
  { full: { type: "boolean", default: false }, "no-cards": { type: "boolean", default: false }, stage: { type: "boolean", default: false } },
  usage,
);

/** Says where the staged build is and waits for the server's answer. */
function askToSwitch(staged: StagedSite): Promise<boolean> {
  return new Promise((answer) => {
    const lines = createInterface({ input: process.stdin });
    let answered = false;
    lines.once("line", (line) => {
      answered = true;
      lines.close();
      answer(line.trim() === "switch");
    });
    lines.once("close", () => answered || answer(false));
    process.stdout.write(`${STAGED_MARK}${JSON.stringify(staged)}\n`);
  });
}

try {
  const built = await buildSite(resolve(values.root), {
    drawCards: !values["no-cards"],
    incremental: !values.full,
    ...(values.stage ? { stage: askToSwitch } : {}),
  });
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
  if (!built.switched) console.log("Not switched: the staged build was dropped, and the live site is as it was.");
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
