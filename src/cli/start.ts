// `npm start`: build the site if it is missing or stale, then serve it and the enquiry API.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { whyBuildNeeded } from "../build/needs-build.ts";
import { ConfigError } from "../server/config-error.ts";
import { editorMountFor } from "./editor-mount.ts";
import { closeOnSignals, readConfigOrExit, startOrExit } from "./server-process.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

function runBuild(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function buildIfStale(): Promise<void> {
  const reason = whyBuildNeeded(root);
  if (reason === null) return;
  console.log(`Building the site first: ${reason}.`);
  const code = await runBuild();
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
await buildIfStale();
const editor = await editorOrExit(config);
const server = await startOrExit({ ...config, distDir: join(root, "dist"), editorMount: editor.mount });
server.app.log.info(editor.mount ? `The editor is at ${server.url}/admin/, editing ${editor.mount.root} (${editor.why}).` : `No editor: ${editor.why}.`);
closeOnSignals(server);
