import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listenLocalEditor } from "../server/editor/listen.ts";
import { editorBundles } from "./editor-bundles.ts";
import { LOOPBACK_HOSTS } from "../server/editor/loopback-guard.ts";
import { projectCheck } from "../server/editor/publish.ts";
import { readOptions, usageError } from "./options.ts";

/**
 * npm run edit: the browser editor on this machine's working copy, at http://127.0.0.1:4400/admin/
 * (PORT changes the port). For one person at their own machine, so it listens on the loopback
 * address only: it has no sign-in, and anyone who can reach it can change and publish the site.
 * Exit 2 on a usage error (a HOST that is not the loopback address, a bad PORT, no site/).
 */
const USAGE = "usage: npm run edit [-- --root DIR]   (PORT=4400 by default; HOST may only be 127.0.0.1, ::1 or localhost)";

const { values } = readOptions({}, USAGE);
const root = resolve(values.root);
const codeRoot = fileURLToPath(new URL("../..", import.meta.url));

const host = process.env.HOST?.trim() || "127.0.0.1";
if (!LOOPBACK_HOSTS.has(host)) {
  usageError(USAGE, `HOST=${host} refused: the editor has no sign-in, so it listens on this machine only (127.0.0.1). Leave HOST unset.`);
}
const portText = process.env.PORT?.trim() || "4400";
const port = Number(portText);
if (!/^\d+$/.test(portText) || port < 1 || port > 65535) usageError(USAGE, `PORT=${portText} is not a port: use a whole number from 1 to 65535, such as 4400.`);
if (!existsSync(join(root, "site"))) usageError(USAGE, `no site/ folder in ${root}`);

let app: FastifyInstance;
try {
  const log = (line: string) => console.log(line);
  app = await listenLocalEditor({ root, bundles: await editorBundles(codeRoot, log), host, port, checkPages: projectCheck(codeRoot, root), log });
} catch (error) {
  console.error(`The editor could not start on ${host}:${port}: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`Editing ${root}: open http://${host.includes(":") ? `[${host}]` : host}:${port}/admin/ (Ctrl+C stops the editor).`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
