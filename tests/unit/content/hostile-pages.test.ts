import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent, type SiteContent } from "../../../src/content/site.ts";
import { FIXTURES, PROJECT } from "../fixture-site.ts";

/**
 * Hostile page files: each fixture under tests/fixtures/hostile/<what-is-wrong>/site/ is laid
 * over the valid base site. The pipeline must answer with problems (never throw, never hang)
 * and quickly. Fixtures that git cannot hold well (megabytes, links, pipes) are made here.
 *
 * One project root serves every case (its site/ is replaced each time), so the schemas are
 * compiled once and each timing is the pipeline's own.
 */

const HOSTILE = join(FIXTURES, "hostile");
/** Generous: each case takes milliseconds; an exponential blow-up would take minutes. */
const TIME_LIMIT_MS = 5_000;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "nexa-hostile-"));
  symlinkSync(join(PROJECT, "schema"), join(root, "schema"));
  cpSync(join(FIXTURES, "base-site", "site"), join(root, "site"), { recursive: true });
  expect(loadSiteContent(root).problems).toEqual([]); // compiles the schemas once
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshSite(fixture?: string): string {
  const site = join(root, "site");
  rmSync(site, { recursive: true, force: true });
  cpSync(join(FIXTURES, "base-site", "site"), site, { recursive: true });
  if (fixture) cpSync(join(HOSTILE, fixture, "site"), site, { recursive: true });
  return site;
}

function timedLoad(): { content: SiteContent; lines: string[]; ms: number } {
  const started = performance.now();
  const content = loadSiteContent(root);
  const ms = performance.now() - started;
  return { content, lines: content.problems.map(formatProblem), ms };
}

const HEAD = [
  "# yaml-language-server: $schema=../schema/page.schema.json",
  "schemaVersion: 2",
  "title: Hostile page",
  "description: A page of the hostile fixture set, which checks that bad content is refused with a clear message.",
].join("\n");
const HERO = "sections:\n  - type: hero\n    heading: Welcome\n";

const NOT_ALLOWED = "which is not allowed — links may be a page of this site (/path) or start with https:, mailto: or tel:";
const NESTED =
  /^site\/deep\.yaml:\d+:\d+  lists or groups are nested too deeply here — a page nests a few levels at most; check the brackets and the indentation$/;
const TOO_MANY_ALIASES = "too many *aliases (more than 20 expansions) — write the repeated text out instead of using &anchors and *aliases";
const SYMLINK = "this is a symbolic link, and links are not followed — put the real file or folder under site/ instead of a link";
const TOO_MANY_VALUES = "the file holds more than 10000 values; a page has a few hundred — split the content over several pages";

interface OnDisk {
  fixture: string;
  /** The problem line it must produce, exactly, or a pattern for one. */
  expected: string | RegExp;
}

const ON_DISK: OnDisk[] = [
  { fixture: "deeply-nested-flow-sequences", expected: NESTED },
  { fixture: "deeply-nested-flow-mappings", expected: NESTED },
  { fixture: "deeply-nested-block-sequences", expected: NESTED },
  { fixture: "file-of-only-a-bom", expected: "site/bom.yaml:1:1  the file is empty — a page needs at least title, description and sections" },
  {
    fixture: "nul-byte",
    expected:
      "site/nul.yaml:7:17  the file contains an invisible control character (U+0000) — delete it; such characters usually come in unseen when text is pasted from another program",
  },
  {
    fixture: "escape-character",
    expected:
      "site/escape.yaml:7:14  the file contains an invisible control character (U+001B) — delete it; such characters usually come in unseen when text is pasted from another program",
  },
  { fixture: "utf16-file", expected: "site/utf16.yaml:1:1  the file is not saved as UTF-8 text — save it with UTF-8 encoding in your editor" },
  { fixture: "python-object-tag", expected: "site/python.yaml:5:11  unknown YAML tag — remove the !tag; page files use plain text, numbers, lists and fields" },
  { fixture: "local-tag", expected: "site/include.yaml:5:11  unknown YAML tag — remove the !tag; page files use plain text, numbers, lists and fields" },
  { fixture: "merge-key", expected: /^site\/merge\.yaml:9:5  sections\[1\]: this section has no type — / },
  { fixture: "two-documents", expected: "site/two.yaml:8:1  a line with --- splits the file in two — remove the --- line: a page file holds one page" },
  { fixture: "mapping-as-key", expected: "site/mapkey.yaml:7:7  a field name is a list or a group of fields — a field name is plain text: write name: value" },
  { fixture: "sequence-as-key", expected: "site/seqkey.yaml:5:1  a field name is a list or a group of fields — a field name is plain text: write name: value" },
  {
    fixture: "duplicate-key-number-and-text",
    expected: "site/dup.yaml:9:5  this field appears twice in the same place — keep one of them and delete the other",
  },
  { fixture: "key-over-1024-characters", expected: /^site\/longkey\.yaml:5:1  this field name is far too long — / },
  { fixture: "proto-key", expected: /^site\/proto\.yaml:5:1  unknown field "__proto__" — / },
  { fixture: "proto-key-in-a-section", expected: /^site\/proto\.yaml:8:5  sections\[0\] \(hero\): .*__proto__/ },
  { fixture: "constructor-prototype-key", expected: /^site\/ctor\.yaml:5:1  unknown field "constructor" — / },
  { fixture: "huge-float", expected: /^site\/huge\.yaml:8:13  sections\[0\] \(hero\) › height: expected a whole number, found the number Infinity/ },
  { fixture: "huge-integer", expected: /^site\/huge\.yaml:8:13  sections\[0\] \(hero\) › height: must be at most \d+ \(now 1\.2345678901234568e\+29\)$/ },
  { fixture: "number-as-title", expected: 'site/number.yaml:3:8  title: expected text, found the number Infinity — put it in quotes: "Infinity"' },
  { fixture: "id-with-spaces", expected: /^site\/ids\.yaml:10:13  sections\[1\] \(cardGrid\) › cards\[0\] › id: text "our team" is not a valid anchor id — / },
  { fixture: "javascript-in-inline-text", expected: `site/inline.yaml:8:11  link "javascript:alert(document.cookie" uses "javascript:", ${NOT_ALLOWED}` },
  { fixture: "javascript-mixed-case", expected: `site/mixed.yaml:9:26  link "JaVaScRiPt:alert(1)" uses "javascript:", ${NOT_ALLOWED}` },
  { fixture: "javascript-with-a-tab", expected: /^site\/tab\.yaml:9:26  link "java\tscript:alert\(1\)" is neither a page nor a full address — / },
  { fixture: "data-url", expected: `site/data.yaml:9:26  link "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" uses "data:", ${NOT_ALLOWED}` },
  { fixture: "vbscript-url", expected: `site/vb.yaml:9:26  link "vbscript:msgbox(1)" uses "vbscript:", ${NOT_ALLOWED}` },
  {
    fixture: "protocol-relative-url",
    expected: `site/evil.yaml:9:26  link "//evil.example/login" is neither a page nor a full address — start links to this site's pages with / (for example /evil.example/login), and other sites with https://`,
  },
  { fixture: "backslash-url", expected: 'site/backslash.yaml:9:26  link "/\\evil.example" is not a page — check the address against the files under site/' },
  {
    fixture: "path-traversal-link",
    expected: 'site/traversal.yaml:9:26  link "/../../etc/passwd" is not a page — check the address against the files under site/',
  },
  {
    fixture: "path-traversal-asset",
    expected: /^site\/traversal\.yaml:8:19  missing file "\/\.\.\/\.\.\/\.\.\/etc\/passwd": there is no site\/assets\/\.\.\/\.\.\/\.\.\/etc\/passwd/,
  },
  { fixture: "alias-bomb-of-mappings", expected: `site/laughs.yaml:1:1  ${TOO_MANY_ALIASES}` },
  { fixture: "alias-bomb-wide", expected: `site/wide.yaml:1:1  ${TOO_MANY_ALIASES}` },
  {
    fixture: "hidden-dot-yaml-file",
    expected:
      "site/.yaml:1:1  names starting with . are hidden files, not pages — give the file (and its folders) a name that starts with a letter or digit, such as page.yaml",
  },
  {
    fixture: "folder-named-like-a-file",
    expected: "site/news.yaml:1:1  this is a folder, but its name ends in .yaml — only page files end in .yaml; rename the folder",
  },
];

interface Generated {
  name: string;
  /** Writes the hostile entries into site/; returns false when this machine cannot make them. */
  make(site: string): boolean | void;
  expected: string | RegExp;
}

const NOT_REGULAR = "not a regular file — only plain files and folders belong under site/; delete it";

/** A Unix socket file at `path` (its server is closed again; the file stays). */
function unixSocket(path: string): boolean {
  try {
    execFileSync(process.execPath, ["-e", `const s = require("node:net").createServer().listen(${JSON.stringify(path)}, () => process.exit(0))`]);
    return existsSync(path);
  } catch {
    return false;
  }
}

/** A character device like /dev/null (needs root; skipped elsewhere). */
function mknodChar(path: string): boolean {
  try {
    execFileSync("mknod", [path, "c", "1", "3"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function mkfifo(path: string): boolean {
  try {
    execFileSync("mkfifo", [path]);
    return true;
  } catch {
    return false;
  }
}

const GENERATED: Generated[] = [
  {
    name: "a 5 MB single line",
    make: (site) => writeFileSync(join(site, "big.yaml"), `${HEAD}\n${HERO}    text: ${"x".repeat(5 * 1024 * 1024)}\n`),
    expected: "site/big.yaml:1:1  the file is too large (5121 KB); a page file may be at most 256 KB — split the content over several pages",
  },
  {
    name: "10 001 values",
    make: (site) => writeFileSync(join(site, "values.yaml"), `${HEAD}\n${HERO}    extra:\n${"      - a\n".repeat(10_001)}`),
    expected: `site/values.yaml:1:1  ${TOO_MANY_VALUES}`,
  },
  {
    // The yaml package's own duplicate check compares every pair: minutes for this file.
    name: "20 000 different keys",
    make: (site) => writeFileSync(join(site, "keys.yaml"), `${HEAD}\n${HERO}${Array.from({ length: 20_000 }, (_, i) => `k${i}: v`).join("\n")}\n`),
    expected: `site/keys.yaml:1:1  ${TOO_MANY_VALUES}`,
  },
  {
    name: "a duplicate key after 4 000 others",
    make: (site) => writeFileSync(join(site, "late.yaml"), `${HEAD}\n${HERO}${Array.from({ length: 4_000 }, (_, i) => `k${i}: v`).join("\n")}\nk7: again\n`),
    expected: "site/late.yaml:4008:1  this field appears twice in the same place — keep one of them and delete the other",
  },
  {
    name: "15 000 broken links in one text",
    make: (site) => writeFileSync(join(site, "links.yaml"), `${HEAD}\n${HERO}    text: "${"[a](/nowhere) ".repeat(15_000)}"\n`),
    expected: "site/links.yaml:8:11  and 14951 more problems in this file — fix the ones above first",
  },
  {
    name: "a link to a file outside site/",
    make: (site) => symlinkSync("/etc/passwd", join(site, "passwd.yaml")),
    expected: `site/passwd.yaml:1:1  ${SYMLINK}`,
  },
  {
    name: "a link to a folder outside site/",
    make: (site) => symlinkSync("/etc", join(site, "etc")),
    expected: `site/etc:1:1  ${SYMLINK}`,
  },
  {
    name: "a dangling link (an editor's lock file)",
    make: (site) => symlinkSync("editor@host.4242", join(site, ".#index.yaml")),
    expected: `site/.#index.yaml:1:1  ${SYMLINK}`,
  },
  {
    name: "a named pipe called page.yaml (reading it would wait forever)",
    make: (site) => mkfifo(join(site, "pipe.yaml")),
    expected: `site/pipe.yaml:1:1  this is a named pipe, ${NOT_REGULAR}`,
  },
  // Only regular files and folders are content, assets included: Vite copies site/assets into dist/.
  {
    name: "a link under site/assets to a file outside site/",
    make: (site) => symlinkSync("/etc/passwd", join(site, "assets", "passwd.svg")),
    expected: `site/assets/passwd.svg:1:1  ${SYMLINK}`,
  },
  {
    name: "a link deep under site/assets to a folder outside site/",
    make: (site) => {
      mkdirSync(join(site, "assets", "deep", "er"), { recursive: true });
      symlinkSync("/etc", join(site, "assets", "deep", "er", "etc"));
    },
    expected: `site/assets/deep/er/etc:1:1  ${SYMLINK}`,
  },
  {
    name: "a link to another asset inside site/assets",
    make: (site) => symlinkSync(join(site, "assets", "logo.svg"), join(site, "assets", "logo-copy.svg")),
    expected: `site/assets/logo-copy.svg:1:1  ${SYMLINK}`,
  },
  {
    name: "a link that is not a page file (site/notes.txt)",
    make: (site) => symlinkSync("/etc/hostname", join(site, "notes.txt")),
    expected: `site/notes.txt:1:1  ${SYMLINK}`,
  },
  {
    name: "a named pipe under site/assets (copying it would hang the build)",
    make: (site) => mkfifo(join(site, "assets", "pipe.svg")),
    expected: `site/assets/pipe.svg:1:1  this is a named pipe, ${NOT_REGULAR}`,
  },
  {
    name: "a named pipe that is not a page file",
    make: (site) => mkfifo(join(site, "fifo")),
    expected: `site/fifo:1:1  this is a named pipe, ${NOT_REGULAR}`,
  },
  {
    name: "a socket under site/assets",
    make: (site) => unixSocket(join(site, "assets", "socket")),
    expected: `site/assets/socket:1:1  this is a socket, ${NOT_REGULAR}`,
  },
  {
    name: "a character device under site/assets",
    make: (site) => mknodChar(join(site, "assets", "null")),
    expected: `site/assets/null:1:1  this is a device file, ${NOT_REGULAR}`,
  },
];

function expectLine(lines: string[], expected: string | RegExp): void {
  if (typeof expected === "string") expect(lines, lines.slice(0, 3).join("\n")).toContain(expected);
  else
    expect(
      lines.some((line) => expected.test(line)),
      `no line matches ${expected}:\n${lines.join("\n")}`,
    ).toBe(true);
}

describe("hostile page files", () => {
  it("has a fixture folder for every on-disk case, and at least 25 cases", () => {
    const folders = readdirSync(HOSTILE).sort();
    const covered = [...ON_DISK.map((c) => c.fixture), "numbers-where-text-belongs", "anchor-with-no-alias"].sort();
    expect(folders).toEqual(covered);
    expect(ON_DISK.length + GENERATED.length + 1).toBeGreaterThanOrEqual(25);
  });

  it.each(ON_DISK)("$fixture ends in a problem, quickly", ({ fixture, expected }) => {
    freshSite(fixture);
    const { lines, ms } = timedLoad();
    expectLine(lines, expected);
    const own = readdirSync(join(HOSTILE, fixture, "site"));
    // Nothing else breaks: every problem is in the hostile file itself.
    expect(lines.filter((line) => !own.some((name) => line.startsWith(`site/${name}`)))).toEqual([]);
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
  });

  it.each(GENERATED)("$name ends in a problem, quickly", ({ make, expected }) => {
    const site = freshSite();
    if (make(site) === false) return; // e.g. no mkfifo on this system
    const { lines, ms } = timedLoad();
    expectLine(lines, expected);
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
  });

  it("numbers where text belongs, in every block type, are each reported", () => {
    freshSite("numbers-where-text-belongs");
    const { content, lines, ms } = timedLoad();
    const files = readdirSync(join(HOSTILE, "numbers-where-text-belongs", "site"));
    expect(files).toHaveLength(16);
    for (const file of files) {
      const own = lines.filter((line) => line.startsWith(`site/${file}:`));
      expect(
        own.some((line) => / expected text, found the number \d+ — put it in quotes: "\d+"$/.test(line)),
        file,
      ).toBe(true);
      for (const line of own) expect(line).toMatch(/found the number \d+|the number \d+ is not one of the choices|more problems in this file/);
    }
    expect(content.pages.map((p) => p.route).sort()).toEqual(["/", "/about"]);
    expect(ms).toBeLessThan(TIME_LIMIT_MS);
  });

  it("never lets a __proto__ or constructor key pollute objects", () => {
    for (const fixture of ["proto-key", "proto-key-in-a-section", "constructor-prototype-key"]) {
      freshSite(fixture);
      timedLoad();
    }
    const plain = {} as Record<string, unknown>;
    expect([plain.polluted, plain.isAdmin]).toEqual([undefined, undefined]);
  });

  it("accepts an anchor that no alias uses: it is valid YAML and changes nothing", () => {
    freshSite("anchor-with-no-alias");
    const { content, lines } = timedLoad();
    expect(lines).toEqual([]);
    expect(content.pages.find((p) => p.route === "/anchor")?.data.sections[0]).toEqual({ type: "hero", heading: "Welcome" });
  });

  it("reads a page file through no link, even one pointing inside site/", () => {
    const site = freshSite();
    mkdirSync(join(site, "real"));
    writeFileSync(join(site, "real", "page.yaml"), `${HEAD.replace("../schema", "../../schema")}\n${HERO}`);
    symlinkSync(join(site, "real", "page.yaml"), join(site, "copy.yaml"));
    const { content, lines } = timedLoad();
    expect(lines).toEqual([`site/copy.yaml:1:1  ${SYMLINK}`]);
    expect(content.pages.map((p) => p.route)).toContain("/real/page");
    expect(existsSync(join(site, "copy.yaml"))).toBe(true);
  });
});
