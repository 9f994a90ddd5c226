import { createHash, hash } from "node:crypto";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { deserialize, serialize } from "node:v8";
import { PackedFile, writePacked, type Part } from "./deferred.ts";
import { fileStamp, filesStamp } from "../shared/files-under.ts";
import { checkFile, type FileCheck } from "./check-file.ts";
import { CrossChecks, type CrossState, type FileChange, type SiteContent } from "./cross-checks.ts";
import type { CollectedRef } from "./ajv.ts";
import { NO_PROBLEMS, type Problem } from "./problem.ts";
import { listAssets, siteYamlFiles, validatorsOf } from "./site.ts";

/**
 * The content checks of a working copy, kept between checks: one mechanism for the build, the
 * dev server and the editor.
 * - Each file's own check (parsing with positions, the schema, pictures: most of the time) is
 *   kept by the digest of its text, together with the digest of what every check depends on
 *   (the schemas, the checking code; when that changes, every file is checked again) and the
 *   stamps of the pictures whose size it read (when one of those changes, that file is checked
 *   again). A long-running process looks at a file's size and modification time
 *   first and reads it only when they changed; a new process reads and digests every file.
 * - The kept checks are written to `store` (the builds' cache folder), so a build reuses the
 *   dev server's and the editor's checks and they reuse the build's: the dev server's cold start
 *   checks only the files changed since.
 * - The checks that need the whole site are redone only where a change reaches (cross-checks.ts).
 * - Reading the store decodes each page's sections and references only when something reads
 *   them (deferred.ts): a build that changed one file decodes a few pages', not 10,000.
 */

/**
 * What the store holds: the inputs' digest, and each file's (relative to the project root) digest,
 * check, and the size and modification time it had when it was read, so that a new process reads
 * and digests only the files whose stamp changed since.
 */
interface Stored {
  inputs: string;
  checks: Map<string, StoredCheck>;
  /**
   * The cross-file checks' state over those very checks (the same objects, as one serialisation
   * keeps them), so a new process redoes only what the files changed since reach, not the site.
   */
  cross?: CrossState;
}

interface StoredCheck {
  digest: string;
  result: FileCheck;
  stamp?: string;
}

interface Kept {
  digest: string;
  result: FileCheck;
  /** "mtime:size" when this process last read the file; absent for a check that came from the store. */
  stamp?: string;
}

export interface SiteChecksOptions {
  /** The file that keeps the checks between processes; without it they are kept in memory only. */
  store?: string;
  /** Checks many files at once (the build's worker threads), from `from` files on; else they are checked one by one here. */
  checkMany?: { from: number; check: (files: string[]) => Promise<FileCheck[]> };
  /**
   * Lists the site's files and stamps each (what siteYamlFiles and fileStamp give) on another
   * thread: checkAsync's first look asks for it before it reads the store, and so reads the store
   * here while the listing is made there.
   */
  listAhead?: () => Promise<ListedFiles>;
}

/** The page files under site/ with their problems (siteYamlFiles), and each file's stamp (fileStamp), in the same order. */
export interface ListedFiles {
  files: string[];
  problems: Problem[];
  stamps: string[];
  /**
   * Files checked ahead with the listing, as they were when read (their text's digest): a check
   * that finds a file's text changed to that very text takes this one instead of checking it.
   */
  checked?: CheckedAhead[];
}

export interface CheckedAhead {
  full: string;
  digest: string;
  result: FileCheck;
}

export interface Unsaved {
  /** Absolute path of the file the text stands for. */
  full: string;
  text: string;
}

export interface CheckRequest {
  /** A text that stands for its file (the editor's unsaved text). */
  unsaved?: Unsaved;
  /**
   * The files that changed, when the caller knows (the dev server's watcher): only they are looked
   * at, unless one is new or gone, or is a picture or a schema, which needs the whole look.
   */
  touched?: readonly string[];
}

interface Plan {
  /** Files to check: their text was never checked with these inputs. */
  missing: { full: string; name: string; digest: string; bytes: Uint8Array; stamp: string }[];
  unsaved?: Unsaved;
  /** Whether every file was looked at; else only `lookAt`. */
  whole: boolean;
  lookAt: readonly string[];
}

/** One-shot hashing (crypto.hash) spares the Hash object createHash builds: a third of the time for a page-sized text, done for every file. */
export const sha256 = (data: string | Uint8Array): string => hash("sha256", data, "hex");

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

const STORE_VERSION = 6;

/** The dev server and the editor write the store once this many files were checked since (a cold start); a build writes it every time. */
export const STORE_FROM = 50;

export class SiteChecks {
  private kept = new Map<string, Kept>();
  private stored: Map<string, StoredCheck> | null = null;
  private inputs = "";
  private codeStamp = "";
  private codeDigest = "";
  private files: string[] = [];
  private known = new Set<string>();
  private entryProblems: Problem[] = [];
  /** The pictures' stamps as this look at the whole site found them (picturesCurrent); a picture that changes makes the next look a whole one. */
  private pictureStamps = new Map<string, string>();
  /** The last unsaved text checked for each file, so typing back and forth checks a text once. */
  private readonly unsavedChecks = new Map<string, Kept>();
  /** What the cross-file checks were last handed, file by file. */
  private readonly handed = new Map<string, FileCheck>();
  private readonly cross: CrossChecks;
  private looked = false;
  /** Each file's name relative to the project root, worked out once (path.relative costs more than the stat beside it). */
  private readonly names = new Map<string, string>();
  private lastUnsaved: string | undefined;
  private dirty = false;
  /** The store held no checks made with these inputs: written at the next save, however few files were checked. */
  private storeStale = false;
  /** Files whose own check ran since this was made (kept and stored ones are not counted). */
  checkedFiles = 0;
  private checkedSinceSave = 0;

  constructor(
    readonly root: string,
    private readonly options: SiteChecksOptions = {},
  ) {
    this.cross = new CrossChecks(root, () => listAssets(join(root, "site")));
  }

  /** Every check over the whole site, the per-file ones in this thread. */
  check(request: CheckRequest = {}): SiteContent {
    const plan = this.plan(request);
    return this.finish(plan, this.checkHere(plan.missing));
  }

  /** Every check over the whole site, the per-file ones through `checkMany` when it is given. */
  async checkAsync(request: CheckRequest = {}): Promise<SiteContent> {
    let listed: ListedFiles | undefined;
    if (!this.looked && this.options.listAhead) {
      const ahead = this.options.listAhead();
      // The store is decoded here while the files are listed and stamped there; a listing that fails is made here instead.
      this.takeInputs();
      listed = await ahead.catch(() => undefined);
    }
    const plan = this.plan(request, listed);
    // A file checked ahead from the very text it has now is not checked again.
    const checkedAhead = new Map(listed?.checked?.map((c) => [c.full, c]));
    const taken = plan.missing.map(({ full, digest }) => (checkedAhead.get(full)?.digest === digest ? checkedAhead.get(full)!.result : undefined));
    const rest = plan.missing.filter((_, i) => taken[i] === undefined);
    const many = this.options.checkMany;
    const checked = many && rest.length >= many.from ? await many.check(rest.map((m) => m.full)) : this.checkHere(rest);
    let next = 0;
    return this.finish(
      plan,
      taken.map((result) => result ?? checked[next++]!),
    );
  }

  /**
   * Whether a file's size or modification time differs from when it was last looked at (a stat):
   * a file never looked at, or gone and never seen, has not changed.
   */
  changedSince(full: string): boolean {
    const kept = this.kept.get(this.nameOf(full));
    const stamp = fileStamp(full);
    return kept === undefined ? false : kept.stamp !== stamp;
  }

  /** A file's own check as last looked at (not to be written into). */
  fileCheck(full: string): FileCheck | undefined {
    return this.kept.get(rel(this.root, full))?.result;
  }

  /** Files whose cross checks ran in the last check. */
  get crossRechecked(): number {
    return this.cross.lastRechecked;
  }

  /** The digest of `data` when it is a page file's data as the content gives it (CrossChecks.resolvedDigestOf); `file` is relative to the project root. */
  pageDataDigest(file: string, data: unknown): string | undefined {
    // The files the content names are listed under the root, so joined by a separator (path.join, which normalises, costs ten times that, for each of 10,000 pages).
    const full = sep === "/" && !file.startsWith("../") ? `${this.root}/${file}` : join(this.root, file);
    return this.cross.resolvedDigestOf(full, data);
  }

  /**
   * Writes the kept checks to the store, when there is one and they changed since it was read or
   * written; with `atLeast`, only once that many files were checked since (writing 10,000 files'
   * checks takes seconds, worth it after a cold start, not after each save); a store made with
   * other inputs, or none, is written whatever the count.
   */
  save({ atLeast = 0 }: { atLeast?: number } = {}): void {
    if (!this.options.store || !this.dirty || (this.checkedSinceSave < atLeast && !this.storeStale)) return;
    const checks = new Map([...this.kept].map(([name, { digest, result, stamp }]) => [name, { digest, result, stamp }]));
    // The cross state is kept only when it was made from these very checks (an unsaved text, or a file's check not yet handed on, is not).
    const handedAsKept = [...this.handed].every(([full, result]) => this.kept.get(this.nameOf(full))?.result === result) && this.handed.size === this.kept.size;
    const file = this.options.store;
    mkdirSync(dirname(file), { recursive: true });
    shareAlike(checks.values());
    this.cross.exportState((cross) =>
      writePacked(file, encodedParts(checks.values()), () => ({
        version: STORE_VERSION,
        inputs: this.inputs,
        checks,
        ...(cross && handedAsKept ? { cross } : {}),
      })),
    );
    this.dirty = false;
    this.storeStale = false;
    this.checkedSinceSave = 0;
  }

  /**
   * What every check depends on besides each file's text: the schemas and the checking code (read
   * only when their stamps change). The pictures are not in it: a check depends on those whose
   * size it read (FileCheck.pictures), and only its file is checked again when one of them changes.
   */
  private inputsDigest(): string {
    const code = ["schema", "src/content", "src/shared"].flatMap((dir) => filesStamp(join(this.root, dir), this.root));
    const codeStamp = code.join("\n");
    if (codeStamp !== this.codeStamp) {
      const digest = createHash("sha256");
      for (const line of code) {
        const file = line.slice(0, line.indexOf(" "));
        digest.update(file).update(readFileSync(join(this.root, file)));
      }
      this.codeDigest = digest.digest("hex");
      this.codeStamp = codeStamp;
    }
    return sha256(`${STORE_VERSION}\n${this.codeDigest}`);
  }

  /** Whether the pictures a check read are as they were (each picture's stamp looked up once per look at the whole site). */
  private picturesCurrent(result: FileCheck): boolean {
    if (!result.pictures) return true;
    for (const src in result.pictures) {
      let now = this.pictureStamps.get(src);
      if (now === undefined) this.pictureStamps.set(src, (now = fileStamp(join(this.root, "site", "assets", src))));
      if (now !== result.pictures[src]) return false;
    }
    return true;
  }

  /** The store's checks when they were made with these inputs, else null. */
  private readStore(inputs: string): Stored | null {
    if (!this.options.store) return null;
    let packed: PackedFile;
    try {
      packed = new PackedFile(this.options.store);
    } catch {
      return null;
    }
    const stored = packed.value as Stored & { version?: number };
    if (stored?.version !== STORE_VERSION || stored.inputs !== inputs) {
      packed.closeIfDone();
      return null;
    }
    deferEncodedParts(stored.checks.values(), packed);
    packed.closeIfDone();
    return stored;
  }

  /**
   * The inputs' digest, and when it changed, the store's checks made with it (the cross-file
   * checks' state too, at a first look): the part of a look at the whole site that does not
   * depend on the files listed.
   */
  private takeInputs(): void {
    const inputs = this.inputsDigest();
    if (inputs === this.inputs) return;
    if (this.looked) this.kept = new Map();
    const stored = this.readStore(inputs);
    // A first look takes the cross checks' state too: the files handed on then are those that differ from it.
    const handed = !this.looked && stored?.cross ? this.cross.importState(stored.cross) : null;
    if (handed) for (const [full, result] of handed) this.handed.set(full, result);
    this.stored = stored?.checks ?? null;
    this.inputs = inputs;
    // A store that matches needs writing only for what changes since; one that does not, or none, needs writing.
    this.dirty = this.stored === null;
    this.storeStale = this.stored === null;
  }

  /** Which files to hand on as they are, and which to check; `listed`: the site's files and their stamps, listed ahead (listAhead). */
  private plan(request: CheckRequest, listed?: ListedFiles): Plan {
    const touched = request.touched;
    const whole =
      !this.looked ||
      touched === undefined ||
      touched.some((full) => {
        const inSite = rel(join(this.root, "site"), full);
        return !this.known.has(full) || inSite.startsWith("assets/") || rel(this.root, full).startsWith("schema/") || !exists(full);
      });
    let stampOf = fileStamp;
    if (whole) {
      this.pictureStamps = new Map();
      // A listing made ahead was asked for with the inputs taken already (checkAsync).
      if (!listed) this.takeInputs();
      const yaml = listed ?? siteYamlFiles(this.root);
      if (listed) {
        const stamps = new Map(listed.files.map((full, i) => [full, listed.stamps[i]!]));
        stampOf = (full) => stamps.get(full) ?? fileStamp(full);
      }
      this.files = yaml.files;
      this.known = new Set(yaml.files);
      this.entryProblems = yaml.problems;
      for (const name of this.kept.keys()) if (!this.known.has(join(this.root, name))) this.kept.delete(name);
      // A file the store holds that is gone: the store is written again without it.
      if (this.stored && this.stored.size > this.files.length) this.dirty = true;
    }
    this.looked = true;
    const missing: Plan["missing"] = [];
    const lookAt = whole
      ? this.files
      : [...new Set([...touched!, ...(this.lastUnsaved ? [this.lastUnsaved] : []), ...(request.unsaved ? [request.unsaved.full] : [])])];
    this.lastUnsaved = request.unsaved?.full;
    for (const full of whole ? this.files : lookAt) {
      const name = this.nameOf(full);
      if (request.unsaved?.full === full || !this.known.has(full)) continue;
      const kept = this.kept.get(name);
      const stamp = stampOf(full);
      if (kept?.stamp === stamp && this.picturesCurrent(kept.result)) continue;
      const stored = this.stored?.get(name);
      // Unchanged since the store was written (the same size and modification time): neither read nor digested.
      if (kept === undefined && stored?.stamp === stamp && stamp !== "gone" && this.picturesCurrent(stored.result)) {
        this.kept.set(name, { digest: stored.digest, result: stored.result, stamp });
        continue;
      }
      const bytes = readFileSync(full);
      const digest = sha256(bytes);
      if (kept?.digest === digest && this.picturesCurrent(kept.result)) {
        kept.stamp = stamp;
        continue;
      }
      if (stored?.digest === digest && this.picturesCurrent(stored.result)) {
        this.kept.set(name, { digest, result: stored.result, stamp });
        // Its stamp changed (a save of the same text, a checkout): counted as a change, so the store gets the new stamp in time.
        this.dirty = true;
        this.checkedSinceSave++;
        continue;
      }
      missing.push({ full, name, digest, bytes, stamp });
    }
    return { missing, unsaved: request.unsaved, lookAt, whole };
  }

  private nameOf(full: string): string {
    let name = this.names.get(full);
    if (name === undefined) {
      // A file listed under the root is named by cutting the root off (path.relative costs ten times that, for each of 10,000 files).
      const under = full.startsWith(this.root + sep) && !full.includes("\\");
      this.names.set(full, (name = under ? full.slice(this.root.length + 1) : rel(this.root, full)));
    }
    return name;
  }

  private checkHere(missing: { full: string; bytes: Uint8Array }[]): FileCheck[] {
    // Loading the validators costs about 25 ms: not for nothing to check.
    if (missing.length === 0) return [];
    const validators = validatorsOf(this.root);
    return missing.map(({ full, bytes }) => checkFile(this.root, full, validators, bytes));
  }

  private finish(plan: Plan, fresh: FileCheck[]): SiteContent {
    plan.missing.forEach(({ name, digest, stamp }, i) => this.kept.set(name, { digest, stamp, result: fresh[i]! }));
    this.checkedFiles += fresh.length;
    this.checkedSinceSave += fresh.length;
    if (fresh.length > 0) this.dirty = true;
    // The store has done its work once every file was looked at.
    this.stored = null;
    const changes: FileChange[] = [];
    let files = this.files;
    const unsaved = plan.unsaved;
    if (unsaved && !this.known.has(unsaved.full)) files = [...files, unsaved.full].sort();
    if (plan.whole || plan.lookAt.some((full) => !this.known.has(full))) {
      const present = new Set(files);
      for (const full of this.handed.keys()) {
        if (present.has(full)) continue;
        this.handed.delete(full);
        changes.push({ full, result: null });
      }
    }
    for (const full of plan.whole ? files : plan.lookAt) {
      if (!this.known.has(full) && unsaved?.full !== full) continue;
      let result: FileCheck;
      let text: string | undefined;
      if (unsaved?.full === full) {
        result = this.unsavedCheck(unsaved);
        text = unsaved.text;
      } else result = this.kept.get(this.nameOf(full))!.result;
      if (this.handed.get(full) === result) continue;
      this.handed.set(full, result);
      changes.push({ full, result, text });
    }
    return this.cross.change(changes, this.entryProblems).content();
  }

  /** A text's own check, standing for its file (the check of the last check's unsaved text is kept: asking for it again checks nothing). */
  unsavedCheck(unsaved: Unsaved): FileCheck {
    const name = rel(this.root, unsaved.full);
    const digest = sha256(unsaved.text);
    const onDisk = this.kept.get(name);
    if (onDisk?.digest === digest && this.picturesCurrent(onDisk.result)) return onDisk.result;
    const last = this.unsavedChecks.get(name);
    if (last?.digest === digest && this.picturesCurrent(last.result)) return last.result;
    const result = checkFile(this.root, unsaved.full, validatorsOf(this.root), Buffer.from(unsaved.text));
    this.checkedFiles++;
    this.unsavedChecks.set(name, { digest, result });
    return result;
  }
}

/** The value at a JSON pointer (as Ajv writes instance paths) in `data`. */
function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  if (pointer === "") return node;
  for (const part of pointer.slice(1).split("/")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part.includes("~") ? part.replace(/~1/g, "/").replace(/~0/g, "~") : part];
  }
  return node;
}

/** A page's sections may be left encoded only when none is a listing: the numbered pages of a split listing are worked out without reading the others' sections (listing-pages.ts). */
const mayDefer = (sections: unknown): sections is unknown[] =>
  Array.isArray(sections) && sections.every((section) => (section as { type?: unknown } | null)?.type !== "childCards");

/**
 * The parts of the checks that the store keeps apart (deferred.ts): each file's references, and
 * each page's sections when they hold no listing. Only bulky parts are worth it: a part costs
 * about as many objects to defer as a card has (the title and card stay, as every page's SEO
 * digest reads them). A file's references repeat values its data holds (more than half of their
 * bytes): those equal to the value at their pointer are left out, and put back when the
 * references are decoded. The references come first, as leaving their values out reads the sections.
 */
function encodedParts(checks: Iterable<StoredCheck>): Part[] {
  const refs: Part[] = [];
  const sections: Part[] = [];
  for (const { result } of checks) {
    const loaded = result.loaded;
    if (!loaded) continue;
    refs.push([
      loaded,
      "refs",
      () =>
        serialize(
          loaded.refs.map((ref) => {
            if (!("value" in ref) || !Object.is(ref.value, valueAt(loaded.data, ref.pointer))) return ref;
            const { value: _value, ...rest } = ref;
            return rest;
          }),
        ),
    ]);
    const data = loaded.data as { sections?: unknown } | null;
    if (loaded.kind === "page" && data !== null && typeof data === "object" && mayDefer(data.sections)) sections.push([data, "sections"]);
  }
  return [...refs, ...sections];
}

/** A file's references as encodedParts wrote them, with the values it left out put back from the file's data. */
function decodeRefs(bytes: Uint8Array, loaded: object): CollectedRef[] {
  const { data } = loaded as NonNullable<FileCheck["loaded"]>;
  return (deserialize(bytes) as Partial<CollectedRef>[]).map((ref) =>
    "value" in ref ? ref : { ...ref, value: valueAt(data, ref.pointer!) },
  ) as CollectedRef[];
}

/**
 * Makes alike parts of the checks one object, which the store then writes and reads once: every
 * empty list of problems, and equal records of the pictures whose size a check read (the pages of
 * one kind show the same pictures). Neither is ever written into.
 */
function shareAlike(checks: Iterable<StoredCheck>): void {
  const pictures = new Map<string, Record<string, string>>();
  for (const { result } of checks) {
    if (result.problems.length === 0) result.problems = NO_PROBLEMS;
    if (!result.pictures) continue;
    const key = JSON.stringify(result.pictures);
    const same = pictures.get(key);
    if (same) result.pictures = same;
    else pictures.set(key, result.pictures);
  }
}

/** Defers the parts encodedParts wrote apart, to be read and decoded when first read. */
function deferEncodedParts(checks: Iterable<StoredCheck>, packed: PackedFile): void {
  for (const { result } of checks) {
    // The one empty list came back as a list of its own: the frozen one takes its place.
    if (result.problems.length === 0) result.problems = NO_PROBLEMS;
    const loaded = result.loaded;
    if (!loaded) continue;
    const data = loaded.data as { sections?: unknown } | null;
    if (data !== null && typeof data === "object" && typeof data.sections === "number") packed.defer(data, "sections");
    if (typeof loaded.refs === "number") packed.defer(loaded, "refs", decodeRefs);
  }
}

function exists(full: string): boolean {
  try {
    statSync(full);
    return true;
  } catch {
    return false;
  }
}
