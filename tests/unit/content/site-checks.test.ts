import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUnread } from "../../../src/content/deferred.ts";
import { sha256, SiteChecks, type ListedFiles } from "../../../src/content/site-checks.ts";
import { checkFile } from "../../../src/content/check-file.ts";
import { loadSiteContent, siteYamlFiles, validatorsOf } from "../../../src/content/site.ts";
import { fileStamp } from "../../../src/shared/files-under.ts";
import { siteCopyRoot } from "../fixture-site.ts";

/**
 * The checks the build, the dev server and the editor keep between checks: each file's own
 * check by its digest, and the cross-file checks redone only where a change reaches. After every
 * kind of edit the content must be exactly what a full check from nothing gives.
 */

const made = siteCopyRoot();
afterAll(() => made.cleanup());
/** The copy the edits go to: `made`, but for the last describe, which makes edits of every kind to a copy of its own. */
let root = made.root;
const at = (path: string) => join(root, path);
const edit = (path: string, from: string | RegExp, to: string) => {
  const text = readFileSync(at(path), "utf8");
  const edited = text.replace(from, to);
  expect(edited, `${path} holds ${String(from)}`).not.toBe(text);
  writeFileSync(at(path), edited);
};
const explore = (checks: SiteChecks) => JSON.stringify(checks.check().pages.find((p) => p.route === "/courses/explore")!.data);

function expectSameAsFull(checks: SiteChecks) {
  const mine = checks.check();
  const full = loadSiteContent(root);
  expect(mine.problems).toEqual(full.problems);
  expect(mine.pages).toEqual(full.pages);
  expect(mine.site).toEqual(full.site);
  expect([...mine.table.primaryOf].sort()).toEqual([...full.table.primaryOf].sort());
  expect(mine.files).toEqual(full.files);
  return mine;
}

describe("kept checks", () => {
  const checks = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
  const first = checks.check();
  const filesAtStart = first.files.length;
  const pagesAtStart = first.pages.length;

  it("check every file once, then only the file saved", () => {
    expect(checks.checkedFiles).toBe(filesAtStart);
    edit("site/legal-privacy.yaml", "heading: Privacy Policy", "heading: Privacy Policy, saved");
    const after = checks.check();
    expect(checks.checkedFiles).toBe(filesAtStart + 1);
    expect(after.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, saved");
  });

  it("look only at the files named as changed, when the caller knows them", () => {
    edit("site/legal-privacy.yaml", "heading: Privacy Policy, saved", "heading: Privacy Policy, saved twice");
    const before = checks.checkedFiles;
    const after = checks.check({ touched: [at("site/legal-privacy.yaml")] });
    expect(checks.checkedFiles).toBe(before + 1);
    expect(after.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, saved twice");
  });

  it("count again in a page that is no listing when a page is added below a counted address", () => {
    expect(explore(checks)).toContain("Seventeen project-based courses");
    const template = readFileSync(at("site/courses/normal-course/data-and-ai/data-engineering.yaml"), "utf8");
    writeFileSync(
      at("site/courses/normal-course/data-and-ai/stream-processing.yaml"),
      template
        .replace("title: Data Engineering Course | Nexa AI", "title: Stream Processing Course | Nexa AI")
        .replace("  title: Data Engineering", "  title: Stream Processing"),
    );
    const checkedBefore = checks.checkedFiles;
    expect(explore(checks)).toContain("Eighteen project-based courses");
    expect(checks.checkedFiles).toBe(checkedBefore + 1);
  });

  it("check the unsaved text in place of its file, and the file again without it", () => {
    const full = at("site/industries/health.yaml");
    const text = readFileSync(full, "utf8").replace("  title: Health", "  title: Health, unsaved");
    const unsaved = checks.check({ unsaved: { full, text } });
    const details = JSON.stringify(unsaved.pages.find((p) => p.route === "/industries/details")!.data);
    expect(details).toContain("Health, unsaved");
    expect(JSON.stringify(checks.check().pages.find((p) => p.route === "/industries/details")!.data)).not.toContain("Health, unsaved");
  });

  it("write them to the store, where another process finds them and checks no file again", () => {
    checks.save();
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
    const content = next.check();
    expect(next.checkedFiles).toBe(0);
    expect(content).toEqual(checks.check());
    expect(content.pages.length).toBe(pagesAtStart + 1);
  });

  it("read from the store a page's sections only when something reads them, and a listing's at once", () => {
    checks.save();
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
    const pages = next.check().pages;
    const course = pages.find((p) => p.route === "/courses/normal-course/data-and-ai/data-science")!.data;
    expect(isUnread(course, "sections")).toBe(true);
    expect(course.title).toBe("Data Science Course | Nexa AI");
    expect(course.sections[0]!.type).toBe("hero");
    expect(isUnread(course, "sections")).toBe(false);
    // A listing is split into numbered pages from its sections: they are kept as they are.
    expect(isUnread(pages.find((p) => p.route === "/industries/details")!.data, "sections")).toBe(false);
    // What is read is what a check from nothing gives, key for key.
    expect(pages.map((p) => JSON.stringify(p))).toEqual(loadSiteContent(made.root).pages.map((p) => JSON.stringify(p)));
  });

  it("keep a listing's cards out of the store, as another process fills them again from the pages' own cards", () => {
    checks.save();
    const store = readFileSync(at(".builds/cache/content-checks.bin"));
    const text = "Triage support, imaging assistance and clinical documentation tools that give clinicians time back and help patients get seen sooner.";
    const copies = (bytes: Buffer) => bytes.toString("latin1").split(text).length - 1;
    // The health page's card once, where the listing of /industries/details would add its copy.
    expect(copies(store)).toBe(1);
    const listing = (content: { pages: { route: string; data: unknown }[] }) =>
      JSON.stringify(content.pages.find((p) => p.route === "/industries/details")!.data);
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
    expect(listing(next.check())).toContain(text);
    expect(listing(next.check())).toBe(listing(loadSiteContent(made.root)));
  });

  it("give another process the cross checks too: an edit made since re-runs those of the files it reaches, not the site's", () => {
    edit("site/legal-privacy.yaml", "heading: Privacy Policy, saved twice", "heading: Privacy Policy, saved for another process");
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
    const content = expectSameAsFull(next);
    expect(next.checkedFiles).toBe(1);
    expect(next.crossRechecked).toBeLessThanOrEqual(3);
    expect(content.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, saved for another process");
  });

  it("take the files listed and stamped ahead (on another thread in a build) as a look of their own would find them", async () => {
    checks.save();
    edit("site/legal-privacy.yaml", "heading: Privacy Policy, saved for another process", "heading: Privacy Policy, listed ahead");
    let asked = 0;
    const listAhead = async (): Promise<ListedFiles> => {
      asked++;
      const listed = siteYamlFiles(made.root);
      return { ...listed, stamps: listed.files.map(fileStamp) };
    };
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin"), listAhead });
    const content = await next.checkAsync();
    expect(asked).toBe(1);
    // The saved file's new stamp says it changed: it alone is checked again.
    expect(next.checkedFiles).toBe(1);
    expect(content.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, listed ahead");
    expectSameAsFull(next);
    // Only a first look is listed ahead; the next ones look for themselves.
    await next.checkAsync();
    expect(asked).toBe(1);
    // A listing that fails (its worker could not start) is made by the look itself.
    const failing = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin"), listAhead: () => Promise.reject(new Error("no worker")) });
    expect(await failing.checkAsync()).toEqual(next.check());
  });

  it("take a file's check made ahead with the listing only for the very text the file has", async () => {
    checks.save();
    edit("site/legal-privacy.yaml", "heading: Privacy Policy, listed ahead", "heading: Privacy Policy, checked ahead");
    const full = at("site/legal-privacy.yaml");
    const validators = validatorsOf(made.root);
    const aheadOf = (bytes: Buffer): ListedFiles => {
      const listed = siteYamlFiles(made.root);
      return {
        ...listed,
        stamps: listed.files.map(fileStamp),
        checked: [{ full, digest: sha256(bytes), result: checkFile(made.root, full, validators, bytes) }],
      };
    };
    const store = at(".builds/cache/content-checks.bin");

    const ahead = aheadOf(readFileSync(full));
    const taking = new SiteChecks(made.root, { store, listAhead: async () => ahead });
    const content = await taking.checkAsync();
    // Counted as checked (it was, on the other thread), and that very check is the file's.
    expect(taking.checkedFiles).toBe(1);
    expect(taking.fileCheck(full)).toBe(ahead.checked![0]!.result);
    expect(content.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, checked ahead");
    expectSameAsFull(taking);

    // Made from another text (the file saved again since): checked here, from what it holds now.
    const stale = aheadOf(Buffer.from(readFileSync(full, "utf8").replace("checked ahead", "an older text")));
    const checking = new SiteChecks(made.root, { store, listAhead: async () => stale });
    const again = await checking.checkAsync();
    expect(checking.checkedFiles).toBe(1);
    expect(checking.fileCheck(full)).not.toBe(stale.checked![0]!.result);
    expect(again.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, checked ahead");
  });

  it("check again, when a picture comes, changes or goes, only the files that name it (here, in a new process from the store)", () => {
    const store = { store: at(".builds/cache/content-checks.bin") };
    // The store up to date with every file as it is now.
    const current = new SiteChecks(made.root, store);
    current.check();
    current.save();
    // A picture that no page names (an upload not yet placed): nothing is checked again.
    writeFileSync(at("site/assets/new-picture.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const added = new SiteChecks(made.root, store);
    expectSameAsFull(added);
    expect(added.checkedFiles).toBe(0);
    expect(added.crossRechecked).toBe(0);
    rmSync(at("site/assets/new-picture.svg"));
    // A picture one page names, written again: that page alone (the only file that names it).
    const picture = at("site/assets/industries/health.svg");
    const before = readFileSync(picture, "utf8");
    expect(
      readdirSync(at("site"), { recursive: true, encoding: "utf8" }).filter(
        (f) => f.endsWith(".yaml") && readFileSync(at(`site/${f}`), "utf8").includes("/industries/health.svg"),
      ),
    ).toEqual(["industries/health.yaml"]);
    writeFileSync(picture, before.replace("</svg>", "<!-- again --></svg>"));
    const changed = new SiteChecks(made.root, store);
    expectSameAsFull(changed);
    expect(changed.checkedFiles).toBe(1);
    writeFileSync(picture, before);
  });

  it("keep nothing from a store made with other schemas or code", () => {
    const schema = at("schema/blocks/hero.schema.json");
    const text = readFileSync(schema, "utf8");
    writeFileSync(schema, text.replace(/\n$/, "\n\n"));
    const next = new SiteChecks(made.root, { store: at(".builds/cache/content-checks.bin") });
    next.check();
    expect(next.checkedFiles).toBe(filesAtStart + 1);
    writeFileSync(schema, text);
  });
});

/** One edit of each kind, in a row on one copy; after each, the kept checks equal a full check. */
const EDITS: [kind: string, apply: () => void][] = [
  ["a title", () => edit("site/industries/health.yaml", "title: AI for Healthcare and Life Sciences | Nexa AI", "title: AI for Health | Nexa AI")],
  ["a card (listings, the header panel)", () => edit("site/industries/health.yaml", "  title: Health", "  title: Zymurgy and Health")],
  ["a card's order", () => edit("site/industries/health.yaml", /^card:\n/m, "card:\n  order: 1\n")],
  ["an anchor renamed (a link into it breaks)", () => edit("site/about-us/details.yaml", "- id: our-purpose", "- id: our-aim")],
  ["the anchor back (the link mends)", () => edit("site/about-us/details.yaml", "- id: our-aim", "- id: our-purpose")],
  ["a link broken", () => edit("site/about-us/index.yaml", '"/about-us/details#our-purpose"', '"/about-us/detail#our-purpose"')],
  [
    "a page added where a link pointed",
    () => writeFileSync(at("site/about-us/detail.yaml"), readFileSync(at("site/about-us/details.yaml"), "utf8").replace(/^aliases:.*\n(?:\s+-.*\n)*/m, "")),
  ],
  [
    "a page added to a listing",
    () =>
      writeFileSync(
        at("site/industries/mining.yaml"),
        readFileSync(at("site/industries/health.yaml"), "utf8").replace("  title: Zymurgy and Health", "  title: Mining"),
      ),
  ],
  ["a page deleted (links into it break, a listing shrinks)", () => rmSync(at("site/industries/health.yaml"))],
  ["a page deleted that a link named", () => rmSync(at("site/about-us/detail.yaml"))],
  ["_site.yaml: the grievance officer", () => edit("site/_site.yaml", "name: Meera Iyer", "name: Meera Rao")],
  ["_site.yaml: the header's list limit", () => edit("site/_site.yaml", /^header:\n/m, "header:\n  listLimit: 3\n")],
  ["_site.yaml: a count's words", () => edit("site/_site.yaml", "words: [industries, sectors]", "words: [industries]")],
  [
    "a link into the industries listing's last card (its anchor is on the listing's first page)",
    () =>
      edit(
        "site/about-us/index.yaml",
        "      - { label: Connect with us, to: /connect }\n",
        '      - { label: Real estate, to: "/industries/details#real-estate" }\n',
      ),
  ],
  [
    "_site.yaml: cardsPerPage, so the industries listing splits and that card's anchor moves to a numbered page",
    () => edit("site/_site.yaml", /^header:\n/m, "cardsPerPage: 4\nheader:\n"),
  ],
  ["_site.yaml: cardsPerPage back to its default", () => edit("site/_site.yaml", "cardsPerPage: 4\n", "")],
  ["a page made invalid", () => edit("site/industries/mining.yaml", /^title: .*$/m, "title: [not, a, text]")],
  ["the page made valid", () => edit("site/industries/mining.yaml", /^title: .*$/m, "title: Mining | Nexa AI")],
  ["a page that no longer parses", () => edit("site/industries/agriculture.yaml", /^card:$/m, "card: [")],
  [
    "a picture replaced by one of another shape",
    () =>
      writeFileSync(at("site/assets/industries/health.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"></svg>'),
  ],
  ["a picture deleted", () => rmSync(at("site/assets/industries/health-hero.svg"))],
];

describe("after each kind of edit, the kept checks equal a full check", () => {
  const checks = new SiteChecks(made.root);
  checks.check();
  const files = checks.check().files.length;
  /** What each row must show beside "the same as a full check", so a row whose edit the checks miss cannot pass by showing nothing. */
  const realEstateLinkBroken = (content: ReturnType<SiteChecks["check"]>) =>
    content.problems.some((p) => p.file.endsWith("about-us/index.yaml") && p.message.includes("/industries/details#real-estate"));
  it.each(EDITS)("%s", (kind, apply) => {
    apply();
    const content = expectSameAsFull(checks);
    expect(content.pages.length).toBeGreaterThan(0);
    if (kind.startsWith("a link into the industries listing")) expect(realEstateLinkBroken(content)).toBe(false);
    if (kind.startsWith("_site.yaml: cardsPerPage,")) expect(realEstateLinkBroken(content)).toBe(true);
    if (kind.startsWith("_site.yaml: cardsPerPage back")) expect(realEstateLinkBroken(content)).toBe(false);
  });

  it("redid the cross checks of a few files for a title, not the site's", () => {
    edit("site/industries/education.yaml", /^title: .*$/m, "title: Education, again | Nexa AI");
    checks.check();
    expect(checks.crossRechecked).toBeGreaterThan(0);
    expect(checks.crossRechecked).toBeLessThanOrEqual(3);
    expect(files).toBeGreaterThan(50);
  });

  it("still hold the edits (the copy did change)", () => {
    expect(existsSync(at("site/industries/health.yaml"))).toBe(false);
    expect(checks.check().problems.length).toBeGreaterThan(0);
  });
});

describe("after each kind of edit, a new process that goes on from the store equals a full check", () => {
  const own = siteCopyRoot();
  const STORE = ".builds/cache/content-checks.bin";
  beforeAll(() => {
    root = own.root;
    const first = new SiteChecks(root, { store: at(STORE) });
    first.check();
    first.save();
  });
  afterAll(() => {
    root = made.root;
    own.cleanup();
  });

  it("took the cross checks' state from the store: a title redoes the cross checks of a few files", () => {
    edit("site/industries/education.yaml", /^title: .*$/m, "title: Education, from the store | Nexa AI");
    const next = new SiteChecks(root, { store: at(STORE) });
    expectSameAsFull(next);
    expect(next.crossRechecked).toBeGreaterThan(0);
    expect(next.crossRechecked).toBeLessThanOrEqual(3);
    next.save();
  });

  it.each(EDITS)("%s", (_kind, apply) => {
    apply();
    const next = new SiteChecks(root, { store: at(STORE) });
    const content = expectSameAsFull(next);
    expect(content.pages.length).toBeGreaterThan(0);
    next.save();
  });
});
