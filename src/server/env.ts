import type { FastifyServerOptions } from "fastify";
import { deliveryConfigFromEnv, type DeliveryConfig } from "./delivery/config.ts";
import { apiOrigin } from "./security-headers.ts";
import { DEFAULT_POOL_SIZE } from "./pg-store.ts";
import { DEFAULT_DB_PATH } from "./sqlite-store.ts";
import { DEFAULT_RATE_LIMIT } from "./rate-limit.ts";

export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file at dbPath. */
  databaseUrl: string | undefined;
  poolSize: number;
  rateLimit: number;
  trustProxy: FastifyServerOptions["trustProxy"];
  apiBase: string | undefined;
  corsOrigins: string[];
  ipHashKey: string | undefined;
  logLevel: string;
  /** Where enquiries are delivered (docs/notifications.md). */
  delivery: DeliveryConfig;
}

/** A setting that cannot be used; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max}, not "${raw}".`);
  return value;
}

function trustHops(count: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < count;
}

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; "true" trusts the one proxy in front
 * (the usual setup); a number N trusts N proxies in a chain; anything else is a
 * comma-separated list of proxy addresses or CIDR ranges. "true" deliberately does not
 * trust every hop: the leftmost X-Forwarded-For entry is the client's to forge, and the
 * rate limit counts by IP.
 */
export function parseTrustProxy(raw: string | undefined): FastifyServerOptions["trustProxy"] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return trustHops(1);
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  return value;
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
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError("DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database.");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not "${url.protocol}//".`);
  }
  return value;
}

function parsePoolSize(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return DEFAULT_POOL_SIZE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "${raw}".`);
  }
  return Number(raw);
}

function parseLogLevel(raw: string | undefined): string {
  const value = raw?.trim() || "info";
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  return value;
}

/** The server's settings from environment variables (see docs/api.md); throws ConfigError. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    port: wholeNumber(env, "PORT", 3000, 65535),
    host: env.HOST?.trim() || "127.0.0.1",
    dbPath: env.ENQUIRY_DB?.trim() || DEFAULT_DB_PATH,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    poolSize: parsePoolSize(env),
    rateLimit: wholeNumber(env, "ENQUIRY_RATE_LIMIT", DEFAULT_RATE_LIMIT, 1_000_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiBase: parseApiBase(env.VITE_API_BASE),
    corsOrigins: parseOrigins(env.ENQUIRY_CORS_ORIGINS),
    ipHashKey: env.ENQUIRY_IP_HASH_KEY?.trim() || undefined,
    logLevel: parseLogLevel(env.LOG_LEVEL),
    delivery: deliveryConfigFromEnv(env),
  };
}
