// Whether `npm start` runs the editor (SITE_EDITOR: on, off, or auto: when a staff account exists),
// and what it needs then: its bundles built (by `npm run build:editor`, a separate process, so
// the server never loads Vite), the working copy (EDITOR_REPO), and publish's page check.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError } from "../server/config-error.ts";
import { bundlesAreFresh, loadEditorBundles } from "../server/editor/bundle-files.ts";
import { WarmChecker } from "../server/editor/page-checker.ts";
import { stagedCheck } from "../server/editor/publish.ts";
import { buildProcess, SiteRebuilder, stagedBuildProcess } from "../server/editor/rebuild.ts";
import type { ServerConfig } from "../server/env.ts";
import type { EditorMount } from "../server/start-server.ts";
import { openStaffStore } from "../server/staff/open-staff-store.ts";

function buildEditor(codeRoot: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn("npm", ["run", "build:editor"], { cwd: codeRoot, stdio: "inherit" });
    child.on("error", () => done(1));
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** The editor to mount, or null with the reason it is off. Throws ConfigError for an EDITOR_REPO without site/, Error when the bundles cannot be built. */
export async function editorMountFor(config: ServerConfig, codeRoot: string): Promise<{ mount: EditorMount | null; why: string }> {
  const { mode, repo } = config.editor;
  if (mode === "off") return { mount: null, why: "SITE_EDITOR=off" };
  if (mode === "auto") {
    const staff = await openStaffStore(config);
    const count = await staff.count().finally(() => staff.close());
    if (count === 0) return { mount: null, why: 'no staff account yet (npm run staff -- invite <email> --name "…" --role publisher, then start again)' };
  }
  const root = resolve(repo);
  if (!existsSync(join(root, "site"))) throw new ConfigError(`EDITOR_REPO: no site/ folder in ${root}.`);
  if (!bundlesAreFresh(codeRoot)) {
    console.log("Building the editor's pages first: they are older than the sources.");
    const code = await buildEditor(codeRoot);
    if (code !== 0) throw new Error(`npm run build:editor failed (exit code ${code}).`);
  }
  // A publish builds the working copy's site staged into its dist/ (the site this server serves), checks its pages there in a warm browser, then switches it live.
  const rebuilder = new SiteRebuilder(buildProcess(codeRoot, root), (line) => console.log(line), stagedBuildProcess(codeRoot, root));
  const checkPages = stagedCheck(codeRoot, root, new WarmChecker());
  return { mount: { root, bundles: await loadEditorBundles(codeRoot), checkPages, rebuilder }, why: `SITE_EDITOR=${mode}` };
}
