// `npm start`: build the site if it is missing or stale, then serve it and the enquiry API.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { whyBuildNeeded } from "../build/needs-build.ts";
import { ConfigError } from "../server/config-error.ts";
import { editorMountFor } from "./editor-mount.ts";
import { closeOnSignals, readConfigOrExit, startOrExit } from "./server-process.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

function runBuild(siteRoot: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build", "--", "--root", siteRoot], { cwd: root, stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function buildIfStale(siteRoot: string): Promise<void> {
  const reason = whyBuildNeeded(siteRoot);
  if (reason === null) return;
  console.log(`Building the site first: ${reason}.`);
  const code = await runBuild(siteRoot);
  if (code === 0) return;
  console.error(`npm run build failed (exit code ${code}); the server was not started.`);
  process.exit(code);
}

async function editorOrExit(config: ReturnType<typeof readConfigOrExit>) {
  try {
    return await editorMountFor(config, root);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `The editor could not start: ${(error as Error).message}`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
}

const config = readConfigOrExit();
const editor = await editorOrExit(config);
// With the editor on, the site served is its working copy's (EDITOR_REPO, by default this folder): what a publish rebuilds.
const siteRoot = editor.mount?.root ?? root;
await buildIfStale(siteRoot);
const server = await startOrExit({ ...config, distDir: join(siteRoot, "dist"), editorMount: editor.mount });
server.app.log.info(editor.mount ? `The editor is at ${server.url}/admin/, editing ${editor.mount.root} (${editor.why}).` : `No editor: ${editor.why}.`);
closeOnSignals(server);
