import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type DistFigures, makeScaledSite, measureDist, MEASURED_ROUTES } from "../../tools/bench/bench-scale.ts";
import { escapeHtml } from "../../src/shared/html.ts";
import { DEFAULT_CARDS_PER_PAGE, pageCount } from "../../src/content/listing-pages.ts";
import { parentOf } from "../../src/content/resolve-listings.ts";
import { loadSiteContent } from "../../src/content/site.ts";

/**
 * A page costs the same whether the site has 77 pages or 1,000. The byte figures are
 * deterministic, so they are asserted (times are only printed, by `npm run bench:scale`): dist/
 * (the real site) against a throwaway copy with 1,000 pages, the extra ones synthetic industries
 * listed like real ones. Relations, not fixed numbers, so a style or content change cannot make them drift.
 */
const dist = join(process.cwd(), "dist");
const copy = join(process.cwd(), ".tmp", `scale-test-${process.pid}`);
const KB = 1024;
/** Average HTML per page when the site had 77 pages and each page still carried every listing (34 KB). */
const HTML_PER_PAGE_BEFORE = 34 * KB;
/** The health page's HTML budget (budgets.test.ts), which each of its synthetic copies keeps at 1,000 pages. */
const HEALTH_PAGE_HTML = 20 * KB;
/**
 * What listed pages may add to another page: the header's Industries panel shows at most a capped
 * number of entries, so a page grows by those few entries and no more.
 */
const SLACK = { js: 512, html: 2 * KB };

describe.runIf(existsSync(join(dist, "index.html")))("a page costs the same at 77 and 1,000 pages", () => {
  let small: DistFigures;
  let large: DistFigures;
  let made: { pages: number; synthetic: number };
  beforeAll(async () => {
    small = measureDist(dist);
    made = makeScaledSite(copy, 1000);
    const built = await buildSite(copy);
    console.log(`1,000 pages built in ${built.seconds.toFixed(1)} s, peak ${(built.peakBytes / KB / KB).toFixed(0)} MB (printed, not asserted)`);
    large = measureDist(join(copy, "dist"));
    for (const route of MEASURED_ROUTES) {
      const [s, l] = [small.routes[route]!, large.routes[route]!];
      console.log(`${route}: initial JS ${s.js} → ${l.js} bytes gzip, HTML ${s.html} → ${l.html} bytes`);
    }
    console.log(`HTML per page: ${small.htmlPerPage} → ${large.htmlPerPage} bytes`);
  }, 600_000);
  // Thousands of files to delete: more than the default 10 s on a busy machine.
  afterAll(() => rmSync(copy, { recursive: true, force: true }), 120_000);

  it("builds every page of the copy: one HTML file more for each page added to the site, and for each numbered page of the industries' listing", () => {
    // The site's own pages counted from its content, so adding a real page changes nothing here.
    const own = loadSiteContent(process.cwd()).pages;
    expect(made.pages).toBe(1000);
    expect(made.synthetic).toBe(1000 - own.length);
    const industries = own.filter((p) => parentOf(p.route) === "/industries" && p.data.card).length + made.synthetic;
    const numbered = readdirSync(join(copy, "dist", "industries", "details", "page")).length;
    expect(numbered).toBe(pageCount(industries, DEFAULT_CARDS_PER_PAGE) - 1);
    expect(large.htmlFiles - small.htmlFiles).toBe(made.synthetic + numbered);
  });

  // The listing of every industry is split into numbered pages of DEFAULT_CARDS_PER_PAGE cards: its
  // first page grows from the site's ten industries to that many, and no further whatever the count.
  it("the HTML of /industries/details does not grow with the number of industries: at most its first page's share of cards more", () => {
    const html = (route: string) => statSync(join(copy, "dist", route.slice(1), "index.html")).size;
    const pages = readdirSync(join(copy, "dist", "industries", "details", "page")).map(Number);
    const last = Math.max(...pages);
    const cardsOf = (route: string) => readFileSync(join(copy, "dist", route.slice(1), "index.html"), "utf8").split("Read more<").length - 1;
    const [onFirst, onSecond, onLast, before] = [
      cardsOf("/industries/details"),
      cardsOf("/industries/details/page/2"),
      cardsOf(`/industries/details/page/${last}`),
      readFileSync(join(dist, "industries", "details", "index.html"), "utf8").split("Read more<").length - 1,
    ];
    expect([onFirst, onSecond]).toEqual([DEFAULT_CARDS_PER_PAGE, DEFAULT_CARDS_PER_PAGE]);
    expect(onLast).toBeLessThan(DEFAULT_CARDS_PER_PAGE);
    // What one more card costs a page, from two numbered pages that differ only in how many cards they hold.
    const perCard = (html("/industries/details/page/2") - html(`/industries/details/page/${last}`)) / (onSecond - onLast);
    expect(large.routes["/industries/details"]!.html).toBeLessThanOrEqual(
      small.routes["/industries/details"]!.html + (onFirst - before) * perCard + SLACK.html,
    );
  });

  it.each(MEASURED_ROUTES)("%s loads the same chunks, and its initial JS does not grow with pages it does not show", (route) => {
    const [s, l] = [small.routes[route]!, large.routes[route]!];
    // By name without the hash: a chunk's hash follows the entry's, which holds the site's header.
    const names = (files: string[]) => files.map((f) => f.replace(/-[\w-]{8}\.js$/, ""));
    expect(names(l.jsFiles)).toEqual(names(s.jsFiles));
    expect(l.js).toBeLessThanOrEqual(s.js + SLACK.js);
  });

  it("the HTML of a page no listing touches (/legal-privacy) does not grow with the site", () => {
    expect(large.routes["/legal-privacy"]!.html).toBeLessThanOrEqual(small.routes["/legal-privacy"]!.html + SLACK.html);
  });

  it("HTML per page at 1,000 pages is within 25 % of what it was at 77 pages", () => {
    expect(large.htmlPerPage).toBeLessThanOrEqual(HTML_PER_PAGE_BEFORE * 1.25);
  });

  it(`a copy of the health page is as small at 1,000 pages as the health page itself: at most ${HEALTH_PAGE_HTML / KB} KB of HTML`, () => {
    const copyOf = readFileSync(join(copy, "dist", "industries", "synthetic-00001", "index.html"));
    console.log(`HTML of a synthetic copy of the health page at 1,000 pages: ${copyOf.length} bytes`);
    expect(copyOf.length).toBeLessThanOrEqual(HEALTH_PAGE_HTML);
  });

  // 1,000 pages are prerendered on worker threads: a worker that took a written page for its template
  // (it happened once: the home page is written over index.html) made pages that carry another page's markup.
  it("every HTML file of the copy is one whole page: one title, one settings file and one data file preloaded, and the title is its own page's", () => {
    const htmlFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith(".html") ? [join(dir, e.name)] : [],
      );
    const files = htmlFiles(join(copy, "dist"));
    expect(files.length).toBe(large.htmlFiles + 1); // the pages and 404.html
    const count = (html: string, text: string) => html.split(text).length - 1;
    const wrong = files.flatMap((file) => {
      const html = readFileSync(file, "utf8");
      const dataFile = /<link rel="preload" id="page-data" href="([^"]+)"/.exec(html)?.[1];
      const data = dataFile
        ? readFileSync(join(copy, "dist", dataFile.slice(1)), "utf8")
        : /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
      const entry = data ? (JSON.parse(data) as { route: string | null; page?: { title: string } }) : null;
      const title = entry?.page ? `<title>${escapeHtml(entry.page.title)}</title>` : "<title>Page not found | Nexa AI</title>";
      const ok =
        count(html, "<title>") === 1 &&
        count(html, 'id="page-data"') === 1 &&
        count(html, 'id="site-data"') === 1 &&
        count(html, "<!doctype html>") === 1 &&
        html.includes(title);
      return ok ? [] : [file];
    });
    expect(wrong).toEqual([]);
  });
});
