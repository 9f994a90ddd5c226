import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

test.describe("dev server", () => {
  test.skip(({ isMobile }) => isMobile, "one viewport is enough");
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "nexa-dev-"));
    for (const entry of ["site", "src", "schema", "index.html", "vite.config.ts", "tsconfig.json", "package.json"]) {
      cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
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
});
