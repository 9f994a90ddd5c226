import { describe, expect, it } from "vitest";
import { lazyLoadedFile } from "../../../src/content/load.ts";
import { buildRouteTable, isPageFile, routeOfFile } from "../../../src/content/routes.ts";

describe("routeOfFile", () => {
  it.each([
    ["index.yaml", "/"],
    ["careers/index.yaml", "/careers"],
    ["courses/explore.yaml", "/courses/explore"],
    ["courses/comparative-exam-preparation/gate.yaml", "/courses/comparative-exam-preparation/gate"],
    ["industries/casestudy/HealthCareAI.yaml", "/industries/casestudy/HealthCareAI"],
    ["my-nexa/auth/login.yaml", "/my-nexa/auth/login"],
  ])("%s → %s", (file, route) => expect(routeOfFile(file)).toBe(route));
});

describe("isPageFile", () => {
  it.each([
    ["index.yaml", true],
    ["careers/index.yaml", true],
    ["_site.yaml", false],
    ["drafts/_notes.yaml", false],
    ["_partials/x.yaml", false],
    ["assets/data.yaml", false],
    ["readme.md", false],
  ])("%s → %s", (file, expected) => expect(isPageFile(file)).toBe(expected));
});

describe("buildRouteTable", () => {
  /** A page read by the quick parser: its tree is built only when a position is asked for, which the test counts. */
  function page(file: string, route: string, aliases: string[]) {
    const built = { trees: 0 };
    const loaded = lazyLoadedFile(file, file, { aliases }, `title: T\naliases:\n${aliases.map((a) => `  - ${a}\n`).join("")}`);
    const counted: typeof loaded = Object.create(loaded, {
      doc: { get: () => (built.trees++, loaded.doc) },
      lineCounter: { get: () => (built.trees++, loaded.lineCounter) },
    });
    return { built, page: { file, route, aliases, loaded: counted } };
  }

  it("places an alias's problem at the alias, and builds no file's tree when no alias has one", () => {
    const about = page("site/about.yaml", "/about", ["/who-we-are"]);
    const other = page("site/other.yaml", "/other", ["/elsewhere"]);
    const clean = buildRouteTable([about.page, other.page]);
    expect(clean.problems).toEqual([]);
    expect(clean.table.aliasOf).toEqual(
      new Map([
        ["/who-we-are", "/about"],
        ["/elsewhere", "/other"],
      ]),
    );
    expect(about.built.trees + other.built.trees).toBe(0);

    const clash = page("site/case.yaml", "/case", ["/about"]);
    const { problems } = buildRouteTable([about.page, clash.page]);
    expect(problems.map((p) => [p.file, p.line, p.col, p.message])).toEqual([
      ["site/case.yaml", 3, 5, "the alias /about is already the address of site/about.yaml"],
    ]);
    expect(clash.built.trees).toBeGreaterThan(0);
  });
});
