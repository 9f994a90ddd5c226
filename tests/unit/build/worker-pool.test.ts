import { afterEach, describe, expect, it } from "vitest";
import { COMPILED_WORKERS, compiledWorker, inWorker } from "../../../src/build/worker-pool.ts";
import type { ListedFiles } from "../../../src/content/site-checks.ts";
import { siteYamlFiles } from "../../../src/content/site.ts";
import { fileStamp } from "../../../src/shared/files-under.ts";
import { siteCopyRoot } from "../fixture-site.ts";

const LIST_WORKER = new URL("../../../src/build/list-worker.ts", import.meta.url);
const globals = globalThis as Record<symbol, unknown>;

describe("worker scripts", () => {
  afterEach(() => {
    delete globals[COMPILED_WORKERS];
  });

  it("run from source (under tsx) when no compiled twin is announced, and answer once", async () => {
    const made = siteCopyRoot();
    try {
      expect(compiledWorker(LIST_WORKER)).toBeNull();
      const listed = await inWorker<ListedFiles>(LIST_WORKER, { root: made.root });
      const here = siteYamlFiles(made.root);
      expect(listed.files).toEqual(here.files);
      expect(listed.problems).toEqual(here.problems);
      expect(listed.stamps).toEqual(here.files.map(fileStamp));
      expect(listed.files.length).toBeGreaterThan(50);
    } finally {
      made.cleanup();
    }
  }, 60_000);

  it("use the compiled twin the launcher announces when it is there, and only then", () => {
    globals[COMPILED_WORKERS] = new URL("../../../dist-server", import.meta.url).pathname;
    expect(compiledWorker(LIST_WORKER)?.pathname).toMatch(/\/dist-server\/list-worker\.js$/);
    expect(compiledWorker(new URL("../../../src/build/no-such-worker.ts", import.meta.url))).toBeNull();
  });

  it("fail with the worker's own error when its script throws", async () => {
    await expect(inWorker(new URL("../../../src/build/list-worker.ts", import.meta.url), { root: "/no/such/folder" })).rejects.toThrow(/ENOENT/);
  }, 60_000);
});
