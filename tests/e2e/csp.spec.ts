import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIResponse } from "@playwright/test";
import { parseTrustProxy } from "../../src/server/env.ts";
import { startServer } from "../../src/server/start-server.ts";
import { DIST, htmlFilesInDist } from "./dist-routes.ts";
import { DESKTOP_ONLY } from "./fixtures.ts";
import { cspViolations, open, test } from "./one-page-per-worker.ts";

/** The policy README.md gives, word for word: no inline code, no eval, same origin only (no API base set). */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const HEADERS = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};
/** The API answers JSON, never a page: OWASP's set for REST services (docs/api.md). */
const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

/** The `/*` block of dist/_headers, with lower-case names. */
function staticHostHeaders(): Record<string, string> {
  const text = readFileSync(join(DIST, "_headers"), "utf8");
  const block = text.split(/\n(?=\S)/).find((b) => b.startsWith("/*\n"));
  if (!block) throw new Error("dist/_headers has no /* block");
  return Object.fromEntries(
    block
      .split("\n")
      .slice(1)
      .filter((line) => /^\s+\S/.test(line))
      .map((line) => {
        const [name, ...value] = line.trim().split(":");
        return [name!.toLowerCase(), value.join(":").trim()];
      }),
  );
}

/** The not-found page's data block (src/shared/data-paths.ts) and structured data: JSON types the browser never runs. */
const PAGE_DATA_TAG = '<script type="application/json" id="page-data">';
const STRUCTURED_DATA_TAG = '<script type="application/ld+json">';

/**
 * Inline <script> elements the policy's script-src 'self' would block: all but the data blocks.
 * A script whose type is application/ld+json (structured data) or application/json (the not-found
 * page's data) is never run by the browser, so CSP does not apply to it; any other type, or none, is code.
 */
export function inlineScripts(html: string): string[] {
  const data = [PAGE_DATA_TAG, STRUCTURED_DATA_TAG];
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>/gi)].map((m) => m[0]).filter((tag) => !data.includes(tag));
}

test.describe("the prerendered site is CSP-clean", DESKTOP_ONLY, () => {
  // Only in the desktop project: reads files, once.

  test("the inline-script rule lets exactly the data blocks through", () => {
    const allowed = [STRUCTURED_DATA_TAG, PAGE_DATA_TAG];
    const blocked = [
      '<script type="application/json">',
      '<script type="application/json" id="site-data">',
      '<script type="application/json" id="other">',
      "<script>",
      '<script type="module">',
      '<script type="text/javascript">',
      '<script type="application/javascript">',
      '<script type="text/json">',
      '<script type="application/ld+json" nonce="x">',
      '<script type="application/json+ld">',
      '<script type="APPLICATION/LD+JSON">',
      "<script type=application/json>",
      '<script type="importmap">',
    ];
    const page = [...allowed, ...blocked].map((tag) => `${tag}{}</script>`).join("\n");
    expect(inlineScripts(page)).toEqual(blocked);
    expect(inlineScripts('<script type="module" crossorigin src="/assets/x.js"></script>')).toEqual([]);
  });

  test("no HTML file in dist/ has an inline script (other than data blocks), a style attribute or element, or an event-handler attribute", () => {
    const files = htmlFilesInDist();
    expect(files.length).toBeGreaterThan(80);
    const problems = files.flatMap((file) => {
      const html = readFileSync(join(DIST, file), "utf8");
      return [
        ...inlineScripts(html).map((tag) => `inline script ${tag}`),
        ...[...html.matchAll(/<[a-z][^>]*\sstyle=/gi)].map((m) => `style attribute ${m[0].slice(0, 80)}`),
        ...[...html.matchAll(/<style\b/gi)].map(() => "<style> element"),
        ...[...html.matchAll(/<[a-z][^>]*\son[a-z]+=/gi)].map((m) => `event handler ${m[0].slice(0, 80)}`),
        ...[...html.matchAll(/(?:href|src)="javascript:/gi)].map(() => "javascript: URL"),
      ].map((problem) => `${file}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  test("each HTML file preloads the one settings file and its own data file, and carries neither: only the not-found page has its (tiny) data inline", () => {
    const preload = (html: string, id: string) =>
      [...html.matchAll(new RegExp(`<link rel="preload" id="${id}" href="([^"]+)" as="fetch" crossorigin />`, "g"))].map((m) => m[1]!);
    const json = (href: string) => JSON.parse(readFileSync(join(DIST, href.slice(1)), "utf8")) as unknown;
    const settingsFiles = new Set<string>();
    for (const file of htmlFilesInDist()) {
      const html = readFileSync(join(DIST, file), "utf8");
      const settings = preload(html, "site-data");
      expect(settings, file).toHaveLength(1);
      settingsFiles.add(settings[0]!);
      const data = preload(html, "page-data");
      const blocks = html.split(PAGE_DATA_TAG).length - 1;
      if (file === "404.html") {
        expect([data, blocks], file).toEqual([[], 1]);
        expect(html, file).toContain(`${PAGE_DATA_TAG}{"route":null}</script>`);
      } else {
        expect([data.length, blocks], file).toEqual([1, 0]);
        expect((json(data[0]!) as { route: string | null }).route, file).not.toBeNull();
      }
      expect(html, file).not.toContain('"header":{');
    }
    expect([...settingsFiles]).toHaveLength(1);
    const [settings] = settingsFiles;
    expect(settings).toMatch(/^\/assets\/site-data-[0-9a-f]{16}\.json$/);
    const site = json(settings!) as { company: string; header: { items: unknown[] } };
    expect(site.company).toBe("Nexa AI");
    expect(site.header.items.length).toBe(8);
  });

  test("React's image preloads are in <head>, not in the hydrated markup", () => {
    for (const file of htmlFilesInDist()) {
      const html = readFileSync(join(DIST, file), "utf8");
      const body = html.slice(html.indexOf("<body"));
      expect(body, file).not.toContain('rel="preload"');
    }
    // The intro poster has a phone version: each file is preloaded for the windows that show it.
    const head = readFileSync(join(DIST, "index.html"), "utf8").split("</head>")[0]!;
    expect(head).toMatch(
      /<link rel="preload" href="\/home\/intro-phone-poster\.webp" as="image" fetchPriority="high" media="\(max-width: 768px\) and \(max-aspect-ratio: 2\/3\)"/,
    );
    expect(head).toMatch(
      /<link rel="preload" href="\/home\/intro-poster\.webp" as="image" fetchPriority="high" media="not all and \(max-width: 768px\) and \(max-aspect-ratio: 2\/3\)"/,
    );
  });

  test("no bundle generates code at run time (eval, new Function, string timers)", () => {
    const bundles = readdirSync(join(DIST, "assets")).filter((f) => f.endsWith(".js"));
    expect(bundles.length).toBeGreaterThan(0);
    const found = bundles.flatMap((f) => {
      const js = readFileSync(join(DIST, "assets", f), "utf8");
      return [...js.matchAll(/\beval\(|\bnew Function\(|\bset(?:Timeout|Interval)\(\s*["'`]/g)].map((m) => `${f}: ${m[0]}`);
    });
    expect(found).toEqual([]);
  });
});

test.describe("security headers of npm start", DESKTOP_ONLY, () => {
  // Only in the desktop project: HTTP only.

  const expectHeaders = (response: APIResponse) => {
    expect(response.headers()).toMatchObject(HEADERS);
    expect(response.headers()["strict-transport-security"]).toBeUndefined();
  };

  test("on a page, an asset and the not-found page; the API's own on the API", async ({ request }) => {
    const html = await request.get("/");
    expect(html.status()).toBe(200);
    expectHeaders(html);
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await html.text())![1]!;
    expectHeaders(await request.get(script));
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expectHeaders(missing);
    const api = (await request.get("/api/v1/enquiries/")).headers();
    expect(api).toMatchObject(API_HEADERS);
    expect(api["referrer-policy"]).toBeUndefined();
  });

  test("dist/_headers gives a static host the same headers, with HSTS", async ({ request }) => {
    const served = (await request.get("/")).headers();
    const file = staticHostHeaders();
    for (const name of Object.keys(HEADERS)) expect(file[name], name).toBe(served[name]);
    expect(file["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("Strict-Transport-Security behind a trusted proxy that saw HTTPS (TRUST_PROXY)", async () => {
    const dbPath = join(".tmp", `e2e-hsts-${process.pid}.db`);
    const server = await startServer({ port: 0, distDir: DIST, dbPath, trustProxy: parseTrustProxy("loopback"), logger: false });
    try {
      const https = await fetch(`${server.url}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(https.headers.get("content-security-policy")).toBe(CSP);
      const http = await fetch(`${server.url}/`);
      expect(http.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await server.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
    }
  });
});

test.describe("no Content-Security-Policy violation on any route", () => {
  test("the sweep notices a violation (an inline style, a script from elsewhere)", async ({ shared: page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      const div = document.createElement("div");
      div.setAttribute("style", "color: red");
      const script = document.createElement("script");
      script.src = "https://cdn.example.invalid/x.js";
      document.body.append(div, script);
    });
    await expect
      .poll(async () => (await cspViolations(page)).map((v) => v.split(" at ")[0]).sort())
      .toEqual(["script-src-elem blocked https://cdn.example.invalid/x.js", "style-src-attr blocked inline"]);
  });

  test("the logo strip's speed, a custom property set through the CSSOM, is allowed", async ({ shared: page, isMobile }) => {
    await open(page, "/");
    const marquee = page.locator("[data-paused]").first();
    await expect(marquee).toHaveAttribute("style", /--marquee-seconds: 40s/);
    const duration = await marquee.locator("> div").evaluate((track) => getComputedStyle(track).animationDuration);
    expect(duration).toBe(isMobile ? "35s" : "40s");
    expect(await cspViolations(page)).toEqual([]);
  });
  // Every route is checked for violations in the one-visit-per-route sweep of a11y.spec.ts.
});
