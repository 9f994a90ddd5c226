import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIn, buildRootFor, runCheck } from "../../../src/cli/check.ts";
import { runNew } from "../../../src/cli/new.ts";
import { createValidators } from "../../../src/content/ajv.ts";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { isPlaceholderProblem, PLACEHOLDER } from "../../../src/content/placeholders.ts";
import { planStarter, StarterError, type Kind } from "../../../src/content/starters.ts";
import { parseDocument, visit } from "yaml";
import { loadSiteContent, type SiteContent } from "../../../src/content/site.ts";
import { PROJECT, siteCopyRoot } from "../fixture-site.ts";
import { inProcess, type CommandRun } from "./in-process.ts";

const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");

/** `npm run new -- …` in `root`, as its own process: for what only a real run shows. */
function spawned(root: string, ...args: string[]): CommandRun {
  const r = spawnSync(process.execPath, [LAUNCHER, "new", ...args], { cwd: root, encoding: "utf8" });
  return { code: r.status ?? undefined, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** The same command in this process (tests/unit/cli/in-process.ts). */
const run = (root: string, ...args: string[]) => inProcess(() => runNew(args, root));

/** One copy of the site with a page of every kind added, shared by the tests below. */
const ADDED: [kind: string, route: string, file: string, listedOn: string][] = [
  ["industry", "/industries/mining", "site/industries/mining.yaml", "/industries/details"],
  ["exam", "/courses/comparative-exam-preparation/gre", "site/courses/comparative-exam-preparation/gre.yaml", "/courses/comparative-exam-preparation"],
  ["course-group", "/courses/normal-course/robotics", "site/courses/normal-course/robotics/index.yaml", "/courses/normal-course"],
  [
    "course",
    "/courses/normal-course/data-and-ai/machine-learning",
    "site/courses/normal-course/data-and-ai/machine-learning.yaml",
    "/courses/normal-course/data-and-ai",
  ],
  ["page", "/teach-with-us/faq", "site/teach-with-us/faq.yaml", ""],
];

let made: { root: string; cleanup: () => void };
let outputs: CommandRun[];
let content: SiteContent;
const { index } = createValidators(join(PROJECT, "schema"));
beforeAll(async () => {
  made = siteCopyRoot();
  // The first as a user runs it, the others in this process.
  outputs = [spawned(made.root, ...ADDED[0]!.slice(0, 2))];
  for (const [kind, route] of ADDED.slice(1)) outputs.push(await run(made.root, kind, route));
  content = loadSiteContent(made.root);
}, 120_000);
afterAll(() => made.cleanup());

/** What the person editing does with a starter: write a real text in place of every placeholder. */
function replacePlaceholders(text: string): string {
  const doc = parseDocument(text);
  let n = 0;
  visit(doc, {
    Scalar(_, node) {
      // A fact's placeholder is "Replace: " and an example ("6 months", "₹50,000 + GST"): a real duration or fee is written the same way.
      if (typeof node.value === "string" && node.value.startsWith("Replace: ")) node.value = node.value.slice("Replace: ".length);
      else if (typeof node.value === "string" && PLACEHOLDER.test(node.value))
        node.value = `Mining, written for real ${++n}: a sentence long enough for a description.`.slice(0, node.value.startsWith("New") ? 30 : 80);
    },
  });
  return doc.toString();
}

const cardsOn = (route: string) =>
  content.pages
    .find((p) => p.route === route)!
    .data.sections.flatMap((s) => (s.type === "childCards" ? (s.cards ?? []) : []))
    .map((c) => c.to);

describe("npm run new", () => {
  it("writes a starter for every kind and says where it is listed", () => {
    expect(outputs.map((o) => o.code)).toEqual([0, 0, 0, 0, 0]);
    expect(outputs[0]!.out.split("\n")).toEqual([
      "Created site/industries/mining.yaml, the page at /industries/mining.",
      "Its card is listed on /industries/details and the Industries menu.",
      'Next: replace every text that says "Replace" or "New …" (npm run validate -- site/industries/mining.yaml lists each one).',
      "Until none is left, npm run build and npm start stop with that list, and the preview (npm run dev) shows it at /industries/mining instead of the page; the rest of the site still works there.",
      "Then preview with npm run dev (open http://127.0.0.1:5173/industries/mining), and check it with npm run check -- site/industries/mining.yaml",
    ]);
    expect(outputs[2]!.out).toContain("Also created site/courses/normal-course/robotics/first-course.yaml (/courses/normal-course/robotics/first-course)");
  });

  it("validate reports their placeholder texts, each at its line, and nothing else", () => {
    const files = [...ADDED.map(([, , file]) => file), "site/courses/normal-course/robotics/first-course.yaml"];
    expect(content.problems.filter((p) => !isPlaceholderProblem(p)).map(formatProblem)).toEqual([]);
    for (const file of files) expect(content.problems.filter((p) => p.file === file).length, file).toBeGreaterThanOrEqual(5);
    expect(content.problems.filter((p) => p.file === "site/teach-with-us/faq.yaml").map(formatProblem)).toEqual([
      'site/teach-with-us/faq.yaml:5:8  still has placeholder text "New page: Faq | Nexa AI" — replace it with the real text',
      'site/teach-with-us/faq.yaml:6:14  still has placeholder text "Replace this placeholder: one or two sentences ..." — replace it with the real text',
      'site/teach-with-us/faq.yaml:9:14  still has placeholder text "New page: Faq" — replace it with the real text',
      'site/teach-with-us/faq.yaml:10:11  still has placeholder text "Replace this placeholder with a short introduct..." — replace it with the real text',
      'site/teach-with-us/faq.yaml:14:14  still has placeholder text "Replace this heading" — replace it with the real text',
      'site/teach-with-us/faq.yaml:16:9  still has placeholder text "Replace this paragraph: say what visitors need ..." — replace it with the real text',
      'site/teach-with-us/faq.yaml:18:13  still has placeholder text "Replace this point" — replace it with the real text',
      'site/teach-with-us/faq.yaml:19:13  still has placeholder text "Replace this point" — replace it with the real text',
    ]);
  });

  it("npm run check refuses a starter, naming its placeholders, before building anything", async () => {
    const r = await inProcess(() => runCheck(["site/teach-with-us/faq.yaml"], made.root));
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe('site/teach-with-us/faq.yaml:5:8  still has placeholder text "New page: Faq | Nexa AI" — replace it with the real text');
    expect(lines.at(-1)).toBe("8 problems in site/teach-with-us/faq.yaml; fix them and run the check again to test the page in a browser");
  }, 60_000);

  it.each(ADDED.filter(([, , , on]) => on))("%s %s appears in its listing", (_kind, route, _file, listedOn) => {
    expect(cardsOn(listedOn)).toContain(route);
  });

  it("a new industry appears in the Industries header panel; a new group lists its first course", () => {
    const industries = content.site!.header.items.find((i) => i.label === "Industries")!;
    expect(industries.panel!.groups.flatMap((g) => g.links ?? [])).toContainEqual({ label: "Mining", to: "/industries/mining" });
    expect(cardsOn("/courses/normal-course/robotics")).toEqual(["/courses/normal-course/robotics/first-course"]);
  });

  it("starters begin with the schema line and the format version, and their placeholders say so", () => {
    const text = readFileSync(join(made.root, "site", "industries", "mining.yaml"), "utf8").split("\n");
    expect(text.slice(0, 1)).toEqual(["# yaml-language-server: $schema=../../schema/page.schema.json"]);
    expect(text).toContain("schemaVersion: 2");
    expect(text).toContain('title: "New industry: Mining | Nexa AI"');
    const mining = content.pages.find((p) => p.route === "/industries/mining")!.data;
    expect(mining.card).toMatchObject({ title: "Mining", order: 11, image: { src: "/industries/card.svg", width: 800, height: 500 } });
    expect(mining.sections[0]).toMatchObject({ type: "hero", heading: "New industry: Mining", height: 600 });
    const gre = content.pages.find((p) => p.route === "/courses/comparative-exam-preparation/gre")!.data;
    expect(gre.card?.facts).toEqual([
      { label: "Duration", value: "Replace: 6 months" },
      { label: "Fee", value: "Replace: ₹50,000 + GST / $800" },
    ]);
  });

  it("the build refuses them until every placeholder is replaced; then they are prerendered and in the sitemap", () => {
    const work = buildRootFor(made.root);
    try {
      const refused = buildIn(work.dir);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain(
        'site/industries/mining.yaml:5:8  still has placeholder text "New industry: Mining | Nexa AI" — replace it with the real text',
      );
      expect(existsSync(join(work.dir, "dist", "industries", "mining", "index.html"))).toBe(false);
      for (const file of new Set(content.problems.map((p) => p.file)))
        writeFileSync(join(work.dir, file), replacePlaceholders(readFileSync(join(work.dir, file), "utf8")));
      expect(loadSiteContent(work.dir).problems.map(formatProblem)).toEqual([]);
      const built = buildIn(work.dir);
      expect(built.ok, built.output).toBe(true);
      const sitemap = readFileSync(join(work.dir, "dist", "sitemap.xml"), "utf8");
      for (const [, route] of ADDED) {
        expect(existsSync(join(work.dir, "dist", route.slice(1), "index.html")), route).toBe(true);
        expect(sitemap).toContain(`<loc>https://www.nexa.ai${route}</loc>`);
      }
      expect(readFileSync(join(work.dir, "dist", "industries", "mining", "index.html"), "utf8")).toContain("Mining, written for real 1");
    } finally {
      work.cleanup();
    }
  }, 180_000);

  it.each([
    [["industry", "/industries/health"], "/industries/health already exists (site/industries/health.yaml): edit that file, or choose another address"],
    [["industry", "/industries/mining"], "/industries/mining already exists (site/industries/mining.yaml): edit that file, or choose another address"],
    [["industry", "/industry/mining"], "an industry's address looks like /industries/mining, not /industry/mining"],
    [["exam", "/courses/gre"], "an exam's address looks like /courses/comparative-exam-preparation/gre, not /courses/gre"],
    [["industry", "/industries/Oil_Gas"], '"Oil_Gas" cannot be part of an address: use lower-case letters, digits and dashes, such as /industries/mining'],
    [
      ["page", "/about-us/a-very-long-address-that-nobody-could-ever-remember"],
      '"a-very-long-address-that-nobody-could-ever-remember" is too long for an address: use at most 40 characters, such as /teach-with-us/faq',
    ],
    [
      ["course", "/courses/normal-course/rocketry/basics"],
      "there is no course group /courses/normal-course/rocketry: the groups are cloud-and-devops, data-and-ai, design-and-frontend, emerging-tech-specialized, full-stack-development, programming-foundations, robotics; or make it first with npm run new -- course-group /courses/normal-course/rocketry",
    ],
  ])("refuses %j: %s", ([kind, route], line) => {
    expect(() => planStarter(kind as Kind, route!, { root: made.root, content, index })).toThrow(new StarterError(line));
  });

  it("a refusal is one line on the terminal, exit 2, and changes nothing", () => {
    const before = readFileSync(join(made.root, "site", "industries", "mining.yaml"), "utf8");
    expect(spawned(made.root, "industry", "/industries/mining")).toEqual({
      code: 2,
      out: "",
      err: "/industries/mining already exists (site/industries/mining.yaml): edit that file, or choose another address",
    });
    expect(readFileSync(join(made.root, "site", "industries", "mining.yaml"), "utf8")).toBe(before);
  });

  it.each([
    [["industry"], "say what kind of page to make and its address"],
    [["widget", "/x"], 'unknown kind "widget": choose one of page, industry, course-group, course, exam'],
  ])("usage error %j exits 2 with the usage", async (args, message) => {
    const r = await run(made.root, ...args);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")).toEqual([
      message,
      "usage: npm run new -- <page|industry|course-group|course|exam> <address>   for example: npm run new -- industry /industries/mining",
    ]);
  });
});
