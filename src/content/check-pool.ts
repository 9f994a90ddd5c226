import { inWorkers } from "../lib/worker-pool.ts";
import type { FileCheck } from "./check-file.ts";
import { crossCheck, loadSiteContent, siteYamlFiles, type LoadOptions, type SiteContent } from "./site.ts";

/** Below this many files, starting the workers (each loads the YAML parser and the validators) costs more than it saves. */
export const PARALLEL_FROM = 400;

/**
 * loadSiteContent with the per-file checks (parsing, most of the time) spread over worker
 * threads, one per core; the cross-file checks then run here, on the same results in the same
 * order, so the problems and the content are exactly loadSiteContent's. The build uses it.
 */
export async function loadSiteContentInParallel(root: string, options: LoadOptions = {}): Promise<SiteContent> {
  const yaml = siteYamlFiles(root);
  if (yaml.files.length < PARALLEL_FROM) return loadSiteContent(root, options);
  const results = await inWorkers<string, FileCheck>(new URL("./check-worker.ts", import.meta.url), { root }, yaml.files.length, (i) => yaml.files[i]!, { batch: 50, heapMb: 128 });
  return crossCheck(root, yaml, results, options);
}
