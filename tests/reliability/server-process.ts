import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = fileURLToPath(new URL("../../src/cli/launch.mjs", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a power cut of the process (not of the machine). */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period. Safe to call on an ended process. */
  stop(): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * The API as production runs it: its own Node process (`npm run serve:api`: the compiled
 * src/cli/serve-api.ts, imported in the launcher's process, so the pid is the server's and
 * SIGKILL reaches it directly),
 * on a free port of 127.0.0.1. Settings are environment variables, as in docs/api.md.
 */
export function spawnServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  // Only the settings given here choose the database, whatever the caller's environment holds.
  const { DATABASE_URL: _url, ENQUIRY_DB: _db, ENQUIRY_IP_HASH_KEY: _key, TRUST_PROXY: _proxy, ...inherited } = process.env;
  const child = spawn(process.execPath, [LAUNCHER, "serve"], {
    cwd: PROJECT,
    // These clients post without the form (no token, no proof of work): the spam defences are
    // off unless a test turns them on, so what they store is also what gets delivered.
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "production", ENQUIRY_SPAM_DEFENCES: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stdout?.resume();
      const server: ServerProcess = {
        url: match[1]!,
        child,
        exited,
        async kill9() {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          await exited;
          running.delete(server);
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGTERM");
            const grace = setTimeout(() => child.kill("SIGKILL"), 10_000);
            await exited;
            clearTimeout(grace);
          }
          running.delete(server);
        },
      };
      running.add(server);
      resolve(server);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** Kills every server process still running: for `finally` blocks and afterAll. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill9()));
}
