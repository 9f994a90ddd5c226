import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { buildSite } from "../../src/build/build-site.ts";
import { BUILDS_DIR, liveBuildDir } from "../../src/build/publish.ts";
import { startServer, type RunningServer } from "../../src/server/start-server.ts";
import { axeProblems, withAxe } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * A listing split into numbered pages, as a visitor meets it. The real site's listings fit on one
 * page, so this builds a copy of the project with `cardsPerPage: 4`: /industries/details lists its
 * ten industries on three pages (4, 4, 2). The copy starts from the live build of the project
 * (whose bundles it reuses, the code being the same), and the real server serves it on
 * E2E_LISTING_PORT (any free port when unset).
 */
const PROJECT = join(import.meta.dirname, "..", "..");
const COPIED = [
  "index.html",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.base.json",
  "tsconfig.node.json",
  "vite.config.ts",
  "schema",
  "site",
  "src",
];
let root = "";
let server: RunningServer;

test.describe("a listing split into numbered pages", () => {
  test.skip(({ isMobile }) => isMobile, "the page list's phone layout is one row more of the same links; one viewport is enough");
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    if (test.info().project.use.isMobile) return;
    // A copy of the project, checked, prerendered and compressed: a minute or more on a busy machine.
    test.setTimeout(300_000);
    mkdirSync(join(PROJECT, ".tmp"), { recursive: true });
    root = mkdtempSync(join(PROJECT, ".tmp", "listing-pages-"));
    for (const entry of COPIED) cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
    symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"), "dir");
    const settings = join(root, "site", "_site.yaml");
    writeFileSync(settings, readFileSync(settings, "utf8").replace(/^header:$/m, "cardsPerPage: 4\nheader:"));
    const live = liveBuildDir(PROJECT);
    if (live) {
      mkdirSync(join(root, BUILDS_DIR));
      cpSync(live, join(root, BUILDS_DIR, basename(live)), { recursive: true });
      symlinkSync(join(BUILDS_DIR, basename(live), "site"), join(root, "dist"), "dir");
    }
    await buildSite(root, { drawCards: false, incremental: true });
    server = await startServer({
      port: Number(process.env.E2E_LISTING_PORT ?? 0),
      host: "127.0.0.1",
      distDir: join(root, "dist"),
      dbPath: join(root, "enquiries.db"),
      logger: false,
    });
  });

  test.afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("each numbered page is a page of its own: its file, its data, its head (title, canonical, rel prev/next), in the sitemap", async ({ request }) => {
    const dist = join(root, "dist");
    for (const n of [2, 3]) {
      expect(existsSync(join(dist, "industries", "details", "page", String(n), "index.html"))).toBe(true);
      expect(existsSync(join(dist, "_data", "industries", "details", "page", `${n}.json`))).toBe(true);
    }
    expect(existsSync(join(dist, "industries", "details", "page", "4"))).toBe(false);
    const html = await (await request.get(`${server.url}/industries/details/page/2`)).text();
    expect(html).toContain("<title>Industries we serve — page 2 | Nexa AI</title>");
    expect(html.match(/<link rel="(canonical|prev|next)" href="[^"]+" \/>/g)).toEqual([
      '<link rel="canonical" href="https://www.nexa.ai/industries/details/page/2" />',
      '<link rel="prev" href="https://www.nexa.ai/industries/details" />',
      '<link rel="next" href="https://www.nexa.ai/industries/details/page/3" />',
    ]);
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    for (const path of ["/industries/details", "/industries/details/page/2", "/industries/details/page/3"])
      expect(sitemap).toContain(`<loc>https://www.nexa.ai${path}</loc>`);
  });

  test("the page list is visible and usable from the keyboard: Tab reaches each page and Next, Enter goes to page 2 without reloading", async ({
    page,
    consoleProblems,
  }) => {
    await page.goto(`${server.url}/industries/details`);
    await hydrated(page);
    const pager = page.getByRole("navigation", { name: "Pages of Industries we serve" });
    await expect(pager).toBeVisible();
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const cardLinks = page.locator("main").getByRole("link", { name: /^Read more/ });
    const names = () => cardLinks.evaluateAll((links) => links.map((link) => link.textContent));
    const firstPage = await names();
    expect(firstPage).toHaveLength(4);

    // From the listing's last card, the keyboard walks the page list in order.
    await cardLinks.last().focus();
    for (const name of ["Page 1", "Page 2", "Page 3", "Next page"]) {
      await page.keyboard.press("Tab");
      await expect(pager.getByRole("link", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(`${server.url}/industries/details/page/2`);
    // The new page is drawn once its data has come: the page list marks page 2.
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(cardLinks).toHaveCount(4);
    expect((await names()).filter((name) => firstPage.includes(name))).toEqual([]);
    await expect(page).toHaveTitle("Industries we serve — page 2 | Nexa AI");
    const links = () =>
      page.evaluate(() =>
        [...document.head.querySelectorAll('link[rel="canonical"], link[rel="prev"], link[rel="next"]')].map(
          (l) => `${l.getAttribute("rel")} ${l.getAttribute("href")}`,
        ),
      );
    await expect
      .poll(links)
      .toEqual([
        "canonical https://www.nexa.ai/industries/details/page/2",
        "prev https://www.nexa.ai/industries/details",
        "next https://www.nexa.ai/industries/details/page/3",
      ]);
    // A client-side navigation: the same document, with focus on the new page's main heading.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect(page.locator("main h1")).toBeFocused();

    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`${server.url}/industries/details/page/3`);
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect.poll(links).toEqual(["canonical https://www.nexa.ai/industries/details/page/3", "prev https://www.nexa.ai/industries/details/page/2"]);
    await pager.getByRole("link", { name: "Page 1" }).click();
    await expect(page).toHaveURL(`${server.url}/industries/details`);
    await expect.poll(links).toEqual(["canonical https://www.nexa.ai/industries/details", "next https://www.nexa.ai/industries/details/page/2"]);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(consoleProblems).toEqual([]);
  });

  test("a numbered page has no accessibility violation", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withAxe(context);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/industries/details/page/2`);
      await hydrated(page);
      expect(await axeProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
