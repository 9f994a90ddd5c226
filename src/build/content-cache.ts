import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { FileCheck } from "../content/check-file.ts";
import { checkFiles, crossCheck, siteYamlFiles, type SiteContent } from "../content/site.ts";
import { filesStamp } from "../shared/files-under.ts";
import { buildsDir, CACHE_NAME } from "./publish.ts";
import { inWorkers, PARALLEL_FROM } from "./worker-pool.ts";

/**
 * The per-file content checks of the last build, kept by each file's digest: a rebuild parses
 * and validates only the files whose text changed (parsing with positions is most of a check),
 * then runs the cross-file checks over all of them as a full check would. Everything a file's
 * check depends on besides its text (the schemas, the checking code, the pictures it names)
 * goes into one digest; when that changes, every file is checked again.
 */
interface CacheFile {
  inputs: string;
  checks: Map<string, { digest: string; result: FileCheck }>;
}

const cacheFile = (root: string) => join(buildsDir(root), CACHE_NAME, "content-checks.bin");

export const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

/** What every file's check depends on besides its own text. */
function checkInputs(root: string): string {
  const hash = createHash("sha256");
  for (const dir of ["schema", "src/content", "src/shared"]) {
    for (const line of filesStamp(join(root, dir), root)) {
      const file = line.slice(0, line.indexOf(" "));
      hash.update(file).update(readFileSync(join(root, file)));
    }
  }
  hash.update(filesStamp(join(root, "site", "assets"), root).join("\n"));
  return hash.digest("hex");
}

function readCache(root: string): CacheFile | null {
  try {
    return deserialize(readFileSync(cacheFile(root))) as CacheFile;
  } catch {
    return null;
  }
}

function writeCache(root: string, cache: CacheFile): void {
  const file = cacheFile(root);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, serialize(cache));
  renameSync(`${file}.${process.pid}.tmp`, file);
}

export interface CachedContent {
  content: SiteContent;
  /** Files whose check was redone (all of them on a first build). */
  checked: number;
}

/** loadSiteContent, redoing only the per-file checks of files that changed since the last build. */
export async function loadSiteContentCached(root: string): Promise<CachedContent> {
  const inputs = checkInputs(root);
  const cached = readCache(root);
  const previous = cached?.inputs === inputs ? cached.checks : new Map<string, { digest: string; result: FileCheck }>();
  const yaml = siteYamlFiles(root);
  const names = yaml.files.map((file) => relative(root, file));
  const digests = yaml.files.map((file) => sha256(readFileSync(file)));
  const results: (FileCheck | undefined)[] = names.map((name, i) => {
    const hit = previous.get(name);
    return hit !== undefined && hit.digest === digests[i] ? hit.result : undefined;
  });
  const missing = results.flatMap((result, i) => (result === undefined ? [i] : []));
  const fresh =
    missing.length < PARALLEL_FROM
      ? checkFiles(
          root,
          missing.map((i) => yaml.files[i]!),
        )
      : await inWorkers<string, FileCheck>(new URL("./check-worker.ts", import.meta.url), { root }, missing.length, (k) => yaml.files[missing[k]!]!, {
          batch: 50,
          heapMb: 128,
        });
  missing.forEach((i, k) => (results[i] = fresh[k]));
  const all = results as FileCheck[];
  if (missing.length > 0 || previous.size !== names.length || cached?.inputs !== inputs) {
    writeCache(root, { inputs, checks: new Map(names.map((name, i) => [name, { digest: digests[i]!, result: all[i]! }])) });
  }
  return { content: crossCheck(root, yaml, all), checked: missing.length };
}
