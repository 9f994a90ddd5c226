import { readFileSync } from "node:fs";
import { answerInOrder } from "./worker-pool.ts";
import type { PageEntry } from "../shared/page-entry.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import type { ListedFiles } from "../content/site-checks.ts";
import { siteYamlFiles } from "../content/site.ts";
import { fileStamp } from "../shared/files-under.ts";
import { drawPages, loadServerEntry, type PageJob, type PageWriterInput } from "./prerender.ts";

/**
 * The build's helper thread (startHelper): it does, on the other core, work the main thread
 * needs later while that one reads the check store. In the order asked:
 * - `list`: the site's page files, their problems, and each file's stamp (SiteChecks' listAhead);
 * - `warm`: load the live build's renderer, for a rebuild that reuses its bundles, and draw its
 *   home page once from its own files (thrown away): the first page a renderer draws takes three
 *   to four times as long as the next while the engine compiles React's code (an industry page:
 *   31–50 ms first, 15–21 ms after the home page, 11–13 ms warm);
 * - `draw`: draw a rebuild's few changed pages with it (PrerenderOptions.drawFew).
 * One thread for all three: two workers beside the main thread on a two-core machine slowed the
 * store's reading more than the second one saved.
 */
export type HelperQuestion = { list: string } | { warm: Warm } | { draw: [PageWriterInput, PageJob[]] };

/** The live build's renderer (its server entry), and a page it drew with the settings it drew it with: their files. */
export interface Warm {
  entry: string;
  page?: { url: string; data: string; site: string };
}

answerInOrder(async (question: HelperQuestion): Promise<ListedFiles | string[][] | null> => {
  if ("list" in question) {
    const listed = siteYamlFiles(question.list);
    return { ...listed, stamps: listed.files.map(fileStamp) };
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
  return drawPages(...question.draw);
});
