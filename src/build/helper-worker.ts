import { readFileSync, statSync } from "node:fs";
import { answerInOrder } from "./worker-pool.ts";
import type { PageEntry } from "../shared/page-entry.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import { sha256, type CheckedAhead, type ListedFiles } from "../content/site-checks.ts";
import { checkFile } from "../content/check-file.ts";
import { siteYamlFiles, validatorsOf } from "../content/site.ts";
import { fileStamp, modifiedAt } from "../shared/files-under.ts";
import { drawPages, loadServerEntry, pageWriter, type PageJob, type PageWriterInput } from "./prerender.ts";

/**
 * The build's and the dev server's helper thread (startHelper): it does, on the other core, work
 * the main thread needs later while that one reads the check store (the build) or starts Vite (the
 * dev server). In the order asked:
 * - `list`: the site's page files, their problems, and each file's stamp (SiteChecks' listAhead),
 *   with the files changed since the check store was written checked ahead, up to `upTo` of them
 *   (checkedAhead);
 * - `warm`: load the live build's renderer, for a rebuild that reuses its bundles, and draw its
 *   home page once from its own files (thrown away): the first page a renderer draws takes three
 *   to four times as long as the next while the engine compiles React's code (an industry page:
 *   31–50 ms first, 15–21 ms after the home page, 11–13 ms warm);
 * - `draw`: draw a rebuild's few changed pages with it (PrerenderOptions.drawFew).
 * One thread for all three: two workers beside the main thread on a two-core machine slowed the
 * store's reading more than the second one saved.
 */
export type HelperQuestion = { list: ListQuestion } | { warm: Warm } | { draw: [PageWriterInput, PageJob[]] };

/** The site at `root`, with the check store at `store`: check ahead the files changed since it was written, if there are no more than `upTo`. */
export interface ListQuestion {
  root: string;
  store: string;
  upTo: number;
}

/** The live build's renderer (its server entry), and a page it drew with the settings it drew it with: their files. */
export interface Warm {
  entry: string;
  page?: { url: string; data: string; site: string };
}

answerInOrder(async (question: HelperQuestion): Promise<ListedFiles | string[][] | null> => {
  if ("list" in question) {
    const listed = siteYamlFiles(question.list.root);
    const stamps = listed.files.map(fileStamp);
    return { ...listed, stamps, checked: checkedAhead(question.list, listed.files, stamps) };
  }
  if ("warm" in question) {
    const { entry, page } = question.warm;
    const renderer = await loadServerEntry(entry);
    if (page)
      try {
        await renderer.render(page.url, JSON.parse(readFileSync(page.data, "utf8")) as PageEntry, JSON.parse(readFileSync(page.site, "utf8")) as Site);
      } catch {
        // Only a warm-up: a file that is gone or a page that fails is drawn, or fails, when it is asked for.
      }
    return null;
  }
  const [input, jobs] = question.draw;
  return drawPages(await pageWriter(input), jobs);
});

/**
 * The files modified since the check store was written, checked here while the main thread does
 * something else:
 * - a rebuild after an edit checks the edited file on this thread while the main one reads the
 *   store, rather than after it (loading the validators and a first check, about 60 ms of a
 *   one-title rebuild at 10,000 pages). It asks for no more than a build leaves unstored
 *   (STORE_FROM): the build checks more on its own workers;
 * - the dev server's first start of a checkout (no store) checks every file here while Vite starts
 *   on the main thread, rather than at the first page's request after it (0.3 s at 80 pages); it
 *   asks for fewer than a worker pool is started for (PARALLEL_FROM), and hands more to one.
 * A second's margin, as a file saved in the store's second may be newer than its stamp there; the
 * main thread takes a result only for the very text it finds (its digest), so a guess too wide
 * costs this thread's time, never a wrong check. Without a store every file counts as changed.
 */
function checkedAhead({ root, store, upTo }: ListQuestion, files: string[], stamps: string[]): CheckedAhead[] {
  let since = -Infinity;
  try {
    since = statSync(store).mtimeMs - 1000;
  } catch {
    // No store: every file is new to it.
  }
  const changed = files.filter((_, i) => (modifiedAt(stamps[i]!) ?? -Infinity) >= since);
  if (changed.length > upTo) return [];
  const validators = changed.length > 0 ? validatorsOf(root) : null;
  return changed.map((full) => {
    const bytes = readFileSync(full);
    return { full, digest: sha256(bytes), result: checkFile(root, full, validators!, bytes) };
  });
}
