import { hash } from "node:crypto";
import { join } from "node:path";
import type { ChildCardsBlock, Page, Site } from "../shared/generated/schema-types.ts";
import type { CollectedRef } from "./ajv.ts";
import { checkCourseFacts } from "./check-course-facts.ts";
import type { FileCheck } from "./check-file.ts";
import { checkAssets, checkIds, checkLinks, isMissingFile } from "./check-references.ts";
import { countEnv, fillCountsIn, type CountEnv } from "./counts.ts";
import { lazyLoadedFile, type LoadedFile } from "./load.ts";
import { NO_PROBLEMS, problem, sortProblems, type Problem } from "./problem.ts";
import { cardsPerPageOf, DEFAULT_CARDS_PER_PAGE } from "./listing-pages.ts";
import { cardOrder, fillChildCards, filledCards, parentOf, resolvePanels, type ListedCard } from "./resolve-listings.ts";
import { buildRouteTable, type RouteTable } from "./routes.ts";
import { fillSiteFacts, GRIEVANCE_OFFICER_TOKEN, grievanceOfficerText, namesGrievanceOfficer } from "./site-facts.ts";

/** A page that passed every check: what the renderer and the prerender receive. */
export interface ContentPage {
  file: string;
  route: string;
  aliases: string[];
  data: Page;
}

export interface SiteContent {
  site: Site | null;
  pages: ContentPage[];
  table: RouteTable;
  problems: Problem[];
  filesChecked: number;
  /** Absolute paths of every file read, for watchers. */
  files: string[];
}

/** One file's check as the cross-file checks take it: its absolute path, and null when the file is gone. */
export interface FileChange {
  full: string;
  result: FileCheck | null;
  /** The text checked when it is not the file on disk (the editor's unsaved text): a cross-file problem is placed in it. */
  text?: string;
}

/** One file of the site, with what the cross-file checks made of it and what they read to make it. */
interface Entry {
  full: string;
  file: string;
  result: FileCheck;
  loaded?: LoadedFile;
  kind?: "site" | "page";
  valid: boolean;
  route?: string;
  aliases: string[];
  /** Pages: listed in the page above it (valid, with a card, not the home page). */
  listedUnder?: string;
  /** The card as listings copy it (counts filled): a copy of its own when the page is filled in, else the file's own card. */
  card?: ListedCard;
  resolved?: unknown;
  /** Digest of `resolved` as JSON, made on first need after each change of it (resolvedDigestOf). */
  resolvedDigest?: string;
  courseProblems: Problem[];
  countProblems: Problem[];
  listingProblems: Problem[];
  factProblems: Problem[];
  addedIds: string[];
  ownIds: Set<string>;
  idProblems: Problem[];
  linkProblems: Problem[];
  routeProblems: Problem[];
  /** What the filling of its data (counts, listings, site facts) read; what its links read. */
  fillReads: Set<string>;
  linkReads: Set<string>;
  /** Its data between the counts and the listings, while a check is under way. */
  counted?: unknown;
  /** Entered with a text that is not the file on disk (the editor's unsaved text): such a state is not kept for another process. */
  unsaved?: boolean;
}

/**
 * What the checks know between changes, for another process to go on from (SiteChecks keeps it
 * in its store): everything but what is made again cheaply (the count settings, the lazily
 * parsed files). Opaque outside this file.
 */
export interface CrossState {
  root: string;
  fields: Record<string, unknown>;
}

/** What a listing's cards are in a CrossState when they are its listed pages' cards (listingsAsMarks). */
const LISTED_CARDS = 0;

/** The fields a CrossState holds; the others (the count settings, the answer, a change's scratch) are made again. */
const KEPT_FIELDS = [
  "entries",
  "files",
  "entryProblems",
  "readers",
  "listed",
  "validAddresses",
  "byRoute",
  "table",
  "routeTrouble",
  "site",
  "siteResolved",
  "namedKey",
  "nounsKey",
  "facts",
  "cardsPerPage",
  "assets",
  "assetsKey",
  "withProblems",
  "claimed",
] as const;

/**
 * A file's lists of problems and added anchors are most often empty: all empty ones are one
 * frozen list (NO_PROBLEMS, and this one for anchors), assigned and never written into (a new list
 * replaces it), so the check store writes and reads one list where it held 80,000 at 10,000 pages.
 */
const NO_IDS = Object.freeze([]) as unknown as string[];
const PROBLEM_LISTS = ["courseProblems", "countProblems", "listingProblems", "factProblems", "idProblems", "linkProblems", "routeProblems"] as const;

/** Makes each empty list of an entry the shared one (a check may have made an empty list of its own). */
function shareEmptyLists(entry: Entry): void {
  for (const field of PROBLEM_LISTS) if (entry[field].length === 0) entry[field] = NO_PROBLEMS;
  if (entry.addedIds.length === 0) entry.addedIds = NO_IDS;
}

/** One broken file can hold thousands of mistakes; its first ones are what the editor needs. */
export const MAX_PROBLEMS_PER_FILE = 50;

function firstProblemsOfEachFile(sorted: Problem[]): Problem[] {
  const kept: Problem[] = [];
  const countOf = new Map<string, number>();
  for (const p of sorted) {
    const count = (countOf.get(p.file) ?? 0) + 1;
    countOf.set(p.file, count);
    if (count <= MAX_PROBLEMS_PER_FILE) kept.push(p);
  }
  for (const [file, count] of countOf) {
    if (count <= MAX_PROBLEMS_PER_FILE) continue;
    const last = kept.findLast((p) => p.file === file)!;
    const rest = count - MAX_PROBLEMS_PER_FILE;
    kept.splice(
      kept.indexOf(last) + 1,
      0,
      problem(file, last, `and ${rest} more ${rest === 1 ? "problem" : "problems"} in this file`, "fix the ones above first"),
    );
  }
  return kept;
}

/** Whether filling this file's data writes into it: a listing, a count, a site fact. Such data is copied first, as the file's check keeps it. */
function isFilledIn(entry: Entry): boolean {
  if (entry.kind === "site") return true;
  const text = JSON.stringify(entry.result.loaded?.data);
  if (text.includes("{count") || text.includes(GRIEVANCE_OFFICER_TOKEN)) return true;
  const sections = (entry.result.loaded?.data as { sections?: unknown } | null)?.sections;
  return Array.isArray(sections) && sections.some((s) => (s as { type?: unknown } | null)?.type === "childCards");
}

const sameIds = (a: Set<string> | undefined, b: Set<string> | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.size === b.size && [...a].every((id) => b.has(id)));

/**
 * The checks that need the whole site (routes and aliases, counts, listings and header panels,
 * site facts, anchors, links, pictures), kept between checks so that a change redoes only what
 * it touches: the changed files' own cross checks, the links into them (each file notes the
 * addresses and anchors its links read), and the listings, panels and counts they appear in.
 * Every result is kept with the names of what it read ("route:/x", "ids:/x", "listing:/x",
 * "below:/x", "named", "nouns", "facts", "routes"); a change notes which of those it altered,
 * and only the files that read one of them are checked again. A full check is the same work
 * from an empty state (crossCheck), so both give the same content, by construction and by test.
 *
 * The per-file results handed in are never written into: data that a listing, a count or a site
 * fact fills is copied first.
 */
export class CrossChecks {
  private readonly siteDir: string;
  private readonly entries = new Map<string, Entry>();
  private files: string[] = [];
  private entryProblems: Problem[] = [];
  private readonly readers = new Map<string, Set<Entry>>();
  /** Listed pages (valid, with a card, not the home page) below each address, in card order, then file order. */
  private readonly listed = new Map<string, Entry[]>();
  /** How many valid pages claim each address (route or alias): a listing's `from` that is no page is the link check's to report. */
  private readonly validAddresses = new Map<string, number>();
  /** The pages of each route, in file order (two files may claim one route: a problem, but both are checked). */
  private readonly byRoute = new Map<string, Entry[]>();
  private readonly table: RouteTable = { primaryOf: new Map(), aliasOf: new Map() };
  private routeTrouble = false;
  private site: Entry | null = null;
  private siteResolved: Site | null = null;
  private env: CountEnv | null = null;
  private namedKey = "";
  private nounsKey = "";
  /** The grievance officer as page text; null when the settings name none, undefined when they are not valid. */
  private facts: string | null | undefined = undefined;
  /** How many cards a listing shows before it is split into numbered pages (the settings' cardsPerPage). */
  private cardsPerPage = DEFAULT_CARDS_PER_PAGE;
  private assets = new Set<string>();
  private assetsKey: string | null = null;
  private readonly withProblems = new Set<Entry>();
  private answer: { pages: ContentPage[]; problems: Problem[] } | null = null;
  /** The anchors of each route touched by the change under way, as they were before it. */
  private idsBefore = new Map<string, Set<string> | undefined>();
  /** Files whose cross checks ran in the last change (figures and tests). */
  lastRechecked = 0;

  constructor(
    readonly root: string,
    private readonly listAssets: () => Set<string>,
  ) {
    this.siteDir = join(root, "site");
  }

  /**
   * Hands in every file of the site (absolute paths, sorted) with its own check; what changed
   * since the last call (a new result object, a file added or gone) is worked out here.
   */
  update(yaml: { files: readonly string[]; problems: Problem[] }, results: readonly FileCheck[], texts?: ReadonlyMap<string, string>): this {
    const changes: FileChange[] = [];
    const present = new Set(yaml.files);
    for (const full of this.entries.keys()) if (!present.has(full)) changes.push({ full, result: null });
    yaml.files.forEach((full, i) => {
      const result = results[i]!;
      if (this.entries.get(full)?.result !== result) changes.push({ full, result, text: texts?.get(result.file) });
    });
    return this.change(changes, yaml.problems);
  }

  /** Applies the changed files (and the problems of entries under site/ that are no files, when given) and redoes what they touch. */
  change(changes: readonly FileChange[], entryProblems?: Problem[]): this {
    if (entryProblems && (entryProblems.length > 0 || this.entryProblems.length > 0)) {
      this.entryProblems = entryProblems;
      this.answer = null;
    }
    this.idsBefore = new Map();
    const changed = new Set<string>();
    const own = new Set<Entry>();
    const removed: Entry[] = [];
    let siteChanged = false;
    let filesChanged = false;
    for (const { full, result, text } of changes) {
      const old = this.entries.get(full);
      if (old) {
        this.forget(old);
        removed.push(old);
      }
      if (full === join(this.siteDir, "_site.yaml")) siteChanged = true;
      if (!result) {
        if (old) this.unlist(old, changed);
        this.entries.delete(full);
        filesChanged = true;
        continue;
      }
      if (!old) filesChanged = true;
      const entry = this.enter(full, result, text);
      this.entries.set(full, entry);
      own.add(entry);
      this.relist(old, entry, changed);
    }
    if (filesChanged) this.files = [...this.entries.keys()].sort();
    if (changes.length > 0) this.answer = null;

    const assets = this.listAssets();
    const assetsKey = [...assets].join("\n");
    if (assetsKey !== this.assetsKey) {
      // A file came or went under site/assets/: the files that name it are looked at again, and
      // those missing a file (their hint lists similar files, which may have changed); a changed
      // picture's size is the per-file checks' business (SiteChecks: FileCheck.pictures).
      const cameOrWent = new Set<string>();
      for (const asset of assets) if (!this.assets.has(asset)) cameOrWent.add(asset);
      for (const asset of this.assets) if (!assets.has(asset)) cameOrWent.add(asset);
      this.assets = assets;
      this.assetsKey = assetsKey;
      for (const entry of this.entries.values())
        if (
          entry.linkProblems.some(isMissingFile) ||
          refsOf(entry).some((ref) => ref.kind === "asset" && typeof ref.value === "string" && cameOrWent.has(ref.value))
        )
          own.add(entry);
      this.answer = null;
    }
    this.updateRoutes(own, removed, changed);
    this.countEnv(siteChanged || this.env === null || [...changed].some((key) => key.startsWith("below:")), changed);
    if (siteChanged) {
      const perPage = cardsPerPageOf(this.site?.valid ? (this.site.result.loaded!.data as Site) : null);
      if (perPage !== this.cardsPerPage) changed.add("cardsPerPage");
      this.cardsPerPage = perPage;
    }

    // Counts first: they decide the cards that listings copy and the header panels show.
    const fill = new Set<Entry>();
    const queue: Entry[] = [];
    const refill = (entry: Entry) => {
      if (entry.kind !== "page" || !entry.valid || fill.has(entry)) return;
      fill.add(entry);
      queue.push(entry);
    };
    for (const entry of own) refill(entry);
    for (const key of changed) for (const reader of this.readers.get(key) ?? []) if (reader.fillReads.has(key)) refill(reader);
    while (queue.length > 0) {
      for (const key of this.count(queue.pop()!)) {
        changed.add(key);
        for (const reader of this.readers.get(key) ?? []) if (reader.fillReads.has(key)) refill(reader);
      }
    }
    const site = this.site;
    if (siteChanged || (site !== null && [...site.fillReads].some((key) => changed.has(key)))) this.resolveSite(changed);
    if (changed.has("facts")) for (const reader of this.readers.get("facts") ?? []) if (reader.fillReads.has("facts")) refill(reader);
    while (queue.length > 0) this.count(queue.pop()!);
    for (const entry of fill) this.fillListingsAndFacts(entry);

    // Anchors, then links and pictures.
    for (const [route, before] of this.idsBefore) if (!sameIds(before, this.idsOf(route))) changed.add(`ids:${route}`);
    const linked = new Set<Entry>();
    for (const entry of own) if (entry.loaded) linked.add(entry);
    for (const key of changed) for (const reader of this.readers.get(key) ?? []) if (reader.linkReads.has(key)) linked.add(reader);
    for (const entry of linked) this.links(entry);
    for (const entry of own) this.noteProblems(entry);
    this.lastRechecked = new Set([...fill, ...linked, ...(site && siteChanged ? [site] : [])]).size;
    return this;
  }

  /**
   * Runs `write` on this state as another process can take it back (importState): the files'
   * lazily parsed texts are left out while it runs, so writing it reads no file. Without a
   * state to keep (an unsaved text is in it), `write` gets null.
   */
  exportState<T>(write: (state: CrossState | null) => T): T {
    const entries = [...this.entries.values()];
    if (entries.some((e) => e.unsaved)) return write(null);
    const loaded = entries.map((e) => e.loaded);
    for (const e of entries) {
      e.loaded = undefined;
      shareEmptyLists(e);
    }
    // Kept with the state, so a new process's build draws again only the pages whose data changed
    // without writing out every page's data to tell (about 0.3 s at 10,000 pages).
    for (const e of entries) if (e.resolved !== undefined) this.resolvedDigestOf(e.full);
    const refilled = this.listingsAsMarks(entries);
    try {
      const fields: Record<string, unknown> = {};
      for (const name of KEPT_FIELDS) fields[name] = this[name];
      return write({ root: this.root, fields });
    } finally {
      entries.forEach((e, i) => (e.loaded = loaded[i]));
      for (const [section, cards] of refilled) section.cards = cards;
    }
  }

  /**
   * A listing's cards are its listed pages' cards, filled (filledCards): while the state is
   * written, those that are exactly that are replaced by a mark, and importState fills them
   * again from the pages' cards, which the state holds anyway. At 10,000 pages one listing's
   * cards were a fifth of the store, decoded by every build. Returns the cards to put back.
   */
  private listingsAsMarks(entries: Entry[]): [ChildCardsBlock, ChildCardsBlock["cards"]][] {
    const marked: [ChildCardsBlock, ChildCardsBlock["cards"]][] = [];
    for (const section of this.filledListings(entries)) {
      const cards = section.cards!;
      if (JSON.stringify(cards) !== JSON.stringify(filledCards(section, this.listedCards(section.from)))) continue;
      marked.push([section, cards]);
      section.cards = LISTED_CARDS as unknown as ChildCardsBlock["cards"];
    }
    return marked;
  }

  /** The listings with cards in the pages' data as filled in (a page's own data never has them: the schema forbids it). */
  private *filledListings(entries: Iterable<Entry>): Generator<ChildCardsBlock> {
    for (const e of entries) {
      if (e.resolved === undefined || e.resolved === e.result.loaded?.data) continue;
      const sections = (e.resolved as Partial<Page> | null)?.sections;
      if (Array.isArray(sections)) for (const section of sections) if (section.type === "childCards" && section.cards !== undefined) yield section;
    }
  }

  /** The cards of the pages listed below `from`, in card order (what a listing of it shows). */
  private listedCards(from: string): ListedCard[] {
    return (this.listed.get(from) ?? []).map((e) => e.card!);
  }

  /**
   * Takes back a state that exportState gave (in a new process, before any change): returns each
   * file's check as the state holds it, so the caller hands in only what differs. A state made
   * for another project folder is not taken (null).
   */
  importState(state: CrossState): Map<string, FileCheck> | null {
    if (state.root !== this.root || this.entries.size > 0) return null;
    Object.assign(this, state.fields);
    this.env = null;
    this.answer = null;
    const handed = new Map<string, FileCheck>();
    for (const section of this.filledListings(this.entries.values()))
      if ((section.cards as unknown) === LISTED_CARDS) section.cards = filledCards(section, this.listedCards(section.from));
    for (const e of this.entries.values()) {
      // The one empty list came back as a list of its own: the frozen one takes its place.
      shareEmptyLists(e);
      e.loaded = e.result.loaded ? lazyLoadedFile(e.file, e.full, e.result.loaded.data) : undefined;
      handed.set(e.full, e.result);
    }
    return handed;
  }

  /**
   * The digest of a page's data as content() gives it (its listings and site facts filled), for
   * the build to tell whether the page changed: made once after each change of the data, and kept
   * with the state. Undefined for a file that is not a checked page, or when `data` is given and is
   * not that very data (a numbered page of a split listing holds a part of it).
   */
  resolvedDigestOf(full: string, data?: unknown): string | undefined {
    const entry = this.entries.get(full);
    if (!entry || entry.resolved === undefined || (data !== undefined && data !== entry.resolved)) return undefined;
    return (entry.resolvedDigest ??= hash("sha256", JSON.stringify(entry.resolved), "hex"));
  }

  /** The checked content: the pages that passed every check, the settings, and every problem (those of `only` files, when given). */
  content(options: { only?: string[] } = {}): SiteContent {
    if (!this.answer) {
      const pages: ContentPage[] = [];
      for (const full of this.files) {
        const entry = this.entries.get(full)!;
        if (entry.kind === "page" && entry.valid) pages.push({ file: entry.file, route: entry.route!, aliases: entry.aliases, data: entry.resolved as Page });
      }
      const problems = [...this.entryProblems];
      if (!this.entries.has(join(this.siteDir, "_site.yaml"))) {
        problems.push(
          problem(
            "site/_site.yaml",
            { line: 1, col: 1 },
            "the site settings file is missing",
            "create site/_site.yaml with the company name, header and footer",
          ),
        );
      }
      for (const entry of this.withProblems) problems.push(...problemsOf(entry));
      this.answer = { pages, problems: sortProblems(problems) };
    }
    const only = options.only?.map((f) => f.split("\\").join("/").replace(/^\.\//, ""));
    const reported = only ? this.answer.problems.filter((p) => only.includes(p.file)) : this.answer.problems;
    return {
      site: this.site?.valid ? this.siteResolved : null,
      pages: this.answer.pages,
      table: this.table,
      problems: firstProblemsOfEachFile(reported),
      filesChecked: only ? only.length : this.files.length,
      files: this.files,
    };
  }

  private enter(full: string, result: FileCheck, text: string | undefined): Entry {
    const loaded = result.loaded;
    const entry: Entry = {
      full,
      file: result.file,
      result,
      loaded: loaded ? lazyLoadedFile(result.file, full, loaded.data, text) : undefined,
      unsaved: text !== undefined,
      kind: loaded?.kind,
      valid: loaded?.valid ?? false,
      route: loaded?.route,
      aliases: loaded?.aliases ?? [],
      courseProblems: NO_PROBLEMS,
      countProblems: NO_PROBLEMS,
      listingProblems: NO_PROBLEMS,
      factProblems: NO_PROBLEMS,
      addedIds: NO_IDS,
      ownIds: new Set(),
      idProblems: NO_PROBLEMS,
      linkProblems: NO_PROBLEMS,
      routeProblems: NO_PROBLEMS,
      fillReads: new Set(),
      linkReads: new Set(),
    };
    if (entry.kind === "site") this.site = entry;
    if (entry.kind === "page" && entry.loaded) {
      const route = entry.route!;
      const ids = checkIds({ file: entry.file, loaded: entry.loaded, refs: refsOf(entry), route });
      entry.ownIds = ids.ids;
      entry.idProblems = ids.problems;
      if (entry.valid) entry.courseProblems = checkCourseFacts({ file: entry.file, route, data: loaded!.data as Page, loaded: entry.loaded });
      this.touchIds(route);
      this.byRoute.set(
        route,
        [...(this.byRoute.get(route) ?? []), entry].sort((a, b) => (a.full < b.full ? -1 : 1)),
      );
      if (entry.valid) for (const address of [route, ...entry.aliases]) this.claim(address, 1);
    }
    return entry;
  }

  /** Takes a file's results out of the indexes (its place in a listing is handed on or dropped by relist). */
  private forget(entry: Entry): void {
    this.unread(entry, "fill");
    this.unread(entry, "link");
    this.withProblems.delete(entry);
    if (entry === this.site) this.site = null;
    if (entry.kind !== "page" || !entry.loaded) return;
    const route = entry.route!;
    this.touchIds(route);
    const list = (this.byRoute.get(route) ?? []).filter((e) => e !== entry);
    if (list.length > 0) this.byRoute.set(route, list);
    else this.byRoute.delete(route);
    if (entry.valid) for (const address of [route, ...entry.aliases]) this.claim(address, -1);
  }

  /** Notes an address whose first claim came or whose last went: a listing that names it is checked again. */
  private claim(address: string, by: 1 | -1): void {
    const count = (this.validAddresses.get(address) ?? 0) + by;
    if (count === 0) this.validAddresses.delete(address);
    else this.validAddresses.set(address, count);
    if (count === 0 || (count === 1 && by === 1)) this.claimed.add(`listing:${address}`);
  }

  private claimed = new Set<string>();

  /** Where a page is listed: below the address above it, when it is valid and has a card (the home page is listed nowhere). */
  private static listedUnder(entry: Entry): string | undefined {
    return entry.kind === "page" && entry.valid && entry.route !== "/" && (entry.result.loaded!.data as Page).card ? parentOf(entry.route!) : undefined;
  }

  /** A changed file takes its old version's place in a listing (the card is compared once counted), or leaves and joins listings. */
  private relist(old: Entry | undefined, entry: Entry, changed: Set<string>): void {
    for (const key of this.claimed) changed.add(key);
    this.claimed.clear();
    const under = CrossChecks.listedUnder(entry);
    if (old?.listedUnder !== undefined && old.listedUnder === under) {
      const siblings = this.listed.get(under)!;
      siblings[siblings.indexOf(old)] = entry;
      entry.listedUnder = under;
      entry.card = old.card;
      return;
    }
    if (old) this.unlist(old, changed);
    if (under === undefined) return;
    entry.listedUnder = under;
    // The file's own card, as nothing writes into a file's check (a page whose counts fill its card gets a copy in count()).
    entry.card = { route: entry.route!, card: (entry.result.loaded!.data as Page).card! };
    this.place(entry, under);
    changed.add(`below:${under}`).add(`listing:${under}`);
  }

  private unlist(entry: Entry, changed: Set<string>): void {
    for (const key of this.claimed) changed.add(key);
    this.claimed.clear();
    const under = entry.listedUnder;
    if (under === undefined) return;
    const siblings = this.listed.get(under)!;
    siblings.splice(siblings.indexOf(entry), 1);
    if (siblings.length === 0) this.listed.delete(under);
    changed.add(`below:${under}`).add(`listing:${under}`);
  }

  /** Puts a listed page in its place among those below the same address: card order, then title, then file. */
  private place(entry: Entry, under: string): void {
    let siblings = this.listed.get(under);
    if (!siblings) this.listed.set(under, (siblings = []));
    const before = (a: Entry, b: Entry) => {
      const order = cardOrder(a.card!, b.card!);
      return order < 0 || (order === 0 && a.full < b.full);
    };
    let low = 0;
    let high = siblings.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(siblings[mid]!, entry)) low = mid + 1;
      else high = mid;
    }
    siblings.splice(low, 0, entry);
  }

  private read(entry: Entry, kind: "fill" | "link", key: string): void {
    const reads = kind === "fill" ? entry.fillReads : entry.linkReads;
    if (reads.has(key)) return;
    reads.add(key);
    let set = this.readers.get(key);
    if (!set) this.readers.set(key, (set = new Set()));
    set.add(entry);
  }

  private unread(entry: Entry, kind: "fill" | "link"): void {
    const reads = kind === "fill" ? entry.fillReads : entry.linkReads;
    const other = kind === "fill" ? entry.linkReads : entry.fillReads;
    for (const key of reads) {
      if (other.has(key)) continue;
      const set = this.readers.get(key);
      set?.delete(entry);
      if (set?.size === 0) this.readers.delete(key);
    }
    reads.clear();
  }

  /**
   * The route table. While the files that changed claim the same addresses as before and no
   * two files clash, it stays; a page added at a free address, or removed, without aliases, is
   * set or dropped; anything else (an alias, a clash) rebuilds it over every page, as who owns
   * an address then depends on the files' order. Addresses that now show another page, or none, are noted.
   */
  private updateRoutes(own: Set<Entry>, removed: Entry[], changed: Set<string>): void {
    const claims = (entries: Iterable<Entry>) =>
      [...entries]
        .filter((e) => e.kind === "page" && e.loaded)
        .map((e) => `${e.full} ${[e.route, ...e.aliases].join(" ")}`)
        .sort()
        .join("\n");
    const before = removed.filter((e) => e.kind === "page" && e.loaded);
    const after = [...own].filter((e) => e.kind === "page" && e.loaded);
    const troubled = this.routeTrouble && before.some((e) => e.routeProblems.length > 0);
    if (!troubled && claims(before) === claims(after)) return;
    const beforeRoutes = new Set(before.map((e) => e.route!));
    const afterRoutes = new Set(after.map((e) => e.route!));
    const simple =
      !this.routeTrouble &&
      [...before, ...after].every((e) => e.aliases.length === 0) &&
      [...afterRoutes].every((route) => beforeRoutes.has(route) || !this.table.primaryOf.has(route)) &&
      after.length === afterRoutes.size;
    if (simple) {
      for (const route of beforeRoutes) {
        if (afterRoutes.has(route)) continue;
        this.table.primaryOf.delete(route);
        changed.add(`route:${route}`).add("routes");
      }
      for (const route of afterRoutes) {
        if (beforeRoutes.has(route)) continue;
        this.table.primaryOf.set(route, route);
        changed.add(`route:${route}`).add("routes");
      }
      return;
    }
    const all: Entry[] = [];
    for (const full of this.files) {
      const entry = this.entries.get(full)!;
      if (entry.kind === "page" && entry.loaded) all.push(entry);
    }
    const { table, problems } = buildRouteTable(all.map((e) => ({ file: e.file, route: e.route!, aliases: e.aliases, loaded: e.loaded! })));
    const byFile = new Map(all.map((e) => [e.file, e]));
    const hadProblems = all.filter((e) => e.routeProblems.length > 0);
    for (const entry of hadProblems) entry.routeProblems = NO_PROBLEMS;
    for (const p of problems) {
      const entry = byFile.get(p.file)!;
      entry.routeProblems = [...entry.routeProblems, p];
    }
    for (const entry of [...hadProblems, ...problems.map((p) => byFile.get(p.file)!)]) this.noteProblems(entry);
    this.routeTrouble = problems.length > 0;
    const previous = this.table.primaryOf;
    for (const [address, route] of table.primaryOf) if (previous.get(address) !== route) changed.add(`route:${address}`).add("routes");
    for (const address of previous.keys()) if (!table.primaryOf.has(address)) changed.add(`route:${address}`).add("routes");
    this.table.primaryOf = table.primaryOf;
    this.table.aliasOf = table.aliasOf;
  }

  /** The named counts as the settings define them and the listings make them, noting what changed. */
  private countEnv(again: boolean, changed: Set<string>): void {
    if (!again) return;
    const site = this.site?.valid ? (this.site.result.loaded!.data as Site) : null;
    const below = (route: string) => this.listed.get(route)?.length ?? 0;
    const twoBelow = (route: string) => (this.listed.get(route) ?? []).reduce((sum, child) => sum + below(child.route!), 0);
    this.env = countEnv(site, below, twoBelow);
    const nounsKey = JSON.stringify(site?.counts ?? null);
    const namedKey = JSON.stringify([site !== null, [...this.env.named].map(([name, { value }]) => [name, value])]);
    if (nounsKey !== this.nounsKey) changed.add("nouns");
    if (namedKey !== this.namedKey) changed.add("named");
    this.nounsKey = nounsKey;
    this.namedKey = namedKey;
  }

  /** Counts in a page's data (on its own copy when they write into it); returns what changed in the listing that shows its card. */
  private count(entry: Entry): string[] {
    this.unread(entry, "fill");
    const raw = entry.result.loaded!.data as Page;
    const data = (isFilledIn(entry) ? structuredClone(raw) : raw) as Page;
    this.read(entry, "fill", "nouns");
    entry.countProblems = fillCountsIn(
      this.env!,
      entry.file,
      entry.loaded!,
      data,
      { route: entry.route, page: { file: entry.file, route: entry.route!, data, loaded: entry.loaded! } },
      (key) => this.read(entry, "fill", key),
    );
    entry.counted = data;
    const under = entry.listedUnder;
    if (under === undefined) return [];
    // The card as listings copy it, before site facts are filled in: copied when the page is filled in (its own copy of
    // its data), so that filling it leaves the card as counted; else the file's own card, which nothing writes into
    // (one object, not two, for each of 10,000 listed pages in the check store).
    const card = { route: entry.route!, card: data === raw ? data.card! : structuredClone(data.card!) };
    if (JSON.stringify(card) === JSON.stringify(entry.card)) return [];
    const siblings = this.listed.get(under)!;
    siblings.splice(siblings.indexOf(entry), 1);
    entry.card = card;
    this.place(entry, under);
    return [`listing:${under}`];
  }

  private listedBelow = (entry: Entry) => (from: string) => {
    this.read(entry, "fill", `listing:${from}`);
    return this.listedCards(from);
  };

  /** The settings: their counts, then the header panels from the listings; then the site facts pages name. */
  private resolveSite(changed: Set<string>): void {
    const site = this.site;
    const before = this.facts;
    this.siteResolved = null;
    this.facts = undefined;
    if (site) {
      this.unread(site, "fill");
      site.countProblems = NO_PROBLEMS;
      if (site.valid) {
        const data = structuredClone(site.result.loaded!.data) as Site;
        this.read(site, "fill", "nouns");
        site.countProblems = fillCountsIn(this.env!, site.file, site.loaded!, data, {}, (key) => this.read(site, "fill", key));
        // The counts are spent once the texts are filled; the settings every page carries to the browser leave them out.
        delete data.counts;
        resolvePanels(data, this.listedBelow(site));
        this.siteResolved = data;
        this.facts = grievanceOfficerText(data);
      }
      this.noteProblems(site);
    }
    if (before !== this.facts) changed.add("facts");
    this.answer = null;
  }

  /** A page's listings and site facts, on its counted data; the anchors its listings add are noted. */
  private fillListingsAndFacts(entry: Entry): void {
    const data = entry.counted as Page;
    entry.counted = undefined;
    const page = { file: entry.file, route: entry.route!, data, loaded: entry.loaded! };
    if (data.sections.some((section) => section.type === "childCards")) this.read(entry, "fill", "cardsPerPage");
    // Which file already has an address a numbered page of a split listing would take.
    const fileAt = (address: string) => {
      this.read(entry, "fill", `route:${address}`);
      const route = this.table.primaryOf.get(address);
      return route === undefined ? undefined : this.byRoute.get(route)?.[0]?.file;
    };
    const listings = fillChildCards(page, this.listedBelow(entry), (address) => this.validAddresses.has(address), this.cardsPerPage, fileAt);
    entry.listingProblems = listings.problems;
    entry.factProblems = NO_PROBLEMS;
    if (namesGrievanceOfficer(data)) {
      this.read(entry, "fill", "facts");
      // Without valid settings the site facts wait for them, as the pages do not go out.
      if (this.facts !== undefined) entry.factProblems = fillSiteFacts(this.facts, page);
    }
    entry.resolved = data;
    entry.resolvedDigest = undefined;
    if (listings.addedIds.join("\n") !== entry.addedIds.join("\n")) {
      this.touchIds(entry.route!);
      entry.addedIds = listings.addedIds;
    }
    this.noteProblems(entry);
  }

  private touchIds(route: string): void {
    if (!this.idsBefore.has(route)) this.idsBefore.set(route, this.idsOf(route));
  }

  /** The anchors of a route: those of its page (the last, when two files claim it), and every anchor its listings add. */
  private idsOf(route: string): Set<string> | undefined {
    const pages = this.byRoute.get(route);
    if (!pages) return undefined;
    const last = pages[pages.length - 1]!;
    if (pages.length === 1 && last.addedIds.length === 0) return last.ownIds;
    const ids = new Set(last.ownIds);
    for (const page of pages) if (page.valid) for (const id of page.addedIds) ids.add(id);
    return ids;
  }

  private links(entry: Entry): void {
    this.unread(entry, "link");
    const idsByRoute = { get: (route: string) => this.idsOf(route) };
    const checked = { file: entry.file, route: entry.route, loaded: entry.loaded!, refs: refsOf(entry) };
    entry.linkProblems = [...checkLinks(checked, this.table, idsByRoute, (key) => this.read(entry, "link", key)), ...checkAssets(checked, this.assets)];
    this.noteProblems(entry);
  }

  private noteProblems(entry: Entry): void {
    this.answer = null;
    if (problemsOf(entry).length > 0) this.withProblems.add(entry);
    else this.withProblems.delete(entry);
  }
}

/**
 * The links, pictures and texts the file's check found: read from the check itself (not copied
 * into the entry), so the store keeps them once and decodes them only for a file whose links are
 * checked again (deferred.ts).
 */
function refsOf(entry: Entry): CollectedRef[] {
  return entry.result.loaded?.refs ?? [];
}

/** A file's problems in the order of the checks that found them. */
function problemsOf(entry: Entry): Problem[] {
  return [
    ...entry.result.problems,
    ...entry.routeProblems,
    ...entry.courseProblems,
    ...entry.countProblems,
    ...entry.listingProblems,
    ...entry.factProblems,
    ...entry.idProblems,
    ...entry.linkProblems,
  ];
}
