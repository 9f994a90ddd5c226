import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPILED_WORKERS, compiledWorker, inWorkers, startHelper } from "../../../src/build/worker-pool.ts";
import type { HelperQuestion } from "../../../src/build/helper-worker.ts";
import { sha256, SiteChecks, STORE_FROM, type ListedFiles } from "../../../src/content/site-checks.ts";
import { checkFile } from "../../../src/content/check-file.ts";
import { siteYamlFiles, validatorsOf } from "../../../src/content/site.ts";
import { fileStamp } from "../../../src/shared/files-under.ts";
import { siteCopyRoot } from "../fixture-site.ts";

const HELPER = new URL("../../../src/build/helper-worker.ts", import.meta.url);
const CHECK_WORKER = new URL("../../../src/build/check-worker.ts", import.meta.url);
const globals = globalThis as Record<symbol, unknown>;
const NO_STORE = "/no/such/store.bin";
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
      const [first, second] = await Promise.all([
        helper.ask({ list: { root: one.root, store: NO_STORE, upTo: STORE_FROM } }),
        helper.ask({ list: { root: two.root, store: NO_STORE, upTo: STORE_FROM } }),
      ]);
      for (const [listed, root] of [
        [first, one.root],
        [second, two.root],
      ] as const) {
        const here = siteYamlFiles(root);
        expect(listed.files).toEqual(here.files);
        expect(listed.problems).toEqual(here.problems);
        expect(listed.stamps).toEqual(here.files.map(fileStamp));
        expect(listed.files.length).toBeGreaterThan(STORE_FROM);
        // No check store: every file is new to it, more than a build asks for, so none is checked ahead.
        expect(listed.checked).toEqual([]);
      }
    } finally {
      await helper.stop();
      one.cleanup();
      two.cleanup();
    }
  }, 60_000);

  it("checks ahead, with the listing, the files changed since the check store was written, as a check here finds them", async () => {
    announceCompiled();
    const made = siteCopyRoot();
    const store = join(made.root, ".builds", "cache", "content-checks.bin");
    const helper = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    try {
      // The copy's files as an older checkout's, the store written since.
      const old = new Date(Date.now() - 60_000);
      for (const full of siteYamlFiles(made.root).files) utimesSync(full, old, old);
      const checks = new SiteChecks(made.root, { store });
      checks.check();
      checks.save();
      const edited = join(made.root, "site", "legal-privacy.yaml");
      writeFileSync(edited, readFileSync(edited, "utf8").replace(/^title: .*$/m, "title: Privacy, checked ahead | Nexa AI"));
      // The store's modification time a few seconds back: only the file saved since is newer (by more than the second of margin).
      const back = new Date(Date.now() - 5000);
      utimesSync(store, back, back);
      const listed = await helper.ask({ list: { root: made.root, store, upTo: STORE_FROM } });
      expect(listed.checked!.map((c) => c.full)).toEqual([edited]);
      const [ahead] = listed.checked!;
      expect(ahead!.digest).toBe(sha256(readFileSync(edited)));
      expect(ahead!.result).toEqual(checkFile(made.root, edited, validatorsOf(made.root)));
      expect(JSON.stringify(ahead!.result.loaded?.data)).toContain("Privacy, checked ahead");

      // More files changed than a build leaves unstored: none is checked ahead (the build's own workers check them).
      const newer = new Date(Date.now() + 1000);
      for (const full of siteYamlFiles(made.root).files.slice(0, STORE_FROM + 1)) utimesSync(full, newer, newer);
      expect((await helper.ask({ list: { root: made.root, store, upTo: STORE_FROM } })).checked).toEqual([]);
    } finally {
      await helper.stop();
      made.cleanup();
    }
  }, 60_000);

  it("checks ahead every file when there is no check store and the dev server asks for all of them, as a check here finds them", async () => {
    announceCompiled();
    const made = siteCopyRoot();
    const helper = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    try {
      const listed = await helper.ask({ list: { root: made.root, store: NO_STORE, upTo: Infinity } });
      expect(listed.checked!.map((c) => c.full)).toEqual(listed.files);
      const validators = validatorsOf(made.root);
      for (const ahead of listed.checked!) {
        expect(ahead.digest).toBe(sha256(readFileSync(ahead.full)));
        expect(ahead.result).toEqual(checkFile(made.root, ahead.full, validators));
      }
    } finally {
      await helper.stop();
      made.cleanup();
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
    const [failing, after] = await Promise.all([
      errorOf(helper.ask({ list: { root: "/no/such/folder", store: NO_STORE, upTo: STORE_FROM } })),
      errorOf(helper.ask({ list: { root: "/no/such/folder/either", store: NO_STORE, upTo: STORE_FROM } })),
    ]);
    expect(failing?.message).toMatch(/ENOENT.*\/no\/such\/folder/);
    expect(after).toBe(failing);
    expect((await errorOf(helper.ask({ list: { root: "/", store: NO_STORE, upTo: STORE_FROM } })))?.message).toBe(failing?.message);
    await helper.stop();

    const stopped = startHelper<HelperQuestion, ListedFiles>(HELPER, null)!;
    const unanswered = errorOf(stopped.ask({ list: { root: "/no/such/folder", store: NO_STORE, upTo: STORE_FROM } }));
    await stopped.stop();
    expect((await unanswered)?.message).toBe("the helper was stopped before it answered");
    expect((await errorOf(stopped.ask({ list: { root: "/", store: NO_STORE, upTo: STORE_FROM } })))?.message).toBe("the helper was stopped before it answered");
  }, 60_000);
});
