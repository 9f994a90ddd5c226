import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { buildApp, type AppOptions } from "../../../src/server/app.ts";
import type { EnquiryFields } from "../../../src/server/enquiry.ts";
import { DEFAULT_SPAM_SETTINGS } from "../../../src/server/env.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import type { EnquiryStore } from "../../../src/server/store.ts";

export const VALID_ENQUIRY: Readonly<Required<EnquiryFields>> = Object.freeze({
  first_name: "Asha",
  last_name: "Verma",
  email: "asha.verma@example.com",
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "I would like to know about the next GATE batch.",
});

export const ENQUIRY_URL = "/api/v1/enquiries/";

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh directory under the OS temp dir, removed after the test. */
export function tempDir(prefix = "nexa-server-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function tempDbPath(): string {
  return join(tempDir(), "data", "enquiries.db");
}

/** Pass the app's clock too, so stored times and rate-limit windows agree. */
export function openTempStore(now?: () => number): EnquiryStore {
  const store = openSqliteStore({ path: tempDbPath(), now });
  cleanups.push(() => store.close());
  return store;
}

export const SITE_FILES: Readonly<Record<string, string>> = Object.freeze({
  "index.html": "<!doctype html><title>Home</title><h1>Home</h1>",
  "courses/explore/index.html": "<!doctype html><title>Explore</title><h1>Course categories</h1>",
  "assets/entry-3f9a1c.js": `console.log(${JSON.stringify("x".repeat(4000))});`,
  "images/logo.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  "videos/intro.mp4": "0123456789abcdefghij",
  "robots.txt": "User-agent: *\n",
  "_data/courses/explore.json": '{"route":"/courses/explore"}',
  "404.html": "<!doctype html><title>Not found</title><h1>We could not find that page</h1>",
  ".build-stamp": "secret-ish",
});

/** In a file beside every temporary site: no request may ever read it. */
export const OUTSIDE_SECRET = "TOP SECRET: outside the site";

/**
 * A tiny prerendered site (a home page, a nested page, a hashed asset, a 404 page),
 * with `outside-secret.txt` beside it for path-traversal tests to aim at.
 */
export function tempSite(files: Readonly<Record<string, string>> = SITE_FILES): string {
  const parent = tempDir("nexa-dist-");
  writeFileSync(join(parent, "outside-secret.txt"), OUTSIDE_SECRET);
  const dir = join(parent, "dist");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export type TestAppOptions = Partial<AppOptions>;

/** For tests that post as a client that never loaded the form (spam-defences.test.ts is about the defences). */
export const SPAM_DEFENCES_OFF = Object.freeze({ ...DEFAULT_SPAM_SETTINGS, defences: false });

/**
 * The app over a temporary database and a temporary site; both are removed after the test.
 * The spam defences are off unless `spam` says otherwise: these tests post as a client that
 * never loaded the form, and are about storing and delivering; spam-defences.test.ts turns
 * them on.
 */
export function testApp(options: TestAppOptions = {}) {
  const store = options.store ?? openTempStore(options.now);
  const app = buildApp({ distDir: tempSite(), logger: false, spam: SPAM_DEFENCES_OFF, ...options, store });
  cleanups.push(() => app.close());
  return { app, store };
}

export function postEnquiry(app: ReturnType<typeof buildApp>, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: ENQUIRY_URL,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}
