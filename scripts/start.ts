// `npm start`: build the site if it is missing or stale, then serve it and the enquiry API.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, serverConfigFromEnv, type ServerConfig } from "../src/server/env.ts";
import { startServer, type RunningServer } from "../src/server/main.ts";
import { whyBuildNeeded } from "../src/server/needs-build.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

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

function readConfig(): ServerConfig {
  try {
    return serverConfigFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

function closeOnSignals(server: RunningServer): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the server.`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not close cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutDown);
  process.on("SIGTERM", shutDown);
}

const config = readConfig();
await buildIfStale();
const server = await startServer({
  port: config.port,
  host: config.host,
  distDir: join(root, "dist"),
  dbPath: config.dbPath,
  databaseUrl: config.databaseUrl,
  poolSize: config.poolSize,
  rateLimit: config.rateLimit,
  trustProxy: config.trustProxy,
  apiBase: config.apiBase,
  corsOrigins: config.corsOrigins,
  ipHashKey: config.ipHashKey,
  logger: { level: config.logLevel },
});
closeOnSignals(server);
console.log(`nexa site and API on ${server.url}`);
