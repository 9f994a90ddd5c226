// The server's settings: one object, made here from the environment and passed through
// start-up (start-server.ts), the store (open-store.ts) and the app (app.ts) unchanged. Each
// variable is declared in schema/serverSettings.schema.json (docs/SETTINGS.md) and read by
// settings.ts; what the schema cannot check is checked below, one named check a setting.
import type { FastifyServerOptions } from "fastify";
import ipaddr from "ipaddr.js";
import { deliveryConfig, type DeliveryConfig } from "./delivery/config.ts";
import { ConfigError, urlSetting } from "./config-error.ts";
import { apiOrigin } from "../shared/security-headers.ts";
import { RATE_LIMIT_WINDOW_MS } from "./rate-limit.ts";
import type { LogFormat } from "./log-format.ts";
import { readSettings, type Settings } from "./settings.ts";
import { isScriptName } from "./spam/content-rules.ts";

/** How long a client may take (docs/api.md, "Timeouts"). */
export interface ServerTimeouts {
  /** From the connection (or the previous request) to the end of the request's headers. */
  headersMs: number;
  /** From the connection (or the previous request) to the end of the whole request, body included. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open for a next request. */
  keepAliveMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The prerendered site to serve; null serves the API alone (the site is on a CDN). */
  distDir: string | null;
  dbPath: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file at dbPath. */
  databaseUrl: string | undefined;
  poolSize: number;
  /** Enquiries per IP per window (ENQUIRY_RATE_LIMIT); 0 turns the limit off. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /** Whose X-Forwarded-For/-Proto to believe (TRUST_PROXY): the proxies' addresses and ranges, or false. */
  trustProxy: string | false;
  /** VITE_API_BASE, so the Content-Security-Policy lets pages reach an API on another origin. */
  apiBase: string | undefined;
  /** Other origins allowed to POST enquiries from a browser (CORS). */
  corsOrigins: readonly string[];
  ipHashKey: string | undefined;
  /** ENQUIRY_FORM_SECRET: signs the form's time tokens and proof-of-work challenges; unset, one is kept in the database. */
  formSecret: string | undefined;
  /** The spam defences (docs/api.md, "Spam"). */
  spam: SpamSettings;
  /** Fastify's logger option (pino); from LOG_LEVEL. */
  logger: FastifyServerOptions["logger"];
  /** LOG_FORMAT: lines for a person ("human", the default) or one JSON object per line ("json"). */
  logFormat: LogFormat;
  timeouts: ServerTimeouts;
  /** Where enquiries are delivered (docs/notifications.md); no channel: stored only. */
  delivery: DeliveryConfig;
  /** Days an enquiry is kept (ENQUIRY_RETENTION_DAYS); older ones are removed daily. */
  retentionDays: number;
  /** The editor inside `npm start`, behind staff sign-in (docs/editor.md). */
  editor: EditorSettings;
}

export interface EditorSettings {
  /** SITE_EDITOR: "auto" runs it when a staff account exists at start-up. */
  mode: "auto" | "on" | "off";
  /** EDITOR_REPO: the working copy it edits and publishes from. */
  repo: string;
  /** EDITOR_ORIGIN: the origin staff open it at; undefined takes each request's own. */
  origin: string | undefined;
  /** EDITOR_GIT_REMOTE: fetched and rebased onto before each publish's push; undefined pushes to the upstream without fetching. */
  gitRemote: string | undefined;
}

export interface SpamSettings {
  /** ENQUIRY_SPAM_DEFENCES: off only for trusted clients that post without the form (load tests, an integration). */
  defences: boolean;
  /** ENQUIRY_READ_SCRIPTS: the Unicode scripts staff read; letters in any other raise the spam score. */
  readScripts: readonly string[];
}

export const DEFAULT_TIMEOUTS: Readonly<ServerTimeouts> = Object.freeze({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });

export { ConfigError };

// proxy-addr's names for whole ranges (fastify passes the list to it).
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  if (!entry.includes("/")) return ipaddr.isValid(entry);
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

const TRUST_PROXY_EXAMPLE = "for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback";

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges (and proxy-addr's names loopback, linklocal,
 * uniquelocal). Only a request arriving from one of them has its X-Forwarded-For and
 * X-Forwarded-Proto believed, so a client reaching the instance directly cannot choose its
 * address (the rate limit counts by it). "true" and hop counts are refused: they believe the
 * headers whoever sends them.
 */
export function parseTrustProxy(raw: string | undefined): string | false {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true" || /^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY must list the proxies' addresses or CIDR ranges (${TRUST_PROXY_EXAMPLE}), not "${value}": ` +
        "with it a client that reaches this server directly could choose its own address with X-Forwarded-For.",
    );
  }
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (${TRUST_PROXY_EXAMPLE}).`);
    }
  }
  return entries.join(", ");
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
  } catch {
    return false;
  }
}

/** ENQUIRY_CORS_ORIGINS: each entry an origin exactly (no path, no trailing slash). */
function parseOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new ConfigError(`ENQUIRY_CORS_ORIGINS: "${origin}" is not an origin such as https://www.example.com.`);
    }
  }
  return origins;
}

/** EDITOR_ORIGIN: one origin exactly, as a browser names it in its Origin header. */
export function checkEditorOrigin(value: string | undefined): string | undefined {
  if (value !== undefined && !isOrigin(value)) throw new ConfigError(`EDITOR_ORIGIN: "${value}" is not an origin such as https://www.example.com.`);
  return value;
}

/** VITE_API_BASE: a URL whose origin the Content-Security-Policy can name. */
function checkApiBase(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    apiOrigin(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return value;
}

/** DATABASE_URL: a PostgreSQL URL, for the store and for `npm run enquiries`. */
export function checkDatabaseUrl(value: string | undefined): string | undefined {
  if (value !== undefined) urlSetting("DATABASE_URL", value, ["postgres:", "postgresql:"], "postgres://user:password@host:5432/database", "a PostgreSQL URL");
  return value;
}

/** ENQUIRY_READ_SCRIPTS: Unicode script names a regular expression knows (`\p{Script=…}`). */
function parseReadScripts(value: string): readonly string[] {
  const scripts = value.split(",").map((script) => script.trim());
  for (const script of scripts) {
    if (!isScriptName(script)) {
      throw new ConfigError(`ENQUIRY_READ_SCRIPTS: "${script}" is not a Unicode script name such as Latin, Devanagari, Tamil or Arabic.`);
    }
  }
  return scripts;
}

/** The server's settings from settings already checked against the schema; throws ConfigError. */
function serverConfig(settings: Settings): ServerConfig {
  return {
    port: settings.PORT,
    host: settings.HOST,
    distDir: "dist",
    dbPath: settings.ENQUIRY_DB,
    databaseUrl: checkDatabaseUrl(settings.DATABASE_URL),
    poolSize: settings.DATABASE_POOL_SIZE,
    rateLimit: settings.ENQUIRY_RATE_LIMIT,
    rateLimitWindowMs: RATE_LIMIT_WINDOW_MS,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    apiBase: checkApiBase(settings.VITE_API_BASE),
    corsOrigins: parseOrigins(settings.ENQUIRY_CORS_ORIGINS),
    ipHashKey: settings.ENQUIRY_IP_HASH_KEY,
    formSecret: settings.ENQUIRY_FORM_SECRET,
    spam: { defences: settings.ENQUIRY_SPAM_DEFENCES === "on", readScripts: parseReadScripts(settings.ENQUIRY_READ_SCRIPTS) },
    logger: { level: settings.LOG_LEVEL },
    logFormat: settings.LOG_FORMAT,
    timeouts: DEFAULT_TIMEOUTS,
    delivery: deliveryConfig(settings),
    retentionDays: settings.ENQUIRY_RETENTION_DAYS,
    editor: {
      mode: settings.SITE_EDITOR,
      repo: settings.EDITOR_REPO,
      origin: checkEditorOrigin(settings.EDITOR_ORIGIN),
      gitRemote: settings.EDITOR_GIT_REMOTE || undefined,
    },
  };
}

/** The server's settings from environment variables (docs/SETTINGS.md); throws ConfigError. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  return serverConfig(readSettings(env));
}

/** Every setting's default: what an empty environment gives. */
export const DEFAULT_CONFIG: Readonly<ServerConfig> = Object.freeze(serverConfigFromEnv({}));

export const DEFAULT_SPAM_SETTINGS: Readonly<SpamSettings> = DEFAULT_CONFIG.spam;
