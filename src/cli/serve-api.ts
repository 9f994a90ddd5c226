// The enquiry API as its own process, without the site and without a build step: what each
// of several API instances behind a load balancer runs (`npm run serve:api`), the static
// site being served from a CDN. Settings come from the environment (docs/api.md); with
// DATABASE_URL the instances share PostgreSQL, and with it the rate limit.
import { closeOnSignals, readConfigOrExit, startOrExit } from "./server-process.ts";

const config = readConfigOrExit();
const server = await startOrExit({ ...config, distDir: null });
closeOnSignals(server);
console.log(`nexa API (${config.databaseUrl ? "PostgreSQL" : `SQLite ${config.dbPath}`}) on ${server.url}`);
