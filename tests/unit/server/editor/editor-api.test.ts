import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSP, adminPageCsp, PREVIEW_CSP } from "../../../../src/server/editor/index.ts";
import { builtHtml } from "../../../../src/build/page-check.ts";
import { LiveUpdate } from "../../../../src/build/publish.ts";
import type { PageChecker } from "../../../../src/server/editor/publish.ts";
import { SiteRebuilder, type StageRebuild } from "../../../../src/server/editor/rebuild.ts";
import { filesUnder } from "../../../../src/shared/files-under.ts";
import { siteCopyRoot } from "../../fixture-site.ts";
import { startEditorApp } from "./editor-app.ts";

let root: string;
let cleanup: () => void;
let app: FastifyInstance;
let close: () => Promise<void>;
let checkedPages: string[][] = [];
let checkResult = { ok: true, output: "" };
const checkPages: PageChecker = async (files) => {
  checkedPages.push(files);
  return checkResult;
};

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

beforeAll(async () => {
  ({ root, cleanup } = siteCopyRoot());
  git("init", "--quiet");
  git("config", "user.email", "editor@example.com");
  git("config", "user.name", "Ed Itor");
  git("add", "site");
  git("commit", "--quiet", "-m", "The site as it was");
  ({ app, close } = await startEditorApp(root, checkPages));
}, 60_000);

afterAll(async () => {
  await close?.();
  cleanup?.();
});

const HEALTH = "site/industries/health.yaml";
const read = (file: string) => readFileSync(join(root, file), "utf8");
const post = (url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as object });

describe("the editor's API refuses bad input with a clear 4xx in the project's error shape", () => {
  const BOMB = [
    "a: &a [x, x, x, x, x, x, x, x, x]",
    ...Array.from({ length: 25 }, (_, i) => `${String.fromCharCode(98 + (i % 24))}${i}: &r${i} [*a, *a, *a, *a, *a, *a, *a, *a, *a]`),
    "title: boom",
    "",
  ].join("\n");
  it.each<[string, () => ReturnType<typeof post>, number, string]>([
    [
      "a path outside site/",
      () => app.inject("/admin/api/page?path=package.json"),
      400,
      '"package.json" is outside site/: pages are files under site/, such as site/industries/mining.yaml.',
    ],
    [
      "a path with ..",
      () => app.inject(`/admin/api/page?path=${encodeURIComponent("site/../package.json")}`),
      400,
      '"site/../package.json" is outside site/: a path may not contain . or .. parts.',
    ],
    [
      "an absolute path",
      () => app.inject(`/admin/api/page?path=${encodeURIComponent("/etc/passwd")}`),
      400,
      '"/etc/passwd" is outside site/: pages are files under site/, such as site/industries/mining.yaml.',
    ],
    [
      "a backslash path",
      () => post("/admin/api/check", { path: "site\\index.yaml", text: "" }),
      400,
      '"site\\index.yaml" is not a page path: use forward slashes, such as site/industries/mining.yaml.',
    ],
    [
      "a file that is not YAML",
      () => post("/admin/api/check", { path: "site/index.txt", text: "title: x" }),
      400,
      '"site/index.txt" is not a YAML page: page files end in .yaml.',
    ],
    [
      "a picture",
      () => app.inject("/admin/api/page?path=site/assets/brand/logo.svg"),
      400,
      '"site/assets/brand/logo.svg" is a picture or media file under site/assets/, not a page.',
    ],
    ["no path", () => post("/admin/api/check", { text: "title: x" }), 400, "Say which page: path is a file under site/, such as site/industries/mining.yaml."],
    ["text that is not a string", () => post("/admin/api/check", { path: HEALTH, text: 5 }), 400, "Send the page's YAML as text, a string."],
    ["a body that is not an object", () => post("/admin/api/check", [1, 2]), 400, "The request body must be a JSON object."],
    [
      "2 MB of text",
      () => post("/admin/api/check", { path: HEALTH, text: "a".repeat(2 * 1024 * 1024) }),
      413,
      "The request body is too large: a page may be at most 256 KB of text.",
    ],
    [
      "300 KB of text",
      () => app.inject({ method: "PUT", url: "/admin/api/page", payload: { path: HEALTH, text: `title: ${"a".repeat(300 * 1024)}` } }),
      413,
      "The text is too large (301 KB): a page file may be at most 256 KB. Split the content over several pages.",
    ],
    ["a page that does not exist", () => app.inject("/admin/api/page?path=site/nowhere.yaml"), 404, "There is no page file site/nowhere.yaml."],
    [
      "a YAML bomb to preview",
      () => post("/admin/api/preview", { path: HEALTH, text: BOMB }),
      422,
      "The page has a problem: the preview shows it again once it is fixed.",
    ],
    [
      "an offset outside the text",
      () => post("/admin/api/complete", { path: HEALTH, text: "title: x", offset: 99 }),
      400,
      "offset is the cursor's position in the text: a whole number from 0 to the text's length.",
    ],
    [
      "an unknown kind of page",
      () => post("/admin/api/pages", { kind: "blog", address: "/blog/x", title: "X" }),
      400,
      "Choose what kind of page to make: page, industry, course-group, course, exam.",
    ],
    [
      "an address that does not fit the kind",
      () => post("/admin/api/pages", { kind: "industry", address: "/mining", title: "Mining" }),
      400,
      "An industry's address looks like /industries/mining, not /mining.",
    ],
    [
      "an address that exists",
      () => post("/admin/api/pages", { kind: "industry", address: "/industries/health", title: "Health" }),
      400,
      "/industries/health already exists (site/industries/health.yaml): edit that file, or choose another address.",
    ],
    [
      "an empty publish message",
      () => post("/admin/api/publish", { message: " " }),
      400,
      "Say what you changed: the message is what the site's history shows.",
    ],
    ["an unknown API", () => app.inject("/admin/api/nothing"), 404, "There is no such editor API: see docs/editor.md."],
    [
      "a body that is not JSON",
      () => app.inject({ method: "POST", url: "/admin/api/check", headers: { "content-type": "application/json" }, payload: "{oops" }),
      400,
      "The request body is not valid JSON.",
    ],
  ])("%s", async (_name, request, status, error) => {
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("reports the YAML bomb at its line when checking, as the validator does", async () => {
    const response = await post("/admin/api/check", { path: HEALTH, text: BOMB });
    expect(response.statusCode).toBe(200);
    expect(response.json().problems).toEqual([
      {
        file: HEALTH,
        line: 1,
        col: 1,
        message: "too many *aliases (more than 20 expansions)",
        hint: "write the repeated text out instead of using &anchors and *aliases",
      },
    ]);
  });

  it("answers a far larger bomb (9^40 expansions) at once, without expanding it", async () => {
    const huge = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 40 },
        (_, i) =>
          `r${i}: &r${i} [${Array(9)
            .fill(i === 0 ? "*a" : `*r${i - 1}`)
            .join(", ")}]`,
      ),
      "",
    ].join("\n");
    const response = await post("/admin/api/check", { path: HEALTH, text: huge });
    expect(response.statusCode).toBe(200);
    expect(response.json().problems.map((p: { message: string }) => p.message)).toEqual(["too many *aliases (more than 20 expansions)"]);
  });

  const NOT_SAVED =
    'was not saved: too many *aliases (more than 20 expansions): a text like this can grow to gigabytes when read (a "YAML bomb"), so it is never written. Write the repeated text out instead of using &anchors and *aliases.';
  const DEEP_NOT_SAVED =
    'site/industries/deep.yaml was not saved: lists or groups are nested too deeply here: a text like this can grow to gigabytes when read (a "YAML bomb"), so it is never written. A page nests a few levels at most; check the brackets and the indentation.';
  /** Every file a refused save below could have written or changed, as it is now (null: absent). */
  const saveTargets = () =>
    ["package.json", "escaped.yaml", "site/notes.txt", "site/industries/big.yaml", "site/industries/bomb.yaml", "site/industries/deep.yaml", HEALTH].map((f) =>
      existsSync(join(root, f)) ? read(f) : null,
    );
  it.each<[string, string, string, number, string]>([
    [
      "a path outside site/",
      "package.json",
      "title: x\n",
      400,
      '"package.json" is outside site/: pages are files under site/, such as site/industries/mining.yaml.',
    ],
    [
      "a path that climbs out with ..",
      "site/../escaped.yaml",
      "title: x\n",
      400,
      '"site/../escaped.yaml" is outside site/: a path may not contain . or .. parts.',
    ],
    ["a file that is not YAML", "site/notes.txt", "title: x\n", 400, '"site/notes.txt" is not a YAML page: page files end in .yaml.'],
    [
      "2 MB of text",
      "site/industries/big.yaml",
      `title: ${"a".repeat(2 * 1024 * 1024)}`,
      413,
      "The request body is too large: a page may be at most 256 KB of text.",
    ],
    ["a YAML bomb as a new page", "site/industries/bomb.yaml", BOMB, 422, `site/industries/bomb.yaml ${NOT_SAVED}`],
    ["a YAML bomb over an existing page", HEALTH, BOMB, 422, `${HEALTH} ${NOT_SAVED}`],
    ["nesting deeper than the parser allows", "site/industries/deep.yaml", `title: ${"[".repeat(2000)}${"]".repeat(2000)}\n`, 422, DEEP_NOT_SAVED],
  ])("refuses to save %s and writes nothing", async (_name, path, text, status, error) => {
    const before = saveTargets();
    const response = await app.inject({ method: "PUT", url: "/admin/api/page", payload: { path, text, base: null } });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(saveTargets()).toEqual(before);
  });
});

describe("reading, checking and saving a page", () => {
  it("lists every page by address and title, grouped, with problem counts and aliases", async () => {
    const { pages, settings } = (await app.inject("/admin/api/pages")).json();
    expect(settings).toEqual({ file: "site/_site.yaml", problems: 0 });
    expect(pages.find((p: { route: string }) => p.route === "/about-us/connect")).toEqual({
      file: "site/about-us/connect.yaml",
      route: "/about-us/connect",
      title: "Connect With Us | Nexa AI",
      aliases: ["/connect"],
      group: "about-us",
      problems: 0,
    });
    expect(pages.filter((p: { group: string }) => p.group === "industries").length).toBe(12);
  });

  it("checks an unsaved text with the whole site in place: schema, links with did-you-mean, placeholders", async () => {
    const text = read(HEALTH).replace("schemaVersion: 2\ntitle:", "schemaVersion: 2\ntittle:").replace("to: /connect", "to: /conect");
    const { problems } = (await post("/admin/api/check", { path: HEALTH, text })).json();
    const line = (needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
    expect(problems).toEqual([
      {
        file: HEALTH,
        line: line("tittle"),
        col: 1,
        message: 'unknown field "tittle"',
        hint: 'did you mean "title"?',
        // The hint's one-click fix, as offsets into the text sent.
        fix: { from: text.indexOf("tittle"), to: text.indexOf("tittle") + "tittle".length, insert: "title", label: "Change to title" },
      },
      expect.objectContaining({ file: HEALTH, line: line("/conect"), message: 'link "/conect" is not a page', hint: 'did you mean "/connect"?' }),
    ]);
    expect(read(HEALTH)).not.toContain("tittle");
  });

  it.each(["site/index.yaml", "site/industries/health.yaml", "site/_site.yaml", "site/courses/normal-course/data-and-ai/index.yaml"])(
    "opening and saving %s unchanged writes identical bytes",
    async (file) => {
      const before = readFileSync(join(root, file));
      const opened = (await app.inject(`/admin/api/page?path=${file}`)).json();
      const saved = await app.inject({ method: "PUT", url: "/admin/api/page", payload: { path: file, text: opened.text, base: opened.hash } });
      expect(saved.statusCode).toBe(200);
      expect(readFileSync(join(root, file)).equals(before)).toBe(true);
    },
  );

  it("notices a picture replaced on disk: the page list's problem counts read its new shape", async () => {
    const picture = join(root, "site/assets/industries/health.svg");
    const original = readFileSync(picture);
    /** The problem count the page list gives the health page, from the kept per-file checks. */
    const healthProblems = async () =>
      ((await app.inject("/admin/api/pages")).json().pages as { file: string; problems: number }[]).find((p) => p.file === HEALTH)!.problems;
    expect(await healthProblems()).toBe(0);
    try {
      writeFileSync(
        picture,
        '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500"><rect width="500" height="500" fill="#f5f8fc"/></svg>',
      );
      // The card's picture and the same picture further down, both 800 × 500.
      expect(await healthProblems()).toBe(2);
      const { problems } = (await post("/admin/api/check", { path: HEALTH, text: read(HEALTH) })).json() as { problems: { message: string }[] };
      expect(problems.map((p) => p.message)).toContain(
        "width: 800 and height: 500 do not have the shape of the picture /industries/health.svg, which is 500 × 500",
      );
    } finally {
      writeFileSync(picture, original);
    }
    expect(await healthProblems()).toBe(0);
  });

  it("refuses to overwrite a file changed on disk since it was opened, and hands back the disk version", async () => {
    const file = "site/industries/agriculture.yaml";
    const opened = (await app.inject(`/admin/api/page?path=${file}`)).json();
    const disk = opened.text.replace("schemaVersion: 2", "schemaVersion: 2\n# changed elsewhere");
    writeFileSync(join(root, file), disk);
    const response = await app.inject({ method: "PUT", url: "/admin/api/page", payload: { path: file, text: opened.text + "# mine\n", base: opened.hash } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: `${file} was changed on disk since you opened it: keep the disk version, or merge your changes into it.`,
      disk,
    });
    expect(read(file)).toBe(disk);
    git("checkout", "--", file);
  });
});

describe("new pages, preview and publish", () => {
  it("creates an industry from the starter with the title asked for, listed on its parent", async () => {
    const response = await post("/admin/api/pages", { kind: "industry", address: "/industries/mining", title: "Mining" });
    expect(response.statusCode).toBe(201);
    const [page] = response.json().files;
    expect(page.file).toBe("site/industries/mining.yaml");
    expect(page.text).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/schema\/page\.schema\.json\n/);
    expect(page.text).toContain('\ntitle: "Mining | Nexa AI"\n');
    expect(page.text).toContain('\n  - type: hero\n    heading: "Mining"\n');
    const { problems } = (await post("/admin/api/check", { path: page.file, text: page.text })).json();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p: { hint?: string }) => p.hint === "replace it with the real text")).toBe(true);
  });

  it("previews a page with placeholders still in it, with the site's renderer and stylesheet", async () => {
    const text = read("site/industries/mining.yaml");
    const response = await post("/admin/api/preview", {
      path: "site/industries/mining.yaml",
      text: text.replace('heading: "Mining"', 'heading: "Mining and quarrying"'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(PREVIEW_CSP);
    expect(response.body).toContain('<link rel="stylesheet" href="/admin/preview/assets/site.css" />');
    expect(response.body).toMatch(/<h1[^>]*>Mining and quarrying<\/h1>/);
    expect(response.body).not.toMatch(/<script(?! type="application\/(ld\+)?json")/);
  });

  it("previews a split listing as visitors first see it: its first page's cards, and a link to the next", async () => {
    const SETTINGS = "site/_site.yaml";
    const settings = (await app.inject(`/admin/api/page?path=${SETTINGS}`)).json();
    const put = (text: string, base: string) => app.inject({ method: "PUT", url: "/admin/api/page", payload: { path: SETTINGS, text, base } });
    const saved = await put(`${settings.text}cardsPerPage: 4\n`, settings.hash);
    expect(saved.statusCode).toBe(200);
    try {
      const listing = "site/industries/details.yaml";
      const response = await post("/admin/api/preview", { path: listing, text: read(listing) });
      expect(response.statusCode).toBe(200);
      expect(response.body.match(/Read more/g)).toHaveLength(4);
      expect(response.body).toContain('href="/industries/details/page/2"');
    } finally {
      const now = (await app.inject(`/admin/api/page?path=${SETTINGS}`)).json();
      expect((await put(settings.text, now.hash)).statusCode).toBe(200);
    }
  });

  it("does not draw a page with a problem", async () => {
    const response = await post("/admin/api/preview", { path: HEALTH, text: read(HEALTH).replace("type: hero", "type: heor") });
    expect(response.statusCode).toBe(422);
    expect(response.json().problems).toEqual([expect.objectContaining({ message: 'sections[0] (heor) › type: unknown block type "heor"' })]);
  });

  it("publishes nothing while a changed page has a problem", async () => {
    checkedPages = [];
    const response = await post("/admin/api/publish", { message: "Add mining" });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^Not published: \d+ problems in the changed pages\. Fix them and publish again\.$/);
    expect(checkedPages).toEqual([]);
    expect(git("log", "--format=%s")).toBe("The site as it was\n");
  });

  it("publishes a clean page as one commit by the local identity, after the page check", async () => {
    const file = "site/industries/health.yaml";
    git("checkout", "--quiet", "--", "site");
    git("clean", "-fdq", "--", "site");
    writeFileSync(join(root, file), read(file).replace("schemaVersion: 2", "schemaVersion: 2\n# reviewed"));
    checkedPages = [];
    const response = await post("/admin/api/publish", { message: "Health: reviewed" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ files: [file], pushed: false });
    expect(checkedPages).toEqual([[file]]);
    expect(git("log", "-1", "--format=%an <%ae>|%s")).toBe("Ed Itor <editor@example.com>|Health: reviewed\n");
    expect(git("status", "--porcelain", "--", "site")).toBe("");
  });

  it("publishes nothing when the page check finds a problem", async () => {
    writeFileSync(join(root, HEALTH), read(HEALTH) + "# again\n");
    checkResult = { ok: false, output: "site/industries/health.yaml:1:1  axe: something" };
    const response = await post("/admin/api/publish", { message: "Again" });
    checkResult = { ok: true, output: "" };
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "Not published: the page check found problems. Fix them and publish again.",
      report: "site/industries/health.yaml:1:1  axe: something",
    });
    expect(git("log", "-1", "--format=%s")).toBe("Health: reviewed\n");
  });

  /** Back to the last commit: the tests below each start from a clean working copy. */
  const reset = () => {
    git("checkout", "--quiet", "--", "site");
    git("clean", "-fdq", "--", "site");
    checkedPages = [];
  };

  it("publishes nothing when a change breaks a page it did not touch", async () => {
    reset();
    // The home page and the header link to this anchor of the case studies.
    const studies = "site/about-us/case-study-all.yaml";
    writeFileSync(join(root, studies), read(studies).replace("- id: healthcare-ai-case-study", "- id: hospital-triage"));
    const response = await post("/admin/api/publish", { message: "Case studies: a new anchor" });
    expect(response.statusCode).toBe(422);
    const { error, problems } = response.json() as { error: string; problems: { file: string }[] };
    expect(problems.length).toBeGreaterThan(0);
    expect([...new Set(problems.map((p) => p.file))].sort()).toEqual(["site/_site.yaml", "site/index.yaml"]);
    expect(error).toBe(
      problems.length === 1
        ? "Not published: 1 problem in a page you did not change (a link into a page that was renamed or removed, for example). Fix them and publish again."
        : `Not published: ${problems.length} problems, all in pages you did not change (a link into a page that was renamed or removed, for example). Fix them and publish again.`,
    );
    expect(checkedPages).toEqual([]);
    expect(git("log", "-1", "--format=%s")).toBe("Health: reviewed\n");
  });

  it("checks the home page when only the site's settings changed", async () => {
    reset();
    writeFileSync(join(root, "site/_site.yaml"), read("site/_site.yaml") + "# settings reviewed\n");
    const response = await post("/admin/api/publish", { message: "Settings: reviewed" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ files: ["site/_site.yaml"], pushed: false });
    expect(checkedPages).toEqual([["site/index.yaml"]]);
  });

  it("pushes to the remote when one is set, and keeps the commit and says why when the push fails", async () => {
    reset();
    const remote = mkdtempSync(join(tmpdir(), "nexa-editor-remote-"));
    try {
      execFileSync("git", ["init", "--quiet", "--bare", remote]);
      git("remote", "add", "origin", remote);
      writeFileSync(join(root, HEALTH), read(HEALTH) + "# pushed\n");
      const first = await post("/admin/api/publish", { message: "Health: pushed" });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ files: [HEALTH], pushed: true });
      expect(first.json().pushError).toBeUndefined();
      expect(execFileSync("git", ["log", "-1", "--format=%H|%s"], { cwd: remote, encoding: "utf8" })).toBe(`${first.json().commit}|Health: pushed\n`);

      git("remote", "set-url", "origin", join(remote, "gone"));
      writeFileSync(join(root, HEALTH), read(HEALTH) + "# not pushed\n");
      const second = await post("/admin/api/publish", { message: "Health: not pushed" });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ files: [HEALTH], pushed: false, pushError: expect.stringMatching(/^git push failed: .+/) });
      expect(git("log", "-1", "--format=%H|%s")).toBe(`${second.json().commit}|Health: not pushed\n`);
      expect(git("status", "--porcelain", "--", "site")).toBe("");
    } finally {
      git("remote", "remove", "origin");
      rmSync(remote, { recursive: true, force: true });
    }
  });

  describe("with a live site (npm start): one staged build, checked, then committed and switched", () => {
    // A live build as the build leaves one (dist → .builds/live/site), and a stand-in for the build process that stages the
    // changed page's text as its HTML in a real in-place update (LiveUpdate), switched or dropped as the publish says.
    const events: string[] = [];
    let liveApp: FastifyInstance;
    let closeLive: () => Promise<void>;
    const buildDir = () => join(root, ".builds", "live");
    const served = () => Object.fromEntries(filesUnder(join(root, "dist"), { relative: true }).map((f) => [f, readFileSync(join(root, "dist", f), "utf8")]));
    const stage: StageRebuild = async () => {
      events.push("build");
      const update = new LiveUpdate(buildDir());
      mkdirSync(join(update.site, "industries", "health"), { recursive: true });
      writeFileSync(join(update.site, "industries", "health", "index.html"), read(HEALTH));
      return {
        built: { site: update.site, under: join(buildDir(), "site"), removed: [] },
        output: () => "",
        seconds: 0,
        switch: async () => {
          events.push(`switch, after the commit "${git("log", "-1", "--format=%s").trim()}"`);
          update.commit({ builtAt: "new", htmlFiles: 2, carried: [] }, { name: "state.json", text: "{}" });
          return { ok: true, output: "switched", seconds: 0 };
        },
        drop: async () => {
          events.push("drop");
          update.discard();
        },
      };
    };
    let verdict = { ok: true, output: "" };
    const checkStaged: PageChecker = async (files, staged) => {
      events.push(`check ${files.join(", ")}: ${staged ? builtHtml(staged.built, "/industries/health")?.split("\n").at(-2) : "no staged build"}`);
      return verdict;
    };

    beforeAll(async () => {
      mkdirSync(join(buildDir(), "site", "industries", "health"), { recursive: true });
      writeFileSync(join(buildDir(), "site", "index.html"), "<h1>Home</h1>");
      writeFileSync(join(buildDir(), "site", "industries", "health", "index.html"), "the live health page");
      writeFileSync(join(buildDir(), "complete.json"), JSON.stringify({ builtAt: "old", htmlFiles: 2, carried: [] }));
      symlinkSync(".builds/live/site", join(root, "dist"), "dir");
      writeFileSync(join(root, ".git", "info", "exclude"), "dist\n.builds/\n");
      ({ app: liveApp, close: closeLive } = await startEditorApp(
        root,
        checkStaged,
        new SiteRebuilder(
          async () => ({ ok: false, output: "", seconds: 0 }),
          () => {},
          stage,
        ),
      ));
    });
    afterAll(async () => {
      await closeLive?.();
      rmSync(join(root, "dist"), { force: true });
      rmSync(join(root, ".builds"), { recursive: true, force: true });
    });

    it("publishes nothing when the check of the staged build fails, and leaves the live site byte for byte as it was", async () => {
      reset();
      events.length = 0;
      const before = served();
      const head = git("rev-parse", "HEAD");
      writeFileSync(join(root, HEALTH), read(HEALTH) + "# staged, refused\n");
      verdict = { ok: false, output: "site/industries/health.yaml:1:1  accessibility: something" };
      const response = await liveApp.inject({ method: "POST", url: "/admin/api/publish", payload: { message: "Refused" } });
      verdict = { ok: true, output: "" };
      expect(response.statusCode).toBe(422);
      expect(response.json().report).toBe("site/industries/health.yaml:1:1  accessibility: something");
      expect(events).toEqual(["build", `check ${HEALTH}: # staged, refused`, "drop"]);
      expect(served()).toEqual(before);
      expect(readdirSync(buildDir()).filter((name) => name.startsWith("update-"))).toEqual([]);
      expect([git("rev-parse", "HEAD"), git("status", "--porcelain", "--", "site")]).toEqual([head, ` M ${HEALTH}\n`]);
    });

    it("answers a passing publish once it is live: build, check, commit, switch, in that order", async () => {
      reset();
      events.length = 0;
      writeFileSync(join(root, HEALTH), read(HEALTH) + "# staged, live\n");
      const response = await liveApp.inject({ method: "POST", url: "/admin/api/publish", payload: { message: "Live" } });
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(served()["industries/health/index.html"]).toBe(read(HEALTH));
      expect(events).toEqual(["build", `check ${HEALTH}: # staged, live`, 'switch, after the commit "Live"']);
      expect(Object.keys(answer.phases)).toEqual(["build", "check", "commit", "switch", "push"]);
      expect(answer).toMatchObject({ files: [HEALTH], live: { id: answer.rebuild, live: true } });
      const status = await liveApp.inject({ method: "GET", url: `/admin/api/live?after=${answer.rebuild}` });
      expect(status.json()).toMatchObject({ live: answer.rebuild, building: false });
    });
  });

  it("serves the editor's page under its strict CSP, with a new style nonce each time for CodeMirror's stylesheet", async () => {
    const nonces = [];
    for (const url of ["/admin/", "/admin/?page=site/index.yaml", "/admin/index.html"]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const nonce = /<meta property="csp-nonce" nonce="([A-Za-z0-9+/]{24})">/.exec(response.body)?.[1];
      expect(nonce).toBeDefined();
      expect(response.headers["content-security-policy"]).toBe(adminPageCsp(nonce!));
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
    expect(adminPageCsp("n")).toBe(ADMIN_CSP.replace("style-src 'self'", "style-src 'self' 'nonce-n'"));
    expect(ADMIN_CSP).not.toMatch(/unsafe-(eval|inline)/);
    const api = await app.inject("/admin/api/pages");
    expect(api.headers["content-security-policy"]).toBe(ADMIN_CSP);
  });
});
