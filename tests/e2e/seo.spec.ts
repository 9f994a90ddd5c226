import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import sdtt, { type StructuredDataResult } from "structured-data-testing-tool";
import presets from "structured-data-testing-tool/presets.js";
import { jsonLdOf, structuredDataProblems, typesOf } from "../../src/build/seo/required.ts";
import { ALIASES, PRIMARY_ROUTES } from "../spec-routes.ts";
import { DIST, routesInDist, sitemapRoutes } from "./dist-routes.ts";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

const { structuredDataTest } = sdtt;
const { Google, Twitter, Facebook } = presets;

/** Search-engine basics, read from the prerendered HTML (what a crawler gets) and from `npm start`. */
const SITE_URL = (parse(readFileSync("site/_site.yaml", "utf8")) as { url: string }).url;
const urlOf = (route: string) => SITE_URL + (route === "/" ? "/" : route);
const htmlOf = (route: string) => readFileSync(route === "/" ? join(DIST, "index.html") : join(DIST, route.slice(1), "index.html"), "utf8");

interface Head {
  lang: string | undefined;
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  meta: Record<string, string>;
  h1s: number;
}

function headOf(html: string): Head {
  const meta: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) meta[m[1]!] = m[2]!;
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta.description,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    robots: meta.robots,
    meta,
    h1s: html.match(/<h1[\s>]/g)?.length ?? 0,
  };
}

const aliasesInDist = () => {
  const primary = new Set(sitemapRoutes());
  return routesInDist().filter((r) => !primary.has(r));
};

test.describe("every page's head, in the prerendered HTML", DESKTOP_ONLY, () => {
  // Only in the desktop project: reads files, once.

  test("the sitemap's pages are every route of SPEC §2.2 and every page in dist/ that is not an alias", () => {
    const listed = sitemapRoutes();
    for (const route of PRIMARY_ROUTES) expect(listed).toContain(route);
    expect(aliasesInDist().sort()).toEqual(Object.keys(ALIASES).sort());
  });

  test("each page has lang, its own title and description, a canonical link to itself, and one h1", () => {
    const heads = sitemapRoutes().map((route) => ({ route, ...headOf(htmlOf(route)) }));
    expect(heads.length).toBeGreaterThan(70);
    for (const h of heads) {
      expect(h.lang, h.route).toBe("en");
      expect(h.title?.length ?? 0, `${h.route} title "${h.title}"`).toBeGreaterThanOrEqual(10);
      expect(h.title!.length, `${h.route} title "${h.title}"`).toBeLessThanOrEqual(70);
      expect(h.description?.length ?? 0, `${h.route} description`).toBeGreaterThanOrEqual(50);
      expect(h.description!.length, `${h.route} description`).toBeLessThanOrEqual(160);
      expect(h.canonical, h.route).toBe(urlOf(h.route));
      expect(h.robots, `${h.route} must be indexable`).toBeUndefined();
      expect(h.h1s, `${h.route} h1 count`).toBe(1);
    }
    const repeated = (key: "title" | "description") =>
      heads.filter((h, i) => heads.findIndex((other) => other[key] === h[key]) !== i).map((h) => `${h.route}: ${h[key]}`);
    expect(repeated("title")).toEqual([]);
    expect(repeated("description")).toEqual([]);
  });

  test("each page has Open Graph and Twitter card tags that match its title, description, address and own card", () => {
    for (const route of sitemapRoutes()) {
      const h = headOf(htmlOf(route));
      const card = `${SITE_URL}/og${route === "/" ? "/index" : route}.png`;
      expect(h.meta, route).toMatchObject({
        "og:type": "website",
        "og:site_name": "Nexa AI",
        "og:title": h.title,
        "og:description": h.description,
        "og:url": urlOf(route),
        "og:image": card,
        "og:image:type": "image/png",
        "og:image:width": "1200",
        "og:image:height": "630",
        "twitter:card": "summary_large_image",
        "twitter:title": h.title,
        "twitter:description": h.description,
        "twitter:image": card,
      });
      expect(h.meta["og:image:alt"], route).toMatch(/ · Nexa AI$/);
      expect(h.meta["twitter:image:alt"], route).toBe(h.meta["og:image:alt"]);
    }
    expect(headOf(htmlOf("/courses/comparative-exam-preparation/gate")).meta["og:image:alt"]).toBe(
      "GATE Preparation Course · Courses · Exam Preparation · Nexa AI",
    );
    expect(headOf(htmlOf("/")).meta["og:image:alt"]).toBe("AI consulting, products and training · Nexa AI");
    expect(headOf(htmlOf("/careers")).meta["og:image:alt"]).toBe("Careers at Nexa AI · Nexa AI");
  });

  test("every og:image is a file in dist/ with the width and height the page states, and at most 80 KB", () => {
    const pages = [...routesInDist().map(htmlOf), readFileSync(join(DIST, "404.html"), "utf8")];
    const images = new Set<string>();
    for (const html of pages) {
      const { meta } = headOf(html);
      const path = meta["og:image"]!.slice(SITE_URL.length);
      images.add(path);
      const png = readFileSync(join(DIST, path));
      expect(png.subarray(1, 4).toString("latin1"), path).toBe("PNG");
      expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, path).toEqual({
        width: Number(meta["og:image:width"]),
        height: Number(meta["og:image:height"]),
      });
      if (path !== "/og/default.png") expect(png.length, path).toBeLessThanOrEqual(80 * 1024);
    }
    // One drawn card per page, plus the not-found page's default picture (site/assets/og/default.png, not drawn).
    expect(images.size).toBe(sitemapRoutes().length + 1);
  });

  test("each page's structured data parses and has Google's required properties; home has Organization and WebSite, every other page breadcrumbs ending at itself", () => {
    for (const route of sitemapRoutes()) {
      const html = htmlOf(route);
      expect(structuredDataProblems(html), route).toEqual([]);
      const { blocks } = jsonLdOf(html);
      const types = typesOf(blocks);
      if (route === "/") {
        expect(types).toEqual(["Organization", "WebSite"]);
        continue;
      }
      expect(types[0], route).toBe("BreadcrumbList");
      const crumbs = (blocks[0] as { itemListElement: { item: string; name: string }[] }).itemListElement;
      expect(crumbs[0], route).toMatchObject({ name: "Home", item: `${SITE_URL}/` });
      expect(crumbs.at(-1)!.item, route).toBe(urlOf(route));
      expect(
        types.slice(1).every((t) => t === "Course"),
        route,
      ).toBe(true);
    }
    const withCourses = sitemapRoutes().filter((r) => typesOf(jsonLdOf(htmlOf(r)).blocks).includes("Course"));
    expect(withCourses.filter((r) => !r.startsWith("/courses/"))).toEqual([]);
    expect(withCourses.length).toBe(32);
  });

  test("structured-data-testing-tool finds each page's JSON-LD and its Google, Twitter and Facebook presets pass", async () => {
    for (const route of sitemapRoutes()) {
      const html = htmlOf(route);
      const schemas = [...new Set(typesOf(jsonLdOf(html).blocks))].map((t) => `jsonld:${t}`);
      const result = await structuredDataTest(html, { presets: [Google, Twitter, Facebook], schemas }).catch(
        (error: { res?: StructuredDataResult }) => error.res!,
      );
      expect(
        result.failed.map((t) => `${t.description}: ${t.error?.message ?? ""}`),
        route,
      ).toEqual([]);
      expect(result.passed.length, route).toBeGreaterThan(schemas.length);
    }
  });

  test("an alias shows its page with a canonical link (and og:url) to the page's own address", () => {
    for (const [alias, primary] of Object.entries(ALIASES)) {
      const a = headOf(htmlOf(alias));
      const p = headOf(htmlOf(primary));
      expect(a.canonical, alias).toBe(urlOf(primary));
      expect(a.meta["og:url"], alias).toBe(urlOf(primary));
      expect(a.title, alias).toBe(p.title);
      expect(a.meta["og:image"], alias).toBe(p.meta["og:image"]);
      expect(jsonLdOf(htmlOf(alias)).blocks, alias).toEqual(jsonLdOf(htmlOf(primary)).blocks);
    }
  });
});

test.describe("sitemap.xml, robots.txt and the not-found page from npm start", DESKTOP_ONLY, () => {
  // Only in the desktop project: HTTP only.

  test("the sitemap lists each page once, by its absolute address, and no alias", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.sort()).toEqual(sitemapRoutes().map(urlOf).sort());
    for (const alias of Object.keys(ALIASES)) expect(locs).not.toContain(urlOf(alias));
    expect(locs.length).toBe(routesInDist().length - Object.keys(ALIASES).length);
  });

  test("robots.txt lets every crawler in and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  test("an unknown address gets the site's not-found page with status 404, kept out of search results", async ({ request }) => {
    for (const path of ["/no-such-page", "/courses/no-such-course", "/careers/careerall/extra"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"]).toMatch(/^text\/html/);
      const h = headOf(await response.text());
      expect(h.title).toBe("Page not found | Nexa AI");
      expect(h.robots).toBe("noindex");
      expect(h.canonical).toBeUndefined();
      expect(h.h1s).toBe(1);
    }
  });
});

test("the not-found page links home, and works once hydrated", async ({ page, consoleProblems }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("This page does not exist");
  // The 404 response itself is the browser's one console error; nothing else may be.
  expect(consoleProblems.filter((p) => !/status of 404/.test(p))).toEqual([]);
});

test("after a client-side navigation the title, description and canonical link are the new page's", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const careers = headOf(htmlOf("/careers"));
  await page.locator('main a[href="/careers"]').first().click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(page).toHaveTitle(careers.title!);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(careers.description!.replace(/&amp;/g, "&"));
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(urlOf("/careers"));
});
