import { describe, expect, it } from "vitest";
import { ConfigError, parseTrustProxy, serverConfigFromEnv } from "../../../src/server/env.ts";

describe("serverConfigFromEnv", () => {
  it("has defaults for everything", () => {
    expect(serverConfigFromEnv({})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      distDir: "dist",
      dbPath: "data/enquiries.db",
      databaseUrl: undefined,
      poolSize: 10,
      rateLimit: 5,
      rateLimitWindowMs: 10 * 60 * 1000,
      retentionDays: 730,
      trustProxy: false,
      apiBase: undefined,
      corsOrigins: [],
      ipHashKey: undefined,
      formSecret: undefined,
      spam: { defences: true, readScripts: ["Latin", "Devanagari"] },
      logger: { level: "info" },
      logFormat: "human",
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
      delivery: { email: undefined, webhook: undefined },
      editor: { mode: "auto", repo: ".", origin: undefined, gitRemote: undefined },
    });
  });

  it("reads every variable", () => {
    const config = serverConfigFromEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      ENQUIRY_DB: "/var/lib/nexa/enquiries.db",
      DATABASE_URL: "postgres://nexa:secret@db.internal:5432/nexa",
      DATABASE_POOL_SIZE: "20",
      ENQUIRY_RATE_LIMIT: "0",
      VITE_API_BASE: "https://api.nexa.example",
      ENQUIRY_CORS_ORIGINS: "https://www.nexa.example, https://nexa.example",
      ENQUIRY_IP_HASH_KEY: "k3y",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dbPath: "/var/lib/nexa/enquiries.db",
      databaseUrl: "postgres://nexa:secret@db.internal:5432/nexa",
      poolSize: 20,
      rateLimit: 0,
      apiBase: "https://api.nexa.example",
      corsOrigins: ["https://www.nexa.example", "https://nexa.example"],
      ipHashKey: "k3y",
      logger: { level: "warn" },
      logFormat: "json",
    });
  });

  it.each([
    [{ PORT: "http" }, 'PORT must be a whole number from 0 to 65535, not "http".'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535, not "70000".'],
    [{ ENQUIRY_RATE_LIMIT: "-1" }, 'ENQUIRY_RATE_LIMIT must be a whole number from 0 to 1000000, not "-1".'],
    [{ ENQUIRY_RATE_LIMIT: "2.5" }, 'ENQUIRY_RATE_LIMIT must be a whole number from 0 to 1000000, not "2.5".'],
    [{ VITE_API_BASE: "api.nexa.example" }, 'VITE_API_BASE "api.nexa.example" is not a URL; use https://api.example.com or leave it empty.'],
    [
      { ENQUIRY_CORS_ORIGINS: "https://www.nexa.example/" },
      'ENQUIRY_CORS_ORIGINS: "https://www.nexa.example/" is not an origin such as https://www.example.com.',
    ],
    [{ ENQUIRY_CORS_ORIGINS: "www.nexa.example" }, 'ENQUIRY_CORS_ORIGINS: "www.nexa.example" is not an origin such as https://www.example.com.'],
    [{ LOG_LEVEL: "loud" }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".'],
    [{ DATABASE_URL: "mysql://db/nexa" }, 'DATABASE_URL must start with postgres:// or postgresql://, not "mysql://".'],
    [{ DATABASE_URL: "db.internal:5432" }, 'DATABASE_URL must start with postgres:// or postgresql://, not "db.internal://".'],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database."],
    [{ DATABASE_POOL_SIZE: "0" }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "0".'],
  ])("refuses %j in one line", (env, message) => {
    expect(() => serverConfigFromEnv(env)).toThrow(new ConfigError(message));
  });
});

describe("parseTrustProxy", () => {
  it.each([undefined, "", "false", "0"])("trusts no proxy for %j", (raw) => {
    expect(parseTrustProxy(raw)).toBe(false);
  });

  it.each([
    [
      "true",
      'TRUST_PROXY must list the proxies\' addresses or CIDR ranges (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback), not "true": with it a client that reaches this server directly could choose its own address with X-Forwarded-For.',
    ],
    [
      "2",
      'TRUST_PROXY must list the proxies\' addresses or CIDR ranges (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback), not "2": with it a client that reaches this server directly could choose its own address with X-Forwarded-For.',
    ],
    [
      "10.0.0.0/33",
      'TRUST_PROXY: "10.0.0.0/33" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback).',
    ],
    [
      "10.0.0.1, proxy.internal",
      'TRUST_PROXY: "proxy.internal" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback).',
    ],
    [
      "10.0.0.1,",
      'TRUST_PROXY: "" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback).',
    ],
  ])("refuses %j with one line naming the setting", (raw, message) => {
    expect(() => parseTrustProxy(raw)).toThrow(new ConfigError(message));
    expect(() => serverConfigFromEnv({ TRUST_PROXY: raw })).toThrow(new ConfigError(message));
  });

  it.each([
    ["10.0.0.5", "10.0.0.5"],
    ["10.0.0.0/8", "10.0.0.0/8"],
    ["2001:db8::/32, fd00::1", "2001:db8::/32, fd00::1"],
    ["loopback,uniquelocal , linklocal", "loopback, uniquelocal, linklocal"],
  ])("takes the proxies' addresses and ranges %j", (raw, list) => {
    expect(parseTrustProxy(raw)).toBe(list);
  });

  it("passes a list of addresses through", () => {
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });
});
