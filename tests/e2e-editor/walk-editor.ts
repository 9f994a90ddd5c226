import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { listenLocalEditor } from "../../src/server/editor/listen.ts";
import { editorBundles } from "../../src/cli/editor-bundles.ts";

/**
 * The editor the walk drives (editor-walk.spec.ts): `npm run edit`'s own server, on a clone of this
 * repository's last commit whose origin is a bare repository beside it, both under .tmp/editor-walk/.
 * Publish runs validate over the whole site for real; its page check (`npm run check`, a build of the
 * site and a browser per page: 20 to 50 s here) is replaced by one that writes down the pages it was
 * asked for, for the test to read. add-an-industry.spec.ts publishes through the real check.
 */
export const WALK_DIR = resolve(".tmp/editor-walk");
export const WALK_REPO = join(WALK_DIR, "repo");
export const WALK_REMOTE = join(WALK_DIR, "remote.git");
export const WALK_CHECKED = join(WALK_DIR, "checked.json");

const git = (args: string[], cwd = WALK_DIR) => execFileSync("git", args, { cwd, stdio: ["ignore", "ignore", "inherit"] });

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  rmSync(WALK_DIR, { recursive: true, force: true });
  mkdirSync(WALK_DIR, { recursive: true });
  // One commit deep: the walk needs the site as committed, not its history (a full copy takes seconds more).
  git(["clone", "--quiet", "--bare", "--depth", "1", pathToFileURL(resolve(".")).href, WALK_REMOTE]);
  git(["clone", "--quiet", WALK_REMOTE, WALK_REPO]);
  git(["config", "user.name", "Editor Walk"], WALK_REPO);
  git(["config", "user.email", "editor-walk@example.com"], WALK_REPO);
  const port = Number(process.env.PORT);
  await listenLocalEditor({
    root: WALK_REPO,
    bundles: await editorBundles(resolve(".")),
    host: "127.0.0.1",
    port,
    checkPages: async (files) => {
      writeFileSync(WALK_CHECKED, JSON.stringify(files));
      return { ok: true, output: "" };
    },
    log: (line) => console.log(line),
  });
  console.log(`Editing ${WALK_REPO} on http://127.0.0.1:${port}/admin/`);
}
