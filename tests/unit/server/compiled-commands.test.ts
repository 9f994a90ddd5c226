import { spawnSync } from "node:child_process";
import { readFileSync, statSync, utimesSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSchemaTexts } from "../../../src/content/ajv.ts";
import { schemaFingerprint } from "../../../src/content/precompiled-validators.ts";

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
      expect(result.stderr).toMatch(/^usage: node src\/cli\/launch\.mjs --build \| <validate\|new\|check\|migrate\|enquiries\|staff\|start\|serve\|build>/);
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
