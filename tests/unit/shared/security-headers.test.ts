import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../../src/server/env.ts";
import { contentSecurityPolicy, securityHeaders, STRICT_TRANSPORT_SECURITY } from "../../../src/shared/security-headers.ts";
import { ENQUIRY_URL, testApp, VALID_ENQUIRY } from "../server/helpers.ts";

const EXPECTED_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

/** The API's answers are JSON, never a page: OWASP's set for REST services, nothing of a page's. */
const EXPECTED_API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

const SITE_RESPONSES: { name: string; request: InjectOptions }[] = [
  { name: "a page", request: { url: "/" } },
  { name: "an asset", request: { url: "/assets/entry-3f9a1c.js" } },
  { name: "HEAD of a page", request: { method: "HEAD", url: "/courses/explore" } },
  { name: "a missing page", request: { url: "/missing" } },
  { name: "a traversal attempt", request: { url: "/%2e%2e/outside-secret.txt" } },
  { name: "a malformed URL", request: { url: "/%zz" } },
];

const API_RESPONSES: { name: string; request: InjectOptions }[] = [
  {
    name: "a stored enquiry",
    request: { method: "POST", url: ENQUIRY_URL, headers: { "content-type": "application/json" }, payload: JSON.stringify(VALID_ENQUIRY) },
  },
  { name: "an invalid enquiry", request: { method: "POST", url: ENQUIRY_URL, headers: { "content-type": "application/json" }, payload: "{}" } },
  { name: "a 415", request: { method: "POST", url: ENQUIRY_URL, headers: { "content-type": "text/plain" }, payload: "hi" } },
  { name: "a 405", request: { method: "DELETE", url: ENQUIRY_URL } },
  { name: "an unknown API path", request: { url: "/api/nothing" } },
  { name: "a form challenge", request: { url: "/api/v1/enquiries/challenge" } },
];

describe("security headers", () => {
  it.each(SITE_RESPONSES)("are the site's on $name", async ({ request }) => {
    const { app } = testApp();
    const response = await app.inject(request);
    expect(response.headers).toMatchObject(EXPECTED_HEADERS);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each(API_RESPONSES)("are the API's on $name, and none of a page's", async ({ request }) => {
    const { app } = testApp();
    const response = await app.inject(request);
    expect(response.headers).toMatchObject(EXPECTED_API_HEADERS);
    for (const name of ["referrer-policy", "permissions-policy", "cross-origin-opener-policy", "strict-transport-security"]) {
      expect(response.headers[name]).toBeUndefined();
    }
  });

  it("add Strict-Transport-Security to the API's answers over HTTPS too", async () => {
    const { app } = testApp({ trustProxy: parseTrustProxy("loopback") });
    const response = await app.inject({ url: "/api/nothing", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers).toMatchObject({ ...EXPECTED_API_HEADERS, "strict-transport-security": STRICT_TRANSPORT_SECURITY });
  });

  it("add Strict-Transport-Security behind a trusted proxy that saw HTTPS", async () => {
    const { app } = testApp({ trustProxy: parseTrustProxy("loopback") });
    const response = await app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("ignore X-Forwarded-Proto when no proxy is trusted", async () => {
    const { app } = testApp();
    const response = await app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("let pages connect to an API on another origin named by VITE_API_BASE", () => {
    expect(contentSecurityPolicy({ apiBase: "https://api.nexa.example/v1/" })).toContain("connect-src 'self' https://api.nexa.example;");
  });

  it.each(["", "/", "/api"])("keep connect-src to 'self' for the same-origin base %j", (apiBase) => {
    expect(contentSecurityPolicy({ apiBase })).toContain("connect-src 'self';");
  });

  it("refuse an API base that is not an http(s) URL", () => {
    expect(() => contentSecurityPolicy({ apiBase: "ftp://files.example" })).toThrow(/must start with https:\/\//);
    expect(() => contentSecurityPolicy({ apiBase: "api.example.com" })).toThrow(/is not a URL/);
  });

  it("are one frozen map for a static host's _headers file too", () => {
    const headers = securityHeaders();
    expect(Object.isFrozen(headers)).toBe(true);
    expect(Object.keys(headers).sort()).toEqual([
      "Content-Security-Policy",
      "Cross-Origin-Opener-Policy",
      "Permissions-Policy",
      "Referrer-Policy",
      "X-Content-Type-Options",
    ]);
  });
});
