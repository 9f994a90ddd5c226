// npm run bench:publish (also run at the end of `npm run bench`): the time from Publish in the
// editor to the changed page served by the live site, on throwaway git copies of the project at
// today's size and at 1,000 pages. For each: one title changed and saved through the editor's API,
// then Publish as `npm start` runs it (the whole site validated, the site built staged, the page
// checked on that build with `npm run check`'s checks in the server's browser, one commit, the
// switch), until the site serves the new title; then a second publish, in the browser the first
// one started. Figures, never a failure.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { makeScaledSite } from "./bench-scale.ts";
import { readOptions, usageError } from "../../src/cli/options.ts";
import { editorBundles } from "../../src/cli/editor-bundles.ts";
import { editorPlugin } from "../../src/server/editor/index.ts";
import { WarmChecker } from "../../src/server/editor/page-checker.ts";
import { stagedCheck, type PageChecker } from "../../src/server/editor/publish.ts";
import { buildProcess, SiteRebuilder, stagedBuildProcess, type RebuildStatus } from "../../src/server/editor/rebuild.ts";
import { registerStaticSite } from "../../src/server/static-site.ts";

const USAGE = "usage: npm run bench:publish [-- --pages 0,1000] [--no-check]   (0 = the site as it is; --no-check skips publish's page check)";
const { values } = readOptions({ pages: { type: "string", default: "0,1000" }, "no-check": { type: "boolean", default: false } }, USAGE);
const sizes = values.pages.split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 0)) usageError(USAGE, "--pages takes whole numbers separated by commas");
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const FILE = "site/legal-privacy.yaml";
const ROUTE = "/legal-privacy";
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

function git(dir: string, ...args: string[]): void {
  const run = spawnSync("git", ["-c", "user.name=Bench", "-c", "user.email=bench@example.invalid", ...args], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

async function timePublish(pages: number): Promise<string> {
  const dir = join(projectRoot, ".tmp", `bench-publish-${pages}`);
  const made = makeScaledSite(dir, pages);
  writeFileSync(join(dir, ".gitignore"), "node_modules\ndist\n.builds/\n.tmp/\n");
  git(dir, "init", "--quiet");
  git(dir, "add", "--all");
  git(dir, "commit", "--quiet", "--message", "The site as the bench found it");
  // The first build, as npm start makes it (social cards drawn, or taken from the shared cache).
  const started = performance.now();
  const first = await buildProcess(projectRoot, dir)();
  if (!first.ok) throw new Error(`the first build of ${dir} failed:\n${first.output}`);
  console.log(`  ${made.pages} pages: first build ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`);

  const rebuilder = new SiteRebuilder(buildProcess(projectRoot, dir), () => {}, stagedBuildProcess(projectRoot, dir));
  const checkPages: PageChecker = values["no-check"] ? async () => ({ ok: true, output: "" }) : stagedCheck(projectRoot, dir, new WarmChecker());
  const app = Fastify({ logger: false });
  await app.register(editorPlugin, { root: dir, bundles: await editorBundles(projectRoot), checkPages, rebuilder });
  registerStaticSite(app, join(dir, "dist"));
  await app.ready();
  const lines: string[] = [];
  try {
    for (const which of ["first publish (the browser started)", "second publish (the browser warm)"]) {
      const page = (await app.inject({ method: "GET", url: `/admin/api/page?path=${FILE}` })).json<{ text: string; hash: string }>();
      const title = `Privacy, published at ${new Date().toISOString()} | Nexa AI`;
      const text = page.text.replace(/^title: .*$/m, `title: ${title}`);
      const saved = await app.inject({ method: "PUT", url: "/admin/api/page", payload: { path: FILE, text, base: page.hash } });
      if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);

      const publishAt = performance.now();
      const published = await app.inject({ method: "POST", url: "/admin/api/publish", payload: { message: "A new title, for the bench" } });
      if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
      const answeredAt = performance.now();
      const { rebuild: id, phases } = published.json<{ rebuild: number; phases: Record<string, number> }>();
      let status: RebuildStatus;
      do status = (await app.inject({ method: "GET", url: `/admin/api/live?after=${id}` })).json<RebuildStatus>();
      while (status.live < id && status.building);
      if (status.live < id) throw new Error(`the rebuild failed:\n${status.last?.output}`);
      const served = (await app.inject({ method: "GET", url: ROUTE })).body;
      const liveAt = performance.now();
      if (!served.includes(`<title>${title}</title>`)) throw new Error(`${ROUTE} does not show the new title after the publish`);
      const output = status.last?.output ?? "";
      const written = /in place: (\d+) files written/.exec(output)?.[1] ?? "?";
      const built = /^Built dist\/.*$/m.exec(output)?.[0] ?? "";
      const steps = Object.entries(phases)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(", ");
      lines.push(
        `${made.pages.toLocaleString("en")} pages, ${which}: Publish → page live ${((liveAt - publishAt) / 1000).toFixed(1)} s ` +
          `(answered in ${((answeredAt - publishAt) / 1000).toFixed(1)} s: ${steps}${values["no-check"] ? ", without the page check" : ""}; ${written} files written), load ${load()}` +
          `\n    the build process: ${built}`,
      );
    }
    return lines.join("\n  ");
  } finally {
    await app.close();
    await rebuilder.idle();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log("== Publish → live (npm run bench:publish)");
for (const pages of sizes) console.log(`  ${await timePublish(pages)}`);
