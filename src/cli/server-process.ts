// What both entry points do around the server: read the environment, start with one-line
// errors instead of stack traces, and close gracefully on SIGINT/SIGTERM.
import { describeDelivery } from "../server/delivery/config.ts";
import { ConfigError, serverConfigFromEnv, type ServerConfig } from "../server/env.ts";
import { startServer, type EditorMount, type RunningServer } from "../server/start-server.ts";

/** The settings from the environment (docs/api.md); a bad value is one line and exit code 2. */
export function readConfigOrExit(): ServerConfig {
  try {
    return serverConfigFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** Start with these settings (`distDir` null serves the API alone). A database that cannot be reached or a port in use: one line, exit 1. */
export async function startOrExit(config: ServerConfig & { editorMount?: EditorMount | null }): Promise<RunningServer> {
  try {
    const server = await startServer(config);
    server.app.log.info(describeDelivery(config.delivery));
    return server;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(`${config.distDir === null ? "The API" : "The site and API"} could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** On SIGINT or SIGTERM, finish the requests in flight, close the database, then exit. */
export function closeOnSignals(server: RunningServer): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: finishing the requests in flight, then closing.`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error(`Could not close cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutDown);
  process.on("SIGTERM", shutDown);
}
