import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync, type FSWatcher } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import type { Page, Site } from "../../shared/generated/schema-types.ts";
import { MAX_FILE_BYTES } from "../../content/load.ts";
import type { FileCheck } from "../../content/check-file.ts";
import type { Problem } from "../../content/problem.ts";
import { routeOfFile } from "../../content/routes.ts";
import { SiteChecks, STORE_FROM } from "../../content/site-checks.ts";
import { contentChecksStore } from "../../build/publish.ts";
import { validatorsOf, type SiteContent } from "../../content/site.ts";
import { isPlaceholderProblem } from "../../content/placeholders.ts";
import { KINDS, planStarter, StarterError, type Kind } from "../../content/starters.ts";
import { setValue } from "../../content/yaml-edit.ts";
import { EditorInputError } from "./editor-error.ts";
import type { PagePath } from "./page-path.ts";

/** One page in the editor's list. */
export interface PageSummary {
  file: string;
  route: string;
  title: string;
  aliases: string[];
  /** The first part of the address (industries, courses, …; "" for the home page): how the site is organised. */
  group: string;
  problems: number;
  /** The signed-in editor's own draft of the page is open to them: "new" when the page exists only in that draft. */
  draft?: "changed" | "new";
}

/** A page as the editor opens it: its text and the fingerprint a save must name, so a change on disk meanwhile is noticed. */
export interface PageText {
  file: string;
  route: string;
  text: string;
  hash: string;
}

export const hashOf = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** How often a check while typing looks at every file on disk, for changes made outside the editor. */
const LOOK_EVERY_MS = 2000;

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

/**
 * The working copy as the editor sees it. Checking a text runs the project's own checks
 * (src/content: YAML, schema, page rules, pictures, placeholders, then links, anchors and
 * listings across the whole site) with the text in place of its file. The checks are kept
 * between requests by content digest, and shared with the build and the dev server through their
 * store (src/content/site-checks.ts): a check after a keystroke checks the one text, and redoes
 * the cross-file checks only where it reaches (links into the page, the listings it is in).
 */
export class Workspace {
  readonly siteDir: string;
  private readonly checks: SiteChecks;
  private saving: NodeJS.Timeout | null = null;
  /** When every file was last looked at on disk (0: look at the next check). */
  private lookedAt = 0;
  /** The files under site/ changed on disk since the last check, as the watcher reports them; null without a watcher. */
  private touched: Set<string> | null = null;
  private watcher: FSWatcher | null = null;

  constructor(readonly root: string) {
    this.siteDir = join(root, "site");
    this.checks = new SiteChecks(root, { store: contentChecksStore(root) });
    try {
      this.watcher = watch(this.siteDir, { recursive: true }, (_event, name) => {
        if (name === null) this.lookedAt = 0;
        else this.touched?.add(join(this.siteDir, name));
      });
      this.watcher.on("error", () => this.stopWatching());
      this.watcher.unref();
      this.touched = new Set();
    } catch {
      this.watcher = null;
    }
  }

  private stopWatching(): void {
    this.watcher?.close();
    this.watcher = null;
    this.touched = null;
    this.lookedAt = 0;
  }

  /**
   * Stops watching the site (a recursive watch holds a watcher per folder, which keeps the process
   * alive even unreferenced) and writes the checks' store now if a write was waiting.
   */
  close(): void {
    this.stopWatching();
    if (this.saving) {
      clearTimeout(this.saving);
      this.saving = null;
      this.checks.save({ atLeast: STORE_FROM });
    }
  }

  /** Every check over the whole site, with `unsaved` (page path → text) standing in for those files. */
  content(unsaved?: { file: PagePath; text: string }): SiteContent {
    // While someone types, the other files are not each looked at on disk (a stat each: a quarter of a
    // second at 10,000 pages): the watcher names those that changed, and without one they are looked at
    // at most every LOOK_EVERY_MS. The page list, a save and a new page look at every file.
    const look = !unsaved || (this.touched === null && Date.now() - this.lookedAt >= LOOK_EVERY_MS) || this.lookedAt === 0;
    if (look) this.lookedAt = Date.now();
    const touched = [...(this.touched ?? [])];
    this.touched?.clear();
    const content = this.checks.check({
      ...(unsaved ? { unsaved: { full: join(this.root, unsaved.file), text: unsaved.text } } : {}),
      ...(look ? {} : { touched }),
    });
    // The files' checks go to the store once requests pause after a cold start, for the next start, dev server or build.
    if (this.saving) clearTimeout(this.saving);
    this.saving = setTimeout(() => {
      this.saving = null;
      this.checks.save({ atLeast: STORE_FROM });
    }, 2000);
    this.saving.unref();
    return content;
  }

  /** The problems of one page's text, checked with the whole site in place, and the text's own check (its data and references). */
  check(file: PagePath, text: string): { problems: Problem[]; content: SiteContent; own: FileCheck } {
    refuseOversized(text);
    const content = this.content({ file, text });
    const own = this.checks.unsavedCheck({ full: join(this.root, file), text });
    return { problems: content.problems.filter((p) => p.file === file), content, own };
  }

  /** Every page by address and title, with its problem count and aliases. */
  list(): { pages: PageSummary[]; settings: { file: string; problems: number } } {
    const content = this.content();
    const countOf = new Map<string, number>();
    for (const p of content.problems) countOf.set(p.file, (countOf.get(p.file) ?? 0) + 1);
    const pages: PageSummary[] = [];
    for (const full of content.files) {
      const file = rel(this.root, full);
      const inSite = rel(this.siteDir, full);
      if (inSite === "_site.yaml") continue;
      const data = this.checks.fileCheck(full)?.loaded?.data as Partial<Page> | undefined;
      const route = routeOfFile(inSite);
      pages.push(summaryOf(file, route, data, countOf.get(file) ?? 0));
    }
    pages.sort((a, b) => a.route.localeCompare(b.route));
    return { pages, settings: { file: "site/_site.yaml", problems: countOf.get("site/_site.yaml") ?? 0 } };
  }

  read(file: PagePath): PageText {
    const full = join(this.root, file);
    if (!existsSync(full)) throw new EditorInputError(404, `There is no page file ${file}.`);
    const text = readFileSync(full, "utf8");
    return { file, route: routeOfFile(rel(this.siteDir, full)), text, hash: hashOf(text) };
  }

  /**
   * Write the text as it is (nothing re-serialised: the bytes the editor holds are the bytes
   * written). `base` is the hash the editor opened; if the file changed on disk since, nothing is
   * written and the disk version comes back, for the editor to offer it or a merge.
   */
  save(file: PagePath, text: string, base: string | null): PageText {
    refuseOversized(text);
    const full = join(this.root, file);
    if (existsSync(full)) {
      const disk = readFileSync(full, "utf8");
      if (base !== null && hashOf(disk) !== base) {
        throw new EditorInputError(409, `${file} was changed on disk since you opened it: keep the disk version, or merge your changes into it.`, {
          disk,
          diskHash: hashOf(disk),
        });
      }
    } else if (base !== null) {
      throw new EditorInputError(409, `${file} was deleted on disk since you opened it: save again to write it back.`, { disk: null, diskHash: null });
    }
    mkdirSync(dirname(full), { recursive: true });
    // Written beside and renamed in, so the dev server or a build never reads half a file.
    const temp = `${full}.${process.pid}.editing`;
    writeFileSync(temp, text);
    renameSync(temp, full);
    this.lookedAt = 0;
    return this.read(file);
  }

  /** A new page from a starter, as `npm run new` writes it, with the title asked for. Returns the files written, the page first. */
  /** The page a file is, by its path (also for a file not on disk: a new page in a draft). */
  routeOf(file: PagePath): string {
    return routeOfFile(rel(this.siteDir, join(this.root, file)));
  }

  /** A page that is not on disk (a new page in an editor's draft) as the page list shows it, checked with the whole site in place. */
  summaryOfText(file: PagePath, text: string): PageSummary {
    const { problems } = this.check(file, text);
    // Read from the text itself: a page with a mistake in it is not among the checked pages, and still has its title.
    let data: Partial<Page> | undefined;
    try {
      const parsed: unknown = parseYaml(text, { maxAliasCount: 100 });
      data = parsed !== null && typeof parsed === "object" ? (parsed as Partial<Page>) : undefined;
    } catch {
      data = undefined;
    }
    return summaryOf(file, this.routeOf(file), data, problems.length);
  }

  /** Writes the files of a new page from its starter (see plan) and gives them as opened. */
  create(kindRaw: unknown, routeRaw: unknown, titleRaw: unknown): PageText[] {
    const written = this.plan(kindRaw, routeRaw, titleRaw);
    for (const f of written) {
      const full = join(this.root, f.file);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.text, { flag: "wx" });
    }
    this.lookedAt = 0;
    return written.map((f) => this.read(f.file as PagePath));
  }

  /**
   * The files a new page is made of, from its starter (`npm run new`'s), with the title the editor
   * typed, written nowhere: create writes them into the working copy, an editor's new page goes to
   * their draft. A course group is two files: the group and its first course (a listing cannot be empty).
   */
  plan(kindRaw: unknown, routeRaw: unknown, titleRaw: unknown): PageText[] {
    if (typeof kindRaw !== "string" || !(KINDS as readonly string[]).includes(kindRaw))
      throw new EditorInputError(400, `Choose what kind of page to make: ${KINDS.join(", ")}.`);
    if (typeof routeRaw !== "string" || routeRaw.trim() === "") throw new EditorInputError(400, "Give the new page's address, such as /industries/mining.");
    const title = typeof titleRaw === "string" ? titleRaw.trim() : "";
    if (title === "") throw new EditorInputError(400, "Give the new page a title, such as Mining.");
    if (title.length > 60) throw new EditorInputError(400, "The title is too long: at most 60 characters.");
    const content = this.content();
    let files;
    try {
      files = planStarter(kindRaw as Kind, routeRaw, { root: this.root, content, index: validatorsOf(this.root).index });
    } catch (error) {
      if (error instanceof StarterError) throw new EditorInputError(400, `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`);
      throw error;
    }
    const [page, ...rest] = files;
    return [{ ...page!, text: withTitle(page!.text, title, content.site) }, ...rest].map((f) => ({
      file: f.file,
      route: f.route,
      text: f.text,
      hash: hashOf(f.text),
    }));
  }
}

function summaryOf(file: string, route: string, data: Partial<Page> | undefined, problems: number): PageSummary {
  return {
    file,
    route,
    title: typeof data?.title === "string" ? data.title : route,
    aliases: Array.isArray(data?.aliases) ? data.aliases.filter((a): a is string => typeof a === "string") : [],
    group: route.split("/")[1] ?? "",
    problems,
  };
}

/** The page's own heading, card and browser title say what the editor typed; the starter's other placeholders stay to be replaced. */
function withTitle(text: string, title: string, site: Site | null): string {
  const full = `${title} | ${site?.company ?? "Nexa AI"}`;
  let out = setValue(text, ["title"], full.length <= 60 ? full : title);
  out = setValue(out, ["card", "title"], title);
  return setValue(out, ["sections", 0, "heading"], title);
}

function refuseOversized(text: string): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_FILE_BYTES)
    throw new EditorInputError(
      413,
      `The text is too large (${Math.ceil(bytes / 1024)} KB): a page file may be at most ${MAX_FILE_BYTES / 1024} KB. Split the content over several pages.`,
    );
}

/** Placeholders keep a page out of the build, but it can be drawn: the preview shows a starter while it is being filled in. */
export const blocksPreview = (problems: Problem[]): Problem[] => problems.filter((p) => !isPlaceholderProblem(p));
