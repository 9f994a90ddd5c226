import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { bundleAsync, Features, type BundleAsyncOptions, type CustomAtRules } from "lightningcss";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../../../src/shared/files-under.ts";
import { PHONE, PHONE_MAX_WIDTH, WIDER_THAN_PHONE, WIDER_THAN_PHONE_MIN_WIDTH } from "../../../../src/app/styles/breakpoints.ts";
import { siteCss } from "../../../../vite.config.ts";
import { PROJECT } from "../../fixture-site.ts";

/**
 * The phone breakpoint is one token: declared for stylesheets in media.css and for script in
 * breakpoints.ts, and written out nowhere else.
 */

const MEDIA_CSS = "src/app/styles/media.css";
const BREAKPOINTS_TS = "src/app/styles/breakpoints.ts";

/** Each `@custom-media --name query;` of a stylesheet, by name. */
function customMediaOf(css: string): Record<string, string> {
  return Object.fromEntries([...css.matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** A media query that writes the breakpoint out: `(max-width: 768px)`, `(min-width:769px)`, `(width <= 768px)`, `(768px < width)`… */
const WRITTEN_OUT = new RegExp(
  [
    String.raw`\(\s*(?:max|min)-width\s*:\s*(?:${PHONE_MAX_WIDTH}|${WIDER_THAN_PHONE_MIN_WIDTH})px\s*\)`,
    String.raw`width\s*[<>]=?\s*(?:${PHONE_MAX_WIDTH}|${WIDER_THAN_PHONE_MIN_WIDTH})px`,
    String.raw`(?:${PHONE_MAX_WIDTH}|${WIDER_THAN_PHONE_MIN_WIDTH})px\s*[<>]=?\s*width`,
  ].join("|"),
);

/** Every stylesheet and script of the browser programs, relative to the project. */
function browserSources(): string[] {
  return ["src/app", "src/admin"].flatMap((folder) =>
    filesUnder(join(PROJECT, folder), { relative: true })
      .map((file) => `${folder}/${file}`)
      .filter((file) => /\.(css|ts|tsx)$/.test(file)),
  );
}

/** /x/sheet.css bundled from these files with the options Vite is given (vite.config.ts). */
async function compile(files: Record<string, string>, minify: boolean): Promise<Uint8Array> {
  const options: BundleAsyncOptions<CustomAtRules> = {
    ...siteCss.lightningcss,
    filename: "/x/sheet.css",
    minify,
    resolver: { read: (file) => files[file]!, resolve: (specifier, from) => posix.join(posix.dirname(from), specifier) },
  };
  return (await bundleAsync(options)).code;
}

describe("the phone breakpoint", () => {
  it("is 768px and less, and its complement starts at 769px", () => {
    expect([PHONE, WIDER_THAN_PHONE]).toEqual(["(max-width: 768px)", "(min-width: 769px)"]);
  });

  it("media.css declares the same two queries as breakpoints.ts, and nothing else", () => {
    expect(customMediaOf(readFileSync(join(PROJECT, MEDIA_CSS), "utf8"))).toEqual({ "--phone": PHONE, "--wider-than-phone": WIDER_THAN_PHONE });
  });

  it.each([
    ["@media (max-width: 768px) {", true],
    ["@media (min-width:769px) and (max-width: 1199px) {", true],
    ["@media (width <= 768px) {", true],
    ["@media (769px <= width) {", true],
    ['const WIDE = "(min-width: 769px)";', true],
    ["@media (--phone) {", false],
    ["@media (--wider-than-phone) and (max-width: 1199px) {", false],
    ["@media (max-width: 1024px) {", false],
    ["/* Only shown at 768px and less (SPEC §9.1). */", false],
    ['{ width: 768, label: "Tablet" }', false],
  ])("the written-out query check on %j says %s", (line, found) => {
    expect(WRITTEN_OUT.test(line)).toBe(found);
  });

  it("is written out nowhere in src/app or src/admin but media.css and breakpoints.ts", () => {
    const files = browserSources();
    expect(files).toContain("src/app/frame/Header.module.css");
    const offenders = files
      .filter((file) => file !== MEDIA_CSS && file !== BREAKPOINTS_TS)
      .flatMap((file) =>
        readFileSync(join(PROJECT, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            WRITTEN_OUT.test(line) ? [`${file}:${i + 1}: ${line.trim()}  (use (--phone) or (--wider-than-phone) from media.css, or breakpoints.ts)`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it.each([
    ["@media (--phone) { a { color: red } }", "@media (width<=768px){a{color:red}}"],
    ["@media (--wider-than-phone) and (max-width: 1199px) { a { color: red } }", "@media (width>=769px) and (width<=1199px){a{color:red}}"],
  ])("Lightning CSS with the site's options writes %j out as %j", async (rule, compiled) => {
    const files: Record<string, string> = { "/x/sheet.css": `@import "./media.css";\n${rule}`, "/x/media.css": readFileSync(join(PROJECT, MEDIA_CSS), "utf8") };
    expect((await compile(files, true)).toString()).toBe(compiled);
  });

  it("a stylesheet that uses a name without importing media.css stops the build", async () => {
    expect(siteCss.lightningcss?.include).toBe(Features.CustomMediaQueries);
    await expect(compile({ "/x/sheet.css": "@media (--phone) { a { color: red } }" }, false)).rejects.toThrow("Custom media query --phone is not defined");
  });
});
