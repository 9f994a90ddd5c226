import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";

/**
 * `npm run dev` for someone editing YAML: a change refreshes the page; a page whose file has a
 * mistake (or a starter's placeholders) shows its problems at file:line:col instead, on every
 * load, while every other page keeps working; and no page logs a hydration error.
 * The dev server listens on E2E_DEV_PORT (any free port when unset).
 */
const PROJECT = join(import.meta.dirname, "..", "..");
let root = "";
let server: ViteDevServer;
let url = "";

/** Files a project folder holds that the dev server must never hand out, each with a marker text. */
const SECRET = "PRIVATE-7f3c";
const PRIVATE_FILES: Readonly<Record<string, string>> = {
  "data/enquiries.db": `SQLite format 3 ${SECRET} asha.verma@example.com`,
  "data/enquiries.db-wal": `WAL ${SECRET}`,
  ".env": `ENQUIRY_WEBHOOK_SECRET=${SECRET}`,
  ".env.local": `DATABASE_URL=postgres://nexa:${SECRET}@db/nexa`,
  ".git/HEAD": `ref: refs/heads/${SECRET}`,
  ".git/config": `[remote "origin"] ${SECRET}`,
  "src/enquiries-copy.db": `SQLite format 3 ${SECRET}`,
  // Under the public folder, which Vite serves before it reads its deny list.
  "site/assets/enquiries-backup.db": `SQLite format 3 ${SECRET}`,
  "site/assets/old/enquiries.sqlite": `SQLite format 3 ${SECRET}`,
  "docs/private.md": SECRET,
  "scripts/deploy-notes.txt": SECRET,
  // The project's tests are not copied into the dev server's root: without this file Vite's
  // page fallback would answer 200 with index.html, and the 403 would go unchecked.
  "tests/e2e/fixtures.ts": SECRET,
};

test.describe("dev server", DESKTOP_ONLY, () => {
  // Only in the desktop project: one viewport is enough.
  test.describe.configure({ mode: "serial" });
  // Vite compiles the app on the first request of each page: tens of seconds on a busy machine.
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "nexa-dev-"));
    for (const entry of [
      "site",
      "src",
      "schema",
      "index.html",
      "vite.config.ts",
      "tsconfig.json",
      "tsconfig.base.json",
      "tsconfig.node.json",
      "package.json",
    ]) {
      cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
    for (const [path, text] of Object.entries(PRIVATE_FILES)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    server = await createServer({
      root,
      configFile: join(root, "vite.config.ts"),
      logLevel: "silent",
      server: { port: Number(process.env.E2E_DEV_PORT ?? 0), host: "127.0.0.1", strictPort: process.env.E2E_DEV_PORT !== undefined },
    });
    await server.listen();
    const address = server.httpServer!.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  test.afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("editing a YAML file refreshes the page with the new text", async ({ page }) => {
    await page.goto(`${url}/careers`);
    await expect(page.locator("h1")).toHaveText("Explore Careers with Us", { timeout: 60_000 });
    const file = join(root, "site", "careers", "index.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("heading: Explore Careers with Us", "heading: Explore Careers at Nexa"));
    await expect(page.locator("h1")).toHaveText("Explore Careers at Nexa", { timeout: 15_000 });
  });

  for (const path of ["/", "/careers", "/industries/details", "/courses/normal-course"]) {
    test(`${path} renders with no hydration error`, async ({ page, consoleProblems }) => {
      await page.goto(`${url}${path}`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
      await expect(page.locator("h1")).toBeVisible();
      expect(consoleProblems.filter((m) => /hydrat|uncaught/i.test(m))).toEqual([]);
    });
  }

  test("a mistake shows in place of its page, at file:line:col, on every load, and other pages keep working", async ({ page }) => {
    await page.goto(`${url}/careers`);
    await expect(page.locator("h1")).toBeVisible();
    const file = join(root, "site", "careers", "index.yaml");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, good.replace("to: /connect", "to: /conect"));
    const heading = page.locator("h1");
    await expect(heading).toHaveText("This page is not shown: site/careers/index.yaml has 1 problem", { timeout: 15_000 });
    await expect(page.locator("li")).toHaveText([/^site\/careers\/index\.yaml:\d+:\d+ link "\/conect" is not a page — did you mean "\/connect"\?$/]);
    await page.reload();
    await expect(heading).toHaveText("This page is not shown: site/careers/index.yaml has 1 problem");
    await page.goto(`${url}/about-us`);
    await expect(heading).toHaveText("We build AI that earns its place", { timeout: 30_000 });
    await page.goto(`${url}/careers`);
    writeFileSync(file, good);
    await expect(heading).toHaveText("Explore Careers at Nexa", { timeout: 15_000 });
  });

  test("a starter from npm run new shows its placeholders at its address, and the rest of the site counts it", async ({ page }) => {
    const made = spawnSync("npx", ["tsx", join(PROJECT, "src", "cli", "new.ts"), "--root", root, "industry", "/industries/mining"], {
      cwd: PROJECT,
      encoding: "utf8",
    });
    expect(made.stdout).toContain("Created site/industries/mining.yaml, the page at /industries/mining.");
    await page.goto(`${url}/industries/details`);
    await expect(page.locator("h1")).toHaveText("Explore Industries with Us", { timeout: 15_000 });
    await expect(page.locator("main")).toContainText("Eleven industries, one approach.");
    await expect(page.locator("main")).toContainText("Mining");
    await page.locator('main a[href="/industries/mining"]').first().click();
    await expect(page.locator("h1")).toHaveText(/^This page is not shown: site\/industries\/mining\.yaml has \d+ problems$/);
    await expect(page.locator("li").first()).toHaveText(
      'site/industries/mining.yaml:5:8 still has placeholder text "New industry: Mining | Nexa AI" — replace it with the real text',
    );
    await page.goto(`${url}/connect`);
    await expect(page.locator("h1")).toHaveText("Connect With Us", { timeout: 30_000 });
  });

  test("a mistake in the site settings shows on every page", async ({ page }) => {
    const file = join(root, "site", "_site.yaml");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, good.replace("courseMode: online", "courseMode: by post"));
    try {
      for (const path of ["/", "/careers"]) {
        // The dev server reloads open pages when a site file changes (this test's own edit among
        // them), and a reload can abort a navigation under way: what counts is what the page shows.
        // The open page is left first, so its own reload cannot abort the next address's load.
        await expect(async () => {
          await page.goto("about:blank");
          await page.goto(`${url}${path}`, { waitUntil: "commit" });
          await expect(page.locator("h1")).toHaveText("The site settings have 1 problem, so no page can be shown", { timeout: 10_000 });
        }).toPass({ timeout: 45_000 });
        await expect(page.locator("li")).toHaveText([
          'site/_site.yaml:7:13 courseMode: text "by post" is not one of the choices — choose one of: online, onsite, blended',
        ]);
      }
    } finally {
      writeFileSync(file, good);
    }
  });

  // Paths as a page on another localhost port (or a LAN client with --host) would ask for them,
  // plainly and percent-encoded.
  test.describe("serves no data", () => {
    const REFUSED = [
      ["/data/enquiries.db", 403],
      ["/data/enquiries.db-wal", 403],
      ["/%64ata/enquiries.db", 403],
      ["/.env", 404],
      ["/.env.local", 404],
      ["/.git/HEAD", 404],
      ["/.git/config", 404],
      ["/%2egit/HEAD", 404],
      ["/src/enquiries-copy.db", 403],
      ["/enquiries-backup.db", 403],
      ["/old/enquiries.sqlite", 403],
      ["/old/%65nquiries.sqlite", 403],
      ["/package.json", 403],
      ["/vite.config.ts", 403],
      ["/docs/private.md", 403],
      ["/scripts/deploy-notes.txt", 403],
      ["/schema/enquiry.schema.json", 403],
      ["/tests/e2e/fixtures.ts", 403],
      [`/@fs${PROJECT}/package.json`, 403],
      ["/@fs/etc/passwd", 403],
    ] as const;

    for (const [path, status] of REFUSED) {
      test(`${path} answers ${status}`, async ({ request }) => {
        const response = await request.get(`${url}${path}`);
        expect(response.status()).toBe(status);
        expect(await response.text()).not.toContain(SECRET);
      });
    }

    const SERVED = [
      ["/src/app/lib/cx.ts", "export function cx"],
      ["/site/_site.yaml", "company"],
      ["/about/leader-1.svg", "<svg"],
      ["/", '<div id="root">'],
      // The font, where the stylesheet names it: the copy's node_modules is a link to the project's, which Vite follows.
      [`/@fs${realpathSync(join(PROJECT, "node_modules"))}/@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2`, "wOF2"],
    ] as const;

    for (const [path, text] of SERVED) {
      test(`${path} is still served`, async ({ request }) => {
        const response = await request.get(`${url}${path}`);
        expect(response.status()).toBe(200);
        expect(await response.text()).toContain(text);
      });
    }
  });
});
