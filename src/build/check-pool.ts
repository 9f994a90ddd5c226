import { inWorkers, PARALLEL_FROM } from "./worker-pool.ts";
import type { FileCheck } from "../content/check-file.ts";
import type { SiteChecksOptions } from "../content/site-checks.ts";

/**
 * SiteChecks' checkMany for the build and the dev server: from PARALLEL_FROM files on, the
 * per-file checks (parsing, most of the time) are spread over worker threads, one per core. The
 * results come back in the files' order and the cross-file checks run on the calling thread, so
 * the problems and the content are exactly those of a check in one thread.
 */
export function checkManyInWorkers(root: string): NonNullable<SiteChecksOptions["checkMany"]> {
  return {
    from: PARALLEL_FROM,
    check: (files) =>
      inWorkers<string, FileCheck>(new URL("./check-worker.ts", import.meta.url), { root }, files.length, (k) => files[k]!, { batch: 50, heapMb: 128 }),
  };
}
