import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { readSchemaTexts } from "../../../src/content/ajv.ts";
import { schemaFingerprint } from "../../../src/content/precompiled-validators.ts";
import { SITE_DATA_ID } from "../../../src/shared/data-paths.ts";
import { freePort } from "../../../tools/test/free-port.ts";

const ROOT = join(import.meta.dirname, "../../..");
const LAUNCHER = join(ROOT, "src/cli/launch.mjs");
const OUT = join(ROOT, "dist-server");

function launch(...args: string[]) {
  return spawnSync(process.execPath, [LAUNCHER, ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
}

function builtAt(): number {
  return (JSON.parse(readFileSync(join(OUT, "meta.json"), "utf8")) as { builtAt: number }).builtAt;
}

/** The package each bare import of a bundle names ("pg", "@fastify/static", …). */
function packagesImportedBy(bundle: string): string[] {
  const text = readFileSync(join(OUT, bundle), "utf8");
  const specifiers = [...text.matchAll(/^import\b[^"';]*?["']([^"']+)["']/gm)].map((m) => m[1]!);
  const bare = specifiers.filter((s) => !s.startsWith(".") && !s.startsWith("node:") && !builtinModules.includes(s));
  return [
    ...new Set(
      bare.map((s) =>
        s
          .split("/")
          .slice(0, s.startsWith("@") ? 2 : 1)
          .join("/"),
      ),
    ),
  ].sort();
}

describe("src/cli/launch.mjs: the commands and the server as compiled JavaScript", () => {
  it("runs a command with its arguments, as the TypeScript source would", () => {
    const result = launch("validate", "--format", "json");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ problems: [] });
  });

  it("compiles again when a source is newer than the last compile", () => {
    expect(launch("validate", "--format", "json").status).toBe(0);
    const before = builtAt();
    const source = join(ROOT, "src/server/env.ts");
    const { atime } = statSync(source);
    utimesSync(source, atime, new Date(Math.max(Date.now(), before + 1)));
    expect(launch("validate", "--format", "json").status).toBe(0);
    expect(builtAt()).toBeGreaterThan(before);
  });

  it("writes the page and site validators as code for the current schemas, and again when a schema changes", () => {
    const fingerprintOnDisk = () => JSON.parse(/"([0-9a-f]{64})"/.exec(readFileSync(join(OUT, "content-validators.cjs"), "utf8"))![0]) as string;
    const current = () => schemaFingerprint(readSchemaTexts(join(ROOT, "schema")));
    expect(launch("--build").status).toBe(0);
    expect(fingerprintOnDisk()).toBe(current());
    const before = builtAt();
    const schema = join(ROOT, "schema/blocks/hero.schema.json");
    const { atime } = statSync(schema);
    utimesSync(schema, atime, new Date(Math.max(Date.now(), before + 1)));
    expect(launch("validate", "--format", "json").status).toBe(0);
    expect(builtAt()).toBeGreaterThan(before);
    expect(fingerprintOnDisk()).toBe(current());
  });

  it("answers an unknown command with its usage line and exit code 2", () => {
    for (const args of [[], ["serve-everything"], ["--buld"]]) {
      const result = launch(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        /^usage: node src\/cli\/launch\.mjs --build \| <validate\|new\|check\|migrate\|enquiries\|staff\|start\|serve\|build\|dev>/,
      );
    }
  });

  // Dev servers a test started: stopped after it, even when it failed or ran out of time.
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const dev of started.splice(0)) dev.kill();
  });

  /** `launch.mjs dev` in `dir` on a free port, once its output includes `until` (by default the address it prints). */
  async function startDev(dir: string, until?: RegExp, cwd = dir) {
    const port = await freePort();
    const dev = spawn(process.execPath, [join(dir, "src/cli/launch.mjs"), "dev", "--port", String(port), "--strictPort"], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(dev);
    let output = "";
    const ready = new Promise<void>((resolve, reject) => {
      // Vite colours its lines where CI is set (the port in bold), so they are read without their escapes.
      const plain = () => stripVTControlCharacters(output);
      const seen = () => (until ? until.test(plain()) : plain().includes(`http://127.0.0.1:${port}/`)) && resolve();
      dev.stdout.on("data", (d: Buffer) => ((output += d), seen()));
      dev.stderr.on("data", (d: Buffer) => (output += d));
      dev.once("exit", (code) => reject(new Error(`the dev server stopped (${code}): ${output}`)));
    });
    await ready;
    return { port, dev, output: () => stripVTControlCharacters(output) };
  }

  it("runs the dev server (npm run dev) on the project's configuration, on the port it is given", async () => {
    const { port, output } = await startDev(ROOT);
    expect(output()).toMatch(/nexa dev server ready in \d+ ms/);
    const page = await fetch(`http://127.0.0.1:${port}/legal-privacy`);
    expect(page.status).toBe(200);
    // The site plugin is on: the settings ride in the page, and page data is served.
    expect(await page.text()).toContain(`id="${SITE_DATA_ID}"`);
    const data = await fetch(`http://127.0.0.1:${port}/_data/legal-privacy.json`);
    expect(((await data.json()) as { route: string }).route).toBe("/legal-privacy");
    // The dev server's file rules hold (vite.config.ts): the enquiry database is never served.
    expect((await fetch(`http://127.0.0.1:${port}/data/enquiries.db`)).status).toBe(403);
  }, 60_000);

  it("serves the project it belongs to, wherever it is started from", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "nexa-dev-cwd-"));
    try {
      const { port } = await startDev(ROOT, undefined, elsewhere);
      const page = await fetch(`http://127.0.0.1:${port}/legal-privacy`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`id="${SITE_DATA_ID}"`);
      const data = await fetch(`http://127.0.0.1:${port}/_data/legal-privacy.json`);
      expect(((await data.json()) as { route: string }).route).toBe("/legal-privacy");
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);

  it("pre-bundles the dev server's dependencies as it compiles (npm install), so the first `npm run dev` bundles none", async () => {
    const cache = join(ROOT, "node_modules/.vite/deps");
    rmSync(cache, { recursive: true, force: true });
    expect(launch("--build").status).toBe(0);
    const metadataFile = join(cache, "_metadata.json");
    const metadata = JSON.parse(readFileSync(metadataFile, "utf8")) as { browserHash: string; optimized: Record<string, unknown> };
    expect(Object.keys(metadata.optimized)).toEqual(expect.arrayContaining(["react", "react-dom/client", "wouter", "altcha-lib"]));
    const written = statSync(metadataFile).mtimeMs;
    const { port } = await startDev(ROOT);
    // The entry's imports name the bundles of that cache; a dev server that found it stale would have
    // bundled again, under a new hash, and written the cache anew.
    const entry = await (await fetch(`http://127.0.0.1:${port}/src/app/entry-client.tsx`)).text();
    expect(entry).toContain(`/node_modules/.vite/deps/react-dom_client.js?v=${metadata.browserHash}`);
    expect(statSync(metadataFile).mtimeMs).toBe(written);
  }, 60_000);

  it("answers a dev server option it cannot use with the usage line and exit code 2", () => {
    for (const args of [
      ["--port", "nope"],
      ["--portt", "3000"],
    ]) {
      const result = launch("dev", ...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("usage: npm run dev [-- --port 5173]");
    }
  });

  it("loads the yaml package only for a file that needs its tree: a site whose files all read plainly never loads it", () => {
    // Preloaded into the command: at its exit, whether Node's module cache holds the package's entry.
    const dir = mkdtempSync(join(tmpdir(), "nexa-yaml-load-"));
    try {
      const probe = join(dir, "probe.cjs");
      writeFileSync(
        probe,
        `process.on("exit", () => process.stderr.write("yaml loaded: " + Object.keys(require.cache).some((f) => /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]index\\.js$/.test(f)) + "\\n"));`,
      );
      const validate = (...args: string[]) =>
        spawnSync(process.execPath, ["--require", probe, LAUNCHER, "validate", ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
      const clean = validate();
      expect(clean.status).toBe(0);
      expect(clean.stderr).toContain("yaml loaded: false");
      // A mistake is placed at its line, which needs the tree: then the package is loaded.
      for (const folder of ["site", "schema"]) cpSync(join(ROOT, folder), join(dir, folder), { recursive: true });
      const page = join(dir, "site", "legal-privacy.yaml");
      writeFileSync(page, readFileSync(page, "utf8").replace(/^title: (.*)$/m, "title: [$1"));
      const broken = validate("--root", dir);
      expect(broken.status).toBe(1);
      expect(broken.stdout + broken.stderr).toMatch(/site\/legal-privacy\.yaml:\d+:\d+/);
      expect(broken.stderr).toContain("yaml loaded: true");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the server's bundles import production dependencies only", () => {
    expect(launch("--build").status).toBe(0);
    const dependencies = Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: object }).dependencies);
    for (const bundle of ["serve.js", "start.js"]) {
      const imported = packagesImportedBy(bundle);
      expect(imported).toContain("fastify");
      expect(imported.filter((name) => !dependencies.includes(name))).toEqual([]);
    }
    // The editor inside npm start serves its bundles as files, built beforehand: the server never loads Vite or its plugins.
    expect(packagesImportedBy("start.js")).toContain("@simplewebauthn/server");
    expect(packagesImportedBy("start.js").filter((name) => name === "vite" || name.startsWith("@vitejs/"))).toEqual([]);
  });
});
