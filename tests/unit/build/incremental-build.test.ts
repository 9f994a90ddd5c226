import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtHtml } from "../../../src/build/page-check.ts";
import { readCompletion } from "../../../src/build/publish.ts";
import { stagedBuildProcess } from "../../../src/server/editor/rebuild.ts";
import { startServer } from "../../../src/server/start-server.ts";
import { compileCommands } from "../../../tools/bench/bench-scale.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * The incremental build writes byte for byte what a full build writes, after edits of each kind.
 * One throwaway copy of the project (site, code), built as a user would: edit, `npm run build`
 * (the compiled command, `node src/cli/launch.mjs build`).
 */
const root = mkdtempSync(join(tmpdir(), "nexa-incremental-"));
for (const entry of [
  "site",
  "src",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "tsconfig.base.json",
  "tsconfig.node.json",
  "package.json",
  "package-lock.json",
])
  cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
for (const entry of ["schema", "node_modules"]) symlinkSync(join(PROJECT, entry), join(root, entry));
cpSync(join(PROJECT, "tools", "codegen"), join(root, "tools", "codegen"), { recursive: true });
// `npm run build` is the compiled command; the copy compiles its own, once, as `npm install` does.
await compileCommands(root);
const LAUNCH = join(root, "src", "cli", "launch.mjs");
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000);

interface Built {
  drawn: number;
  html: number;
  bundlesReused: boolean;
  /** Content files checked, and files whose cross-file checks ran (the others' came from the store). */
  checked: number;
  crossRechecked: number;
}

const BUILD = [LAUNCH, "build", "--no-cards"];
const BUILD_ENV = { ...process.env, NODE_ENV: "production" };

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** What a finished `npm run build` reports; it must have succeeded. */
function built(run: Run): Built {
  expect(run.stderr + run.stdout).toMatch(/Built dist\//);
  expect(run.status).toBe(0);
  const line = /(\d+) HTML files \((?:all drawn|(\d+) drawn, \d+ unchanged)\)/.exec(run.stdout)!;
  const html = Number(line[1]);
  const content = /Content: (\d+) files checked, the cross-file checks of (\d+) redone/.exec(run.stdout)!;
  return {
    html,
    drawn: line[2] === undefined ? html : Number(line[2]),
    bundlesReused: run.stdout.includes("bundles (reused)"),
    checked: Number(content[1]),
    crossRechecked: Number(content[2]),
  };
}

function build(...args: string[]): Built {
  return built(spawnSync(process.execPath, [...BUILD, ...args], { cwd: root, encoding: "utf8", env: BUILD_ENV }));
}

/** `npm run build` while the test does something else; its output is kept for built(). */
function buildInBackground(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, BUILD, { cwd: root, env: BUILD_ENV, stdio: ["ignore", "pipe", "pipe"] });
    const out = { stdout: "", stderr: "" };
    child.stdout.setEncoding("utf8").on("data", (text: string) => (out.stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (out.stderr += text));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, ...out }));
  });
}

/** Every file the live build wrote (not the previous build's assets it keeps for open pages), by its digest. */
function snapshot(): Map<string, string> {
  const site = realpathSync(join(root, "dist"));
  const carried = new Set(readCompletion(dirname(site))!.carried);
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!carried.has(relative(site, full))) files.set(relative(site, full), createHash("sha256").update(readFileSync(full)).digest("hex"));
    }
  };
  walk(site);
  return files;
}

/** The live build's _headers file (each page's security headers). */
const headers = () => readFileSync(join(root, "dist", "_headers"), "utf8");

/** The files in which two snapshots differ, for a readable failure. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
}

const edit = (file: string, from: string | RegExp, to: string) => {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  writeFileSync(path, next);
};

/** An uploaded picture no page shows yet, large enough (over 512 bytes) to get compressed copies. */
const NEW_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250">${Array.from(
  { length: 12 },
  (_, i) => `<circle cx="${20 + i * 30}" cy="${40 + (i % 4) * 50}" r="${8 + (i % 3) * 4}" fill="#0a7d8c"/>`,
).join("")}</svg>\n`;

const NEW_PAGE = `# yaml-language-server: $schema=../schema/page.schema.json
schemaVersion: 2
title: Incremental build check | Nexa AI
description: A page that exists for one build of a throwaway copy, to check that adding and deleting a page rebuilds the right files.
sections:
  - type: prose
    heading: Incremental build check
    body:
      - This page is added, built, and deleted again.
`;

/** Asks for every path, 50 at a time, until the build is done (and each path at least once); returns the answers that were not 200. */
async function pollWhile(url: string, paths: string[], building: Promise<unknown>): Promise<string[]> {
  let done = false;
  void building.then(() => (done = true));
  const failures: string[] = [];
  let requests = 0;
  while (!done || requests < paths.length) {
    await Promise.all(
      paths.slice(0, 50).map(async (_, k) => {
        const path = paths[(requests + k) % paths.length]!;
        const response = await fetch(url + path);
        // Read to the end: an answer cut short rejects here and fails the test.
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${response.status} ${path}`);
      }),
    );
    requests += 50;
  }
  return failures;
}

describe("incremental build", () => {
  it(
    "writes what a full build writes after content edits: a title, a card, the site settings and API address, a new page, a deleted page",
    { timeout: 600_000 },
    () => {
      // The API address the bundles are built with, from a .env file as Vite reads it; the pages' connect-src names it.
      writeFileSync(join(root, ".env.production"), "VITE_API_BASE=https://api.one.example\n");
      const first = build();
      expect(first.drawn).toBe(first.html);
      expect(headers()).toContain("connect-src 'self' https://api.one.example");

      const unchanged = build();
      // A new process goes on from the store: no file checked again, no cross-file check redone.
      expect(unchanged).toMatchObject({ drawn: 0, bundlesReused: true, checked: 0, crossRechecked: 0 });
      expect(headers()).toContain("connect-src 'self' https://api.one.example");

      edit("site/legal-privacy.yaml", "title: Privacy policy | Nexa AI", "title: Privacy notice | Nexa AI");
      const title = build();
      // The page itself; no listing shows it.
      expect(title).toMatchObject({ drawn: 1, bundlesReused: true, checked: 1 });
      expect(title.crossRechecked).toBeLessThanOrEqual(3);

      // A picture written again and a new one (an upload): copied into the live build in place, with their compressed
      // copies; no bundle made again, no page drawn again. Checked again: the page that reads the picture's size, and
      // the title's page once more (a build that checks a few files leaves them to the next, which checks them in ms).
      const picture = join(root, "site", "assets", "industries", "health.svg");
      writeFileSync(picture, readFileSync(picture, "utf8").replace("</svg>", "<!-- written again --></svg>"));
      writeFileSync(join(root, "site", "assets", "incremental-upload.svg"), NEW_PICTURE);
      const pictures = build();
      expect(pictures).toMatchObject({ drawn: 0, bundlesReused: true, checked: 2 });
      expect(readFileSync(join(root, "dist", "incremental-upload.svg"), "utf8")).toBe(NEW_PICTURE);
      expect(existsSync(join(root, "dist", "incremental-upload.svg.br"))).toBe(true);

      edit("site/industries/health.yaml", "  title: Health\n", "  title: Health care\n");
      const card = build();
      // The page, the listing and every page with the header panel that lists it: more than one, fewer than all.
      expect(card.drawn).toBeGreaterThan(1);
      expect(card.bundlesReused).toBe(true);

      // A page's card title is what the pages below it call it in their breadcrumbs: they are drawn again though
      // their own data is the same (the head tags are digested as what they are made from, not as tags).
      edit("site/courses/normal-course/data-and-ai/index.yaml", "  title: Data & AI\n", "  title: Data and AI\n");
      const parent = build();
      const below = readdirSync(join(root, "site", "courses", "normal-course", "data-and-ai")).filter((f) => f !== "index.yaml").length;
      expect(below).toBeGreaterThan(1);
      // Itself, the listing above it, and each page below it (the header panels list only the top pages of Courses).
      expect(parent.drawn).toBeGreaterThanOrEqual(below + 2);
      const trail = readFileSync(join(root, "dist", "courses", "normal-course", "data-and-ai", "data-science", "index.html"), "utf8");
      expect(trail).toContain('"name":"Data and AI"');

      edit("site/_site.yaml", "  tagline: AI consulting,", "  tagline: AI consulting and");
      edit(".env.production", "api.one.example", "api.two.example");
      const settings = build();
      // Every page shows the footer; the bundles are made again for the new API address.
      expect(settings).toMatchObject({ drawn: settings.html, bundlesReused: false });
      expect(headers()).toContain("connect-src 'self' https://api.two.example");

      writeFileSync(join(root, "site", "incremental-check.yaml"), NEW_PAGE);
      const added = build();
      expect(added.html).toBe(settings.html + 1);
      rmSync(join(root, "site", "incremental-check.yaml"));
      rmSync(join(root, "site", "assets", "incremental-upload.svg"));
      const deleted = build();
      expect(deleted.html).toBe(settings.html);
      expect(existsSync(join(root, "dist", "incremental-upload.svg"))).toBe(false);

      const incremental = snapshot();
      expect(incremental.has("incremental-check/index.html")).toBe(false);
      build("--full");
      expect(differences(incremental, snapshot())).toEqual([]);
    },
  );

  // One build serves both checks: it goes live while the server answers, and it must then match a full build.
  it(
    "after a picture and a block's code change, then a title, serves every file of the old build or the new one, never an error, while each build goes live, and writes what a full build writes",
    { timeout: 600_000 },
    async () => {
      const site = realpathSync(join(root, "dist"));
      const paths = ["/", ...snapshot().keys()]
        .filter((f) => !/\.(br|gz)$/.test(f) && !f.startsWith("_headers"))
        .map((f) => (f.startsWith("/") ? f : `/${f.replace(/index\.html$/, "")}`));
      expect(paths.length).toBeGreaterThan(100);
      expect(site).toContain(".builds");
      const server = await startServer({ distDir: join(root, "dist"), host: "127.0.0.1", port: 0, dbPath: join(root, "enquiries.db") });
      try {
        const picture = join(root, "site", "assets", "industries", "health.svg");
        writeFileSync(picture, readFileSync(picture, "utf8").replace("</svg>", "<!-- redrawn --></svg>"));
        // New hashed file names: the old ones must still answer for pages that are open.
        appendFileSync(join(root, "src", "app", "blocks", "Prose.tsx"), "\nexport const PROSE_REVISION = 2;\n");
        const building = buildInBackground();
        const failures = await pollWhile(server.url, paths, building);
        const run = await building;
        expect(run.status).toBe(0);
        expect(built(run).bundlesReused).toBe(false);
        expect(realpathSync(join(root, "dist"))).not.toBe(site);
        expect(failures).toEqual([]);

        // A title, as a publish makes it: staged (build --stage, as the server runs it), checked there, then switched. Dropped,
        // the staged build leaves the live site byte for byte as it was; switched, the live build is updated in place, and the
        // running server serves it without a restart.
        edit("site/legal-privacy.yaml", /^title: .*$/m, "title: Privacy, as published | Nexa AI");
        const live = snapshot();
        const stage = stagedBuildProcess(PROJECT, root, ["--no-cards"]);
        const dropped = await stage();
        expect(builtHtml(dropped.built!, "/legal-privacy")).toContain("<title>Privacy, as published | Nexa AI</title>");
        expect(await (await fetch(`${server.url}/legal-privacy`)).text()).not.toContain("as published");
        await dropped.drop();
        expect(differences(live, snapshot())).toEqual([]);
        expect(readdirSync(dirname(realpathSync(join(root, "dist")))).filter((name) => name.startsWith("update-"))).toEqual([]);

        const staged = await stage();
        const publishing = staged.switch();
        expect(await pollWhile(server.url, paths, publishing)).toEqual([]);
        const publish = await publishing;
        expect(publish.ok).toBe(true);
        expect(built({ status: 0, stdout: publish.output, stderr: "" })).toMatchObject({ drawn: 1, bundlesReused: true });
        // The page, its data file and their compressed copies: nothing else of the site is written.
        const written = Number(/in place: (\d+) files written, 0 removed/.exec(publish.output)?.[1]);
        expect(written).toBeGreaterThan(0);
        expect(written).toBeLessThanOrEqual(6);
        expect(await (await fetch(`${server.url}/legal-privacy`)).text()).toContain("<title>Privacy, as published | Nexa AI</title>");
      } finally {
        await server.close();
      }
      const incremental = snapshot();
      build("--full");
      expect(differences(incremental, snapshot())).toEqual([]);
    },
  );
});
