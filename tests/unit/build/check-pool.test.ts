import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScaledSite } from "../../../tools/bench/bench-scale.ts";
import { checkManyInWorkers } from "../../../src/build/check-pool.ts";
import { PARALLEL_FROM } from "../../../src/build/worker-pool.ts";
import { SiteChecks } from "../../../src/content/site-checks.ts";
import { loadSiteContent, type SiteContent } from "../../../src/content/site.ts";

/**
 * The build and the dev server check many files at once on worker threads (checkManyInWorkers);
 * what they get must be exactly what the one-thread check gives: the same pages, data, routes and problems in the same order, including problems
 * only the cross-file checks find (placed by parsing the file again) and files that do not parse.
 */
const copy = join(process.cwd(), ".tmp", `check-pool-test-${process.pid}`);
const plain = (c: SiteContent) => JSON.parse(JSON.stringify({ ...c, table: { primaryOf: [...c.table.primaryOf], aliasOf: [...c.table.aliasOf] } })) as unknown;

describe("checks on worker threads (checkManyInWorkers)", () => {
  let serial: SiteContent;
  let parallel: SiteContent;
  /** How many files the checks handed to the workers. */
  let handed = 0;
  beforeAll(async () => {
    makeScaledSite(copy, PARALLEL_FROM + 50);
    const synthetic = (n: number) => join(copy, "site", "industries", `synthetic-${String(n).padStart(5, "0")}.yaml`);
    // One mistake of each kind: YAML that does not parse, a schema error, a link to no page, a missing picture, an id twice.
    writeFileSync(synthetic(3), "title: [unclosed\n");
    writeFileSync(synthetic(40), readFileSync(synthetic(40), "utf8").replace(/^description: .*$/m, "description: 42\nsubtitle: not a field"));
    appendFileSync(synthetic(90), "aliases:\n  - /industries/health\n");
    writeFileSync(synthetic(200), readFileSync(synthetic(200), "utf8").replace(/to: \/connect\b/, "to: /connnect"));
    writeFileSync(synthetic(300), readFileSync(synthetic(300), "utf8").replace(/src: \/industries\/([\w-]+)\.(svg|jpg|webp)/, "src: /industries/nowhere.$2"));
    serial = loadSiteContent(copy);
    const many = checkManyInWorkers(copy);
    parallel = await new SiteChecks(copy, { checkMany: { ...many, check: (files) => ((handed += files.length), many.check(files)) } }).checkAsync();
  }, 120_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("finds the same problems, at the same places, in the same order", () => {
    const files = new Set(serial.problems.map((p) => p.file));
    expect([...files].sort()).toEqual(["03", "40", "90", "200", "300"].map((n) => `site/industries/synthetic-${n.padStart(5, "0")}.yaml`).sort());
    expect(parallel.problems).toEqual(serial.problems);
  });

  it("gives the same content: pages, data, routes and the settings", () => {
    expect(parallel.pages.length).toBeGreaterThan(PARALLEL_FROM);
    expect(handed).toBe(parallel.filesChecked);
    expect(plain(parallel)).toEqual(plain(serial));
  });
});
