import { inWorkers, PARALLEL_FROM } from "./worker-pool.ts";
import type { FileCheck } from "../content/check-file.ts";
import { checkFiles, crossCheck, siteYamlFiles, type LoadOptions, type SiteContent } from "../content/site.ts";

/**
 * loadSiteContent with the per-file checks (parsing, most of the time) spread over worker
 * threads, one per core; the cross-file checks then run here, on the same results in the same
 * order, so the problems and the content are exactly loadSiteContent's. The build uses it.
 */
export async function loadSiteContentInParallel(root: string, options: LoadOptions = {}): Promise<SiteContent> {
  const yaml = siteYamlFiles(root);
  const results =
    yaml.files.length < PARALLEL_FROM
      ? checkFiles(root, yaml.files)
      : await inWorkers<string, FileCheck>(new URL("./check-worker.ts", import.meta.url), { root }, yaml.files.length, (i) => yaml.files[i]!, {
          batch: 50,
          heapMb: 128,
        });
  return crossCheck(root, yaml, results, options);
}
