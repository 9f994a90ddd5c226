import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * HTML conformance: the W3C Nu Html Checker (npm's vnu-jar; Java from tools/test/ensure-java.sh)
 * over every HTML file of dist/, in one JVM run. A known-bad page goes into the same run, so
 * a checker that silently checks nothing fails here too.
 */
const dist = join(process.cwd(), "dist");
const KNOWN_BAD = fileURLToPath(new URL("../fixtures/html/nonconforming-form.html", import.meta.url));
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar") as unknown);

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });

describe.runIf(existsSync(join(dist, "index.html")))("HTML conformance of dist/ (W3C Nu Html Checker)", () => {
  const pages = existsSync(dist) ? htmlFiles(dist).sort() : [];
  const byFile = new Map<string, VnuMessage[]>();

  beforeAll(async () => {
    const started = performance.now();
    // vnu writes its JSON report to stderr and exits 1 when it found errors.
    const { stderr } = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", KNOWN_BAD, ...pages], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string; code?: unknown; message: string }) => {
      if (error.code === 1 && error.stderr) return { stderr: error.stderr };
      throw new Error(`Could not run the Nu Html Checker (java -jar ${VNU_JAR}): ${error.message}\nIs Java installed? bash tools/test/ensure-java.sh`);
    });
    for (const message of (JSON.parse(stderr) as { messages: VnuMessage[] }).messages) {
      const file = fileURLToPath(message.url);
      byFile.set(file, [...(byFile.get(file) ?? []), message]);
    }
    console.log(`Nu Html Checker: ${pages.length} pages in ${Math.round(performance.now() - started)} ms`);
  }, 180_000);

  it("finds the two errors of the known-bad form, so it really checks", () => {
    expect((byFile.get(KNOWN_BAD) ?? []).map((m) => m.message)).toEqual([
      expect.stringContaining("The first “option” element in a “select” element with a “required” attribute"),
      expect.stringContaining("Bad value “tel-national” for attribute “autocomplete”"),
    ]);
  });

  it("checks every built page, the enquiry form's among them", () => {
    expect(pages.map((page) => relative(dist, page))).toEqual(
      expect.arrayContaining(["connect/index.html", "about-us/connect/index.html", "404.html", "index.html"]),
    );
  });

  it.each(pages.map((page) => [relative(dist, page), page]))("%s has no errors", (_, page) => {
    const found = (byFile.get(page) ?? []).map((m) => `${pathToFileURL(page).pathname}:${m.lastLine ?? "?"}  ${m.message}`);
    expect(found).toEqual([]);
  });
});
