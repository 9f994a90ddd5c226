import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { routeSizes } from "../../tools/measure/size.ts";
import { dataPathOf } from "../../src/shared/data-paths.ts";

/**
 * Size budgets over the built site (bytes are deterministic, so these are assertions; speeds
 * are benchmarks in `npm run bench`). gzip level 9, as tools/measure/size.ts measures.
 */
const KB = 1024;
export const BUDGETS = {
  /** The entry script and its modulepreloads in dist/index.html. */
  initialJsOfHome: 82 * KB,
  /** Each address's data, dist/_data/**.json (its HTML preloads it). */
  pageData: 15 * KB,
  /**
   * The HTML of the health page (/industries/health), uncompressed: the page the scale copies are
   * made of. 41 KB when every page carried the site settings, its own data and every header panel
   * link; the settings and the data are now files it preloads, and the panels are drawn after hydration.
   */
  healthPageHtml: 20 * KB,
  /** Every stylesheet together. */
  allCss: 20 * KB,
  /** Any svg/png/jpg/webp under dist/, uncompressed. */
  image: 150 * KB,
  /** Every woff2 file the stylesheets use, together: all of it can be needed on the first view. */
  fonts: 40 * KB,
  /** dist/home/intro.mp4 and .webm, each. */
  introVideo: 200 * KB,
};

const dist = join(process.cwd(), "dist");
/** The blocks' component files (src/app/blocks/<Type>.tsx), each its own chunk. */
const BLOCK_FILES = new Set(
  readdirSync(join(process.cwd(), "src", "app", "blocks"))
    .filter((f) => /^[A-Z]\w+\.tsx$/.test(f) && f !== "PageSections.tsx")
    .map((f) => f.replace(/\.tsx$/, "")),
);
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

describe.runIf(existsSync(join(dist, "index.html")))("size budgets of dist/", () => {
  it(`initial JS of / is at most ${kb(BUDGETS.initialJsOfHome)} gzip`, () => {
    const home = routeSizes().find((r) => r.route === "/");
    expect(home, "dist/index.html").toBeDefined();
    const js = home!.files.filter((f) => f.endsWith(".js"));
    for (const f of js) console.log(`  ${f.padEnd(48)} ${kb(gzipBytes(join(dist, f))).padStart(9)}`);
    console.log(`initial JS of /: ${home!.js} bytes gzip (${kb(home!.js)}; budget ${kb(BUDGETS.initialJsOfHome)})`);
    expect(js.length).toBeGreaterThan(0);
    expect(home!.js).toBeLessThanOrEqual(BUDGETS.initialJsOfHome);
  });

  it(`each page's data is at most ${kb(BUDGETS.pageData)} gzip`, () => {
    const data = files(join(dist, "_data"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => ({ file: relative(dist, f), bytes: gzipBytes(f) }))
      .sort((a, b) => b.bytes - a.bytes);
    expect(data.length).toBeGreaterThan(50);
    console.log(
      `page data: ${data.length} files, largest ${data[0]!.file} ${kb(data[0]!.bytes)}, median ${kb(data[Math.floor(data.length / 2)]!.bytes)} (budget ${kb(BUDGETS.pageData)} each)`,
    );
    expect(data.filter((d) => d.bytes > BUDGETS.pageData).map((d) => `${d.file}: ${kb(d.bytes)}`)).toEqual([]);
  });

  it("a page loads only the blocks it uses: every block's chunk is preloaded by the pages that use it and by no other", () => {
    const sizes = routeSizes();
    const home = sizes.find((r) => r.route === "/")!;
    const privacy = sizes.find((r) => r.route === "/legal-privacy")!;
    expect(home.files.some((f) => /\/IntroVideo-[\w-]+\.js$/.test(f))).toBe(true);
    expect(privacy.files.some((f) => /\/IntroVideo-[\w-]+\.js$/.test(f))).toBe(false);
    for (const r of sizes) {
      const data = readFileSync(join(dist, dataPathOf(r.route).slice(1)), "utf8");
      const used = new Set([...data.matchAll(/"type":"(\w+)"/g)].map((m) => m[1]!.replace(/^./, (c) => c.toUpperCase())));
      const blocks = r.files.map((f) => /^assets\/([A-Z]\w+)-[\w-]+\.js$/.exec(f)?.[1]).filter((b): b is string => !!b && BLOCK_FILES.has(b));
      expect(new Set(blocks), r.route).toEqual(used);
    }
  });

  it(`all CSS together is at most ${kb(BUDGETS.allCss)} gzip`, () => {
    const css = files(dist).filter((f) => f.endsWith(".css"));
    const total = css.reduce((n, f) => n + gzipBytes(f), 0);
    console.log(`all CSS: ${css.length} file(s), ${total} bytes gzip (${kb(total)}; budget ${kb(BUDGETS.allCss)})`);
    expect(css.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGETS.allCss);
  });

  it(`the health page's HTML is at most ${kb(BUDGETS.healthPageHtml)}`, () => {
    const bytes = statSync(join(dist, "industries", "health", "index.html")).size;
    console.log(`HTML of /industries/health: ${bytes} bytes (${kb(bytes)}; budget ${kb(BUDGETS.healthPageHtml)})`);
    expect(bytes).toBeLessThanOrEqual(BUDGETS.healthPageHtml);
  });

  it(`no image is over ${kb(BUDGETS.image)}`, () => {
    const images = files(dist)
      .filter((f) => /\.(svg|png|jpe?g|webp)$/i.test(f))
      .map((f) => ({ file: relative(dist, f), bytes: statSync(f).size }))
      .sort((a, b) => b.bytes - a.bytes);
    expect(images.length).toBeGreaterThan(0);
    console.log(`images: ${images.length}, largest ${images[0]!.file} ${kb(images[0]!.bytes)} (budget ${kb(BUDGETS.image)} each)`);
    expect(images.filter((i) => i.bytes > BUDGETS.image).map((i) => `${i.file}: ${kb(i.bytes)}`)).toEqual([]);
  });

  it(`the fonts together are at most ${kb(BUDGETS.fonts)}, and each is preloaded by every page`, () => {
    const css = files(dist)
      .filter((f) => f.endsWith(".css"))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const fonts = [...new Set([...css.matchAll(/url\(["']?\/(assets\/[^"')]+\.woff2)/g)].map((m) => m[1]!))];
    const total = fonts.reduce((n, f) => n + statSync(join(dist, f)).size, 0);
    console.log(`fonts: ${fonts.join(", ")}: ${total} bytes (${kb(total)}; budget ${kb(BUDGETS.fonts)})`);
    expect(fonts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGETS.fonts);
    for (const page of ["index.html", "legal-privacy/index.html"]) {
      const html = readFileSync(join(dist, page), "utf8");
      for (const f of fonts) expect(html, `${page} preloads /${f}`).toContain(`<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin`);
    }
  });

  it.each(["intro.mp4", "intro.webm"])(`home/%s is under ${kb(BUDGETS.introVideo)}`, (name) => {
    const bytes = statSync(join(dist, "home", name)).size;
    console.log(`home/${name}: ${kb(bytes)} (budget ${kb(BUDGETS.introVideo)})`);
    expect(bytes).toBeLessThan(BUDGETS.introVideo);
  });
});

it("dist/ has been built (npm run build) before the budgets run", () => {
  expect(existsSync(join(dist, "index.html"))).toBe(true);
});
