// The server's settings: one object, made here from the environment (docs/api.md) and passed
// through start-up (start-server.ts), the store (open-store.ts) and the app (app.ts) unchanged.
import type { FastifyServerOptions } from "fastify";
import ipaddr from "ipaddr.js";
import { deliveryConfigFromEnv, NO_DELIVERY, type DeliveryConfig } from "./delivery/config.ts";
import { ConfigError, urlSetting } from "./config-error.ts";
import { apiOrigin } from "../shared/security-headers.ts";
import { DEFAULT_POOL_SIZE } from "./pg-store.ts";
import { DEFAULT_DB_PATH } from "./sqlite-store.ts";
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_WINDOW_MS } from "./rate-limit.ts";
import { LOG_FORMATS, type LogFormat } from "./log-format.ts";
import { DEFAULT_RETENTION_DAYS, retentionDaysFromEnv } from "./personal-data.ts";
import { DEFAULT_READ_SCRIPTS, isScriptName } from "./spam/content-rules.ts";

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
}

export interface SpamSettings {
  /** ENQUIRY_SPAM_DEFENCES: off only for trusted clients that post without the form (load tests, an integration). */
  defences: boolean;
  /** ENQUIRY_READ_SCRIPTS: the Unicode scripts staff read; letters in any other raise the spam score. */
  readScripts: readonly string[];
}

export const DEFAULT_SPAM_SETTINGS: Readonly<SpamSettings> = Object.freeze({ defences: true, readScripts: DEFAULT_READ_SCRIPTS });

export const DEFAULT_TIMEOUTS: Readonly<ServerTimeouts> = Object.freeze({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });

/** Every setting's default: what an empty environment gives. */
export const DEFAULT_CONFIG: Readonly<ServerConfig> = Object.freeze({
  port: 3000,
  host: "127.0.0.1",
  distDir: "dist",
  dbPath: DEFAULT_DB_PATH,
  databaseUrl: undefined,
  poolSize: DEFAULT_POOL_SIZE,
  rateLimit: DEFAULT_RATE_LIMIT,
  rateLimitWindowMs: RATE_LIMIT_WINDOW_MS,
  trustProxy: false,
  apiBase: undefined,
  corsOrigins: [],
  ipHashKey: undefined,
  formSecret: undefined,
  spam: DEFAULT_SPAM_SETTINGS,
  logger: { level: "info" },
  logFormat: "human",
  timeouts: DEFAULT_TIMEOUTS,
  delivery: NO_DELIVERY,
  retentionDays: DEFAULT_RETENTION_DAYS,
});

export { ConfigError };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max}, not "${raw}".`);
  return value;
}

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

function parseOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? "").split(",").map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new ConfigError(`ENQUIRY_CORS_ORIGINS: "${origin}" is not an origin such as https://www.example.com.`);
    }
  }
  return origins;
}

function parseApiBase(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  try {
    apiOrigin(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return value;
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  urlSetting("DATABASE_URL", value, ["postgres:", "postgresql:"], "postgres://user:password@host:5432/database", "a PostgreSQL URL");
  return value;
}

function parsePoolSize(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return DEFAULT_CONFIG.poolSize;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "${raw}".`);
  }
  return Number(raw);
}

function parseSpamDefences(raw: string | undefined): boolean {
  const value = raw?.trim() || "on";
  if (value !== "on" && value !== "off") throw new ConfigError(`ENQUIRY_SPAM_DEFENCES must be on or off, not "${value}".`);
  return value === "on";
}

function parseReadScripts(raw: string | undefined): readonly string[] {
  const value = raw?.trim();
  if (!value) return DEFAULT_READ_SCRIPTS;
  const scripts = value.split(",").map((script) => script.trim());
  for (const script of scripts) {
    if (!isScriptName(script)) {
      throw new ConfigError(`ENQUIRY_READ_SCRIPTS: "${script}" is not a Unicode script name such as Latin, Devanagari, Tamil or Arabic.`);
    }
  }
  return scripts;
}

function parseFormSecret(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.length < 32) throw new ConfigError("ENQUIRY_FORM_SECRET must be at least 32 characters: a long random value, the same on every instance.");
  return value;
}

function parseLogLevel(raw: string | undefined): string {
  const value = raw?.trim() || "info";
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  return value;
}

function parseLogFormat(raw: string | undefined): LogFormat {
  const value = raw?.trim() || "human";
  if (!(LOG_FORMATS as readonly string[]).includes(value)) throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}, not "${value}".`);
  return value as LogFormat;
}

/** The server's settings from environment variables (see docs/api.md); throws ConfigError. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    port: wholeNumber(env, "PORT", DEFAULT_CONFIG.port, 65535),
    host: env.HOST?.trim() || DEFAULT_CONFIG.host,
    dbPath: env.ENQUIRY_DB?.trim() || DEFAULT_CONFIG.dbPath,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    poolSize: parsePoolSize(env),
    rateLimit: wholeNumber(env, "ENQUIRY_RATE_LIMIT", DEFAULT_CONFIG.rateLimit, 1_000_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiBase: parseApiBase(env.VITE_API_BASE),
    corsOrigins: parseOrigins(env.ENQUIRY_CORS_ORIGINS),
    ipHashKey: env.ENQUIRY_IP_HASH_KEY?.trim() || undefined,
    formSecret: parseFormSecret(env.ENQUIRY_FORM_SECRET),
    spam: { defences: parseSpamDefences(env.ENQUIRY_SPAM_DEFENCES), readScripts: parseReadScripts(env.ENQUIRY_READ_SCRIPTS) },
    logger: { level: parseLogLevel(env.LOG_LEVEL) },
    logFormat: parseLogFormat(env.LOG_FORMAT),
    delivery: deliveryConfigFromEnv(env),
    retentionDays: retentionDaysFromEnv(env),
  };
}
