import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

describe("a clean install on the oldest Node the README names", () => {
  const oldest = semver.minVersion((read("package.json") as { engines: { node: string } }).engines.node)!.version;
  const packages = (read("package-lock.json") as { packages: Record<string, { version?: string; engines?: { node?: string } }> }).packages;

  it(`installs no package whose engines refuse Node ${oldest} (npm ci's EBADENGINE warning)`, () => {
    const refusing = Object.entries(packages)
      .filter(([, info]) => typeof info.engines?.node === "string" && !semver.satisfies(oldest, info.engines.node))
      .map(([path, info]) => `${path}@${info.version} wants node ${info.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
