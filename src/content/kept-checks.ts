import { readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { filesStamp } from "../shared/files-under.ts";
import { checkFile, type FileCheck } from "./check-file.ts";
import { crossCheck, siteYamlFiles, validatorsOf, type SiteContent } from "./site.ts";
import { GRIEVANCE_OFFICER_TOKEN } from "./site-facts.ts";

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

/**
 * The per-file checks of a working copy kept between checks, for the tools that check again on
 * every change (the dev server, the editor): a file is parsed and validated again only when its
 * modification time or size changed, so a save costs one file's check plus the cross-file checks
 * (links, anchors, listings, counts), which read no file and are linear in the pages. A picture
 * added, removed or replaced under site/assets/ drops them all, as every page's picture checks
 * read those files (the same fingerprint the build's content cache uses).
 */
export class KeptChecks {
  private readonly kept = new Map<string, { stamp: string; result: FileCheck; filled: boolean }>();
  /** The pictures as the kept results saw them. */
  private assets = "";
  /** How many files have been checked on their own since this was made (kept ones are not counted). */
  checkedFiles = 0;

  constructor(readonly root: string) {}

  /**
   * The file's own checks, from what is kept while it is unchanged on disk. The cross-file checks
   * write into a file's data (listings into childCards sections and the settings' header panels,
   * counts and site facts into texts), so such a file's data is handed out as a copy; copying
   * every page's would double a check's time.
   */
  fileCheck(full: string): FileCheck {
    const entry = this.entry(full);
    return entry.filled && entry.result.loaded
      ? { ...entry.result, loaded: { ...entry.result.loaded, data: structuredClone(entry.result.loaded.data) } }
      : entry.result;
  }

  /** The file's own check as kept, not to be handed to the cross-file checks (they write into it). */
  peek(full: string): FileCheck {
    return this.entry(full).result;
  }

  private entry(full: string) {
    const stat = statSync(full);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    let entry = this.kept.get(full);
    if (entry?.stamp !== stamp) {
      const bytes = readFileSync(full);
      this.checkedFiles++;
      const result = checkFile(this.root, full, validatorsOf(this.root), bytes);
      entry = { stamp, result, filled: result.loaded !== undefined && isFilledIn(result.loaded, bytes.toString("utf8")) };
      this.kept.set(full, entry);
    }
    return entry;
  }

  /** Every check over the whole site, with `unsaved` (an absolute path and its text) standing in for that file. */
  content(unsaved?: { full: string; text: string }): SiteContent {
    const assets = filesStamp(join(this.root, "site", "assets"), this.root).join("\n");
    if (assets !== this.assets) {
      this.kept.clear();
      this.assets = assets;
    }
    const yaml = siteYamlFiles(this.root);
    const present = new Set(yaml.files);
    const files = unsaved && !present.has(unsaved.full) ? [...yaml.files, unsaved.full].sort() : yaml.files;
    // A deleted file's check is not kept.
    for (const full of this.kept.keys()) if (!present.has(full)) this.kept.delete(full);
    const validators = validatorsOf(this.root);
    const results = files.map((full) => (full === unsaved?.full ? checkFile(this.root, full, validators, Buffer.from(unsaved.text)) : this.fileCheck(full)));
    const texts = unsaved ? new Map([[rel(this.root, unsaved.full), unsaved.text]]) : undefined;
    return crossCheck(this.root, { files, problems: yaml.problems }, results, { texts });
  }
}

/** Whether the cross-file checks write into this file's data: the settings, a listing, a text with a count or a site fact. */
function isFilledIn(loaded: NonNullable<FileCheck["loaded"]>, text: string): boolean {
  if (loaded.kind === "site" || text.includes("{count") || text.includes(GRIEVANCE_OFFICER_TOKEN)) return true;
  const sections = (loaded.data as { sections?: unknown } | null)?.sections;
  return Array.isArray(sections) && sections.some((s) => (s as { type?: unknown } | null)?.type === "childCards");
}
