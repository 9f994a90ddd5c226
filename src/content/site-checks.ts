import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { deserialize, serialize } from "node:v8";
import { filesStamp } from "../shared/files-under.ts";
import { checkFile, type FileCheck } from "./check-file.ts";
import { CrossChecks, type FileChange, type SiteContent } from "./cross-checks.ts";
import type { Problem } from "./problem.ts";
import { listAssets, siteYamlFiles, validatorsOf } from "./site.ts";

/**
 * The content checks of a working copy, kept between checks: one mechanism for the build, the
 * dev server and the editor.
 * - Each file's own check (parsing with positions, the schema, pictures: most of the time) is
 *   kept by the digest of its text, together with the digest of everything else it depends on
 *   (the schemas, the checking code, the pictures under site/assets/); when that changes, every
 *   file is checked again. A long-running process looks at a file's size and modification time
 *   first and reads it only when they changed; a new process reads and digests every file.
 * - The kept checks are written to `store` (the builds' cache folder), so a build reuses the
 *   dev server's and the editor's checks and they reuse the build's: the dev server's cold start
 *   checks only the files changed since.
 * - The checks that need the whole site are redone only where a change reaches (cross-checks.ts).
 */

/** What the store holds: the inputs' digest, and each file's (relative to the project root) digest and check. */
interface Stored {
  inputs: string;
  checks: Map<string, { digest: string; result: FileCheck }>;
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

export const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

const STORE_VERSION = 1;

/** The dev server and the editor write the store once this many files were checked since (a cold start); a build writes it every time. */
export const STORE_FROM = 50;

export class SiteChecks {
  private kept = new Map<string, Kept>();
  private stored: Map<string, { digest: string; result: FileCheck }> | null = null;
  private inputs = "";
  private codeStamp = "";
  private codeDigest = "";
  private files: string[] = [];
  private known = new Set<string>();
  private entryProblems: Problem[] = [];
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
    const plan = this.plan(request);
    const many = this.options.checkMany;
    const fresh = many && plan.missing.length >= many.from ? await many.check(plan.missing.map((m) => m.full)) : this.checkHere(plan.missing);
    return this.finish(plan, fresh);
  }

  /** A file's own check as last looked at (not to be written into). */
  fileCheck(full: string): FileCheck | undefined {
    return this.kept.get(rel(this.root, full))?.result;
  }

  /** Files whose cross checks ran in the last check. */
  get crossRechecked(): number {
    return this.cross.lastRechecked;
  }

  /**
   * Writes the kept checks to the store, when there is one and they changed since it was read or
   * written; with `atLeast`, only once that many files were checked since (writing 10,000 files'
   * checks takes seconds, worth it after a cold start, not after each save).
   */
  save({ atLeast = 0 }: { atLeast?: number } = {}): void {
    if (!this.options.store || !this.dirty || this.checkedSinceSave < atLeast) return;
    const stored: Stored & { version: number } = {
      version: STORE_VERSION,
      inputs: this.inputs,
      checks: new Map([...this.kept].map(([name, { digest, result }]) => [name, { digest, result }])),
    };
    const file = this.options.store;
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, serialize(stored));
    renameSync(temp, file);
    this.dirty = false;
    this.checkedSinceSave = 0;
  }

  /** What the checks depend on besides each file's text: the schemas and the checking code (read only when their stamps change), and the pictures. */
  private inputsDigest(): string {
    const code = ["schema", "src/content", "src/shared"].flatMap((dir) => filesStamp(join(this.root, dir), this.root));
    const codeStamp = code.join("\n");
    if (codeStamp !== this.codeStamp) {
      const hash = createHash("sha256");
      for (const line of code) {
        const file = line.slice(0, line.indexOf(" "));
        hash.update(file).update(readFileSync(join(this.root, file)));
      }
      this.codeDigest = hash.digest("hex");
      this.codeStamp = codeStamp;
    }
    return sha256(`${STORE_VERSION}\n${this.codeDigest}\n${filesStamp(join(this.root, "site", "assets"), this.root).join("\n")}`);
  }

  private readStore(inputs: string): Map<string, { digest: string; result: FileCheck }> {
    if (!this.options.store) return new Map();
    try {
      const stored = deserialize(readFileSync(this.options.store)) as Stored & { version?: number };
      return stored.version === STORE_VERSION && stored.inputs === inputs ? stored.checks : new Map();
    } catch {
      return new Map();
    }
  }

  /** Which files to hand on as they are, and which to check. */
  private plan(request: CheckRequest): Plan {
    const touched = request.touched;
    const whole =
      !this.looked ||
      touched === undefined ||
      touched.some((full) => {
        const inSite = rel(join(this.root, "site"), full);
        return !this.known.has(full) || inSite.startsWith("assets/") || rel(this.root, full).startsWith("schema/") || !exists(full);
      });
    if (whole) {
      const inputs = this.inputsDigest();
      if (inputs !== this.inputs) {
        if (this.looked) this.kept = new Map();
        this.stored = this.readStore(inputs);
        this.inputs = inputs;
        this.dirty = true;
      }
      const yaml = siteYamlFiles(this.root);
      this.files = yaml.files;
      this.known = new Set(yaml.files);
      this.entryProblems = yaml.problems;
      for (const name of this.kept.keys()) if (!this.known.has(join(this.root, name))) this.kept.delete(name);
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
      let stamp: string;
      try {
        const stats = statSync(full);
        stamp = `${stats.mtimeMs}:${stats.size}`;
      } catch {
        stamp = "gone";
      }
      if (kept?.stamp === stamp) continue;
      const bytes = readFileSync(full);
      const digest = sha256(bytes);
      if (kept?.digest === digest) {
        kept.stamp = stamp;
        continue;
      }
      const stored = this.stored?.get(name);
      if (stored?.digest === digest) {
        this.kept.set(name, { digest, result: stored.result, stamp });
        continue;
      }
      missing.push({ full, name, digest, bytes, stamp });
    }
    return { missing, unsaved: request.unsaved, lookAt, whole };
  }

  private nameOf(full: string): string {
    let name = this.names.get(full);
    if (name === undefined) this.names.set(full, (name = rel(this.root, full)));
    return name;
  }

  private checkHere(missing: { full: string; bytes: Uint8Array }[]): FileCheck[] {
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

  private unsavedCheck(unsaved: Unsaved): FileCheck {
    const name = rel(this.root, unsaved.full);
    const digest = sha256(unsaved.text);
    const onDisk = this.kept.get(name);
    if (onDisk?.digest === digest) return onDisk.result;
    const last = this.unsavedChecks.get(name);
    if (last?.digest === digest) return last.result;
    const result = checkFile(this.root, unsaved.full, validatorsOf(this.root), Buffer.from(unsaved.text));
    this.checkedFiles++;
    this.unsavedChecks.set(name, { digest, result });
    return result;
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
