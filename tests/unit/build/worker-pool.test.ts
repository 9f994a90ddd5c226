import { afterEach, describe, expect, it } from "vitest";
import { COMPILED_WORKERS, compiledWorker, inWorkers, startHelper } from "../../../src/build/worker-pool.ts";
import type { HelperQuestion } from "../../../src/build/helper-worker.ts";
import type { ListedFiles } from "../../../src/content/site-checks.ts";
import { checkFile } from "../../../src/content/check-file.ts";
import { siteYamlFiles, validatorsOf } from "../../../src/content/site.ts";
import { fileStamp } from "../../../src/shared/files-under.ts";
import { siteCopyRoot } from "../fixture-site.ts";

const HELPER = new URL("../../../src/build/helper-worker.ts", import.meta.url);
const CHECK_WORKER = new URL("../../../src/build/check-worker.ts", import.meta.url);
const globals = globalThis as Record<symbol, unknown>;
const announceCompiled = () => (globals[COMPILED_WORKERS] = new URL("../../../dist-server", import.meta.url).pathname);

describe("worker scripts", () => {
  afterEach(() => {
    delete globals[COMPILED_WORKERS];
  });

  it("run from source (under tsx) when no compiled twin is announced, results in the items' order", async () => {
    const made = siteCopyRoot();
    try {
      expect(compiledWorker(CHECK_WORKER)).toBeNull();
      const files = siteYamlFiles(made.root).files.slice(0, 7);
      const checked = await inWorkers<string, { file: string }>(CHECK_WORKER, { root: made.root }, files.length, (k) => files[k]!, { batch: 2, heapMb: 128 });
      const validators = validatorsOf(made.root);
      expect(checked.map((c) => c.file)).toEqual(files.map((full) => checkFile(made.root, full, validators).file));
    } finally {
      made.cleanup();
    }
  }, 60_000);

  it("use the compiled twin the launcher announces when it is there, and only then", () => {
    announceCompiled();
    expect(compiledWorker(HELPER)?.pathname).toMatch(/\/dist-server\/helper-worker\.js$/);
    expect(compiledWorker(new URL("../../../src/build/no-such-worker.ts", import.meta.url))).toBeNull();
  });
});

describe("the build's helper thread", () => {
  afterEach(() => {
    delete globals[COMPILED_WORKERS];
  });

  it("is not started from source, where loading tsx in it would cost more than it saves", () => {
    expect(startHelper(HELPER, null)).toBeNull();
  });

  it("answers each question in the order asked: two listings of two sites, each its own", async () => {
    announceCompiled();
    const one = siteCopyRoot();
    const two = siteCopyRoot();
    const helper = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    try {
      const [first, second] = await Promise.all([helper.ask({ list: one.root }), helper.ask({ list: two.root })]);
      for (const [listed, root] of [
        [first, one.root],
        [second, two.root],
      ] as const) {
        const here = siteYamlFiles(root);
        expect(listed.files).toEqual(here.files);
        expect(listed.problems).toEqual(here.problems);
        expect(listed.stamps).toEqual(here.files.map(fileStamp));
        expect(listed.files.length).toBeGreaterThan(50);
      }
    } finally {
      await helper.stop();
      one.cleanup();
      two.cleanup();
    }
  }, 60_000);

  it("fails a question with the worker's own error, and every question after it; stopped, it answers none", async () => {
    announceCompiled();
    const helper = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    const errorOf = (question: Promise<unknown>) =>
      question.then(
        () => null,
        (error: unknown) => error as Error,
      );
    const [failing, after] = await Promise.all([errorOf(helper.ask({ list: "/no/such/folder" })), errorOf(helper.ask({ list: "/no/such/folder/either" }))]);
    expect(failing?.message).toMatch(/ENOENT.*\/no\/such\/folder/);
    expect(after).toBe(failing);
    expect((await errorOf(helper.ask({ list: "/" })))?.message).toBe(failing?.message);
    await helper.stop();

    const stopped = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    const unanswered = errorOf(stopped.ask({ list: "/no/such/folder" }));
    await stopped.stop();
    expect((await unanswered)?.message).toBe("the helper was stopped before it answered");
    expect((await errorOf(stopped.ask({ list: "/" })))?.message).toBe("the helper was stopped before it answered");
  }, 60_000);
});
