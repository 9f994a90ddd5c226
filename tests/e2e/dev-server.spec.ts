import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { expect, test } from "./fixtures.ts";

/**
 * `npm run dev` for someone editing YAML: a change refreshes the page, and a mistake
 * shows in Vite's error overlay with the validator's file:line:col line.
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
  "docs/private.md": SECRET,
  "scripts/deploy-notes.txt": SECRET,
};

test.describe("dev server", () => {
  test.skip(({ isMobile }) => isMobile, "one viewport is enough");
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "nexa-dev-"));
    for (const entry of ["site", "src", "schema", "index.html", "vite.config.ts", "tsconfig.json", "package.json"]) {
      cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
    for (const [path, text] of Object.entries(PRIVATE_FILES)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    server = await createServer({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", server: { port: 0, host: "127.0.0.1", strictPort: false } });
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
    await expect(page.locator("h1")).toHaveText("Explore Careers with Us");
    const file = join(root, "site", "careers", "index.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("heading: Explore Careers with Us", "heading: Explore Careers at Nexa"));
    await expect(page.locator("h1")).toHaveText("Explore Careers at Nexa", { timeout: 15_000 });
  });

  test("a mistake shows in the error overlay with its file:line:col", async ({ page }) => {
    await page.goto(`${url}/careers`);
    await expect(page.locator("h1")).toBeVisible();
    const file = join(root, "site", "careers", "index.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("to: /connect", "to: /conect"));
    const overlay = page.locator("vite-error-overlay");
    await expect(overlay).toBeAttached({ timeout: 15_000 });
    await expect(overlay.locator(".message-body")).toContainText('link "/conect" is not a page — did you mean "/connect"?');
    await expect(overlay.locator(".message-body")).toContainText("site/careers/index.yaml:");
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
      ["/src/lib/cx.ts", "export function cx"],
      ["/site/_site.yaml", "company"],
      ["/about/leader-1.svg", "<svg"],
      ["/", '<div id="root">'],
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
