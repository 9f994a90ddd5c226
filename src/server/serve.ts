// The enquiry API as its own process, without the site and without a build step: what each
// of several API instances behind a load balancer runs (`npm run serve:api`), the static
// site being served from a CDN. Settings come from the environment (docs/api.md); with
// DATABASE_URL the instances share PostgreSQL, and with it the rate limit.
import { ConfigError, serverConfigFromEnv, type ServerConfig } from "./env.ts";
import { startServer, type RunningServer } from "./main.ts";

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
    console.log(`${signal}: finishing the requests in flight, then closing.`);
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

async function start(config: ServerConfig): Promise<RunningServer> {
  try {
    return await startServer({
      port: config.port,
      host: config.host,
      distDir: null,
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
  } catch (error) {
    // A database that cannot be reached or migrated, a port in use: one line, then exit.
    console.error(`The API could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}

const config = readConfig();
const server = await start(config);
closeOnSignals(server);
console.log(`nexa API (${config.databaseUrl ? "PostgreSQL" : `SQLite ${config.dbPath}`}) on ${server.url}`);
