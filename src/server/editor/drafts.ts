// Drafts: an editor's saves inside `npm start`, each kept on a git branch of its own
// (drafts/<staff id>/<page>), until a publisher publishes the draft or sends it back.
//
// A draft commit is made with git's plumbing, never in the working copy: the page's text is
// written as a blob (hash-object), the parent's tree is rewritten along the page's path
// (ls-tree, mktree), committed (commit-tree) and the branch moved with update-ref naming the
// commit it expects to replace. Nothing is checked out, so the live working copy and its branch
// are never touched; no index file or second working tree is shared, so concurrent saves cannot
// disturb one another, and two saves racing on one draft cannot both win (update-ref's old value).
// A `git worktree` per draft would check out the whole site for each one (hundreds of files, and a
// folder to clean up after every crash) to change one file.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { routeOfFile } from "../../content/routes.ts";
import { EditorInputError } from "./editor-error.ts";
import type { PagePath } from "./page-path.ts";
import { git, identity, type Author } from "./publish.ts";
import { hashOf } from "./workspace.ts";

const run = promisify(execFile);

/** The signed-in member of staff a request is by. */
export interface StaffMember extends Author {
  id: number;
  role: "editor" | "publisher";
}

/** editing: saved, not yet asked for review; waiting: asked for review; sent-back: a publisher sent it back with a comment. */
export type DraftState = "editing" | "waiting" | "sent-back";

export interface Draft {
  /** The branch, such as drafts/3/industries--health. */
  branch: string;
  file: string;
  route: string;
  /** Whose draft it is. */
  by: Author & { id: number };
  state: DraftState;
  /** The note asking for review (waiting), or the publisher's comment (sent-back). */
  comment: string | null;
  /** The last commit of the branch, and when it was made (ISO 8601). */
  commit: string;
  updatedAt: string;
}

/** A draft as a publisher reviews it: its YAML diff against the live page, and both texts (null: no such page on that side). */
export interface DraftForReview extends Draft {
  diff: string;
  before: string | null;
  after: string | null;
  /** The pictures the draft adds or changes, as pages name them (/industries/mining/field.webp). */
  pictures: string[];
}

/** Where a draft keeps its pictures: under site/assets/, as in the working copy. */
const ASSETS = "site/assets";

const PREFIX = "refs/heads/drafts/";
const NO_COMMIT = "0".repeat(40);

/** git with `input` on its standard input, its output as bytes. */
function gitBytes(root: string, args: string[], input?: string | Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new EditorInputError(500, `git ${args[0]} failed: ${Buffer.concat(err).toString("utf8").trim()}`));
    });
    // Nothing written when there is no input: git may have exited already, and a write would fail (EPIPE).
    if (input === undefined) child.stdin.end();
    else child.stdin.end(input);
  });
}

/** git with `input` on its standard input. */
const gitIn = async (root: string, args: string[], input: string | Buffer) => (await gitBytes(root, args, input)).toString("utf8");

const exists = (root: string, args: string[]) =>
  run("git", args, { cwd: root }).then(
    (r) => r.stdout.trim(),
    () => null,
  );

/** The branch of one person's draft of one page: drafts/<id>/<the page's path under site/, its folders joined by -->. */
export function draftBranch(staffId: number, file: string): string {
  const page = file
    .replace(/^site\//, "")
    .replace(/\.yaml$/, "")
    .split("/")
    .map((part) => part.replace(/[^A-Za-z0-9_-]/g, "-"))
    .join("--");
  return `drafts/${staffId}/${page}`;
}

/** The trailers every draft commit ends with: which page, whose draft, and its state. */
function draftMessage(subject: string, body: string | null, file: string, by: StaffMember | (Author & { id: number }), state: DraftState): string {
  const trailers = [`Draft-Page: ${file}`, `Draft-By: ${by.id} ${identity(by)}`, `Draft-State: ${state}`].join("\n");
  return `${subject}\n\n${body ? `${body.trim()}\n\n` : ""}${trailers}\n`;
}

function parseDraft(branch: string, commit: string, date: string, message: string): Draft | null {
  const paragraphs = message.trimEnd().split("\n\n");
  const trailers = new Map<string, string>();
  for (const line of (paragraphs.at(-1) ?? "").split("\n")) {
    const at = line.indexOf(": ");
    if (at > 0) trailers.set(line.slice(0, at), line.slice(at + 2));
  }
  const file = trailers.get("Draft-Page");
  const by = /^(\d+) (.*) <([^>]*)>$/.exec(trailers.get("Draft-By") ?? "");
  const state = trailers.get("Draft-State");
  if (!file || !by || (state !== "editing" && state !== "waiting" && state !== "sent-back")) return null;
  const body = paragraphs.slice(1, -1).join("\n\n").trim();
  return {
    branch,
    file,
    route: routeOfFile(file.replace(/^site\//, "")),
    by: { id: Number(by[1]), name: by[2]!, email: by[3]! },
    state,
    comment: state === "editing" || body === "" ? null : body,
    commit,
    updatedAt: new Date(date).toISOString(),
  };
}

/**
 * Every draft is a branch under drafts/ of the working copy's repository; its last commit's
 * trailers say whose it is, which page, and whether it waits for review.
 */
export class Drafts {
  constructor(readonly root: string) {}

  async list(): Promise<Draft[]> {
    const out = await git(this.root, ["for-each-ref", "--format=%(refname)%00%(objectname)%00%(committerdate:iso-strict)%00%(contents)%00%01", PREFIX]);
    const drafts: Draft[] = [];
    for (const record of out.split("\0\x01\n")) {
      const [ref, commit, date, message] = record.split("\0");
      if (!ref || !commit || !date || message === undefined) continue;
      const draft = parseDraft(ref.slice("refs/heads/".length), commit, date, message);
      if (draft) drafts.push(draft);
    }
    return drafts.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.branch.localeCompare(b.branch));
  }

  /** The draft on a branch, or 404. */
  async get(branch: unknown): Promise<Draft> {
    if (typeof branch !== "string" || !/^drafts\/\d+\/[A-Za-z0-9_-]+$/.test(branch))
      throw new EditorInputError(400, "Say which draft: branch is a draft's branch, such as drafts/3/industries--health.");
    const found = (await this.list()).find((d) => d.branch === branch);
    if (!found) throw new EditorInputError(404, `There is no draft ${branch}: it may have been published already.`);
    return found;
  }

  /** One person's draft of a page, if they have one. */
  async of(staff: StaffMember, file: string): Promise<Draft | null> {
    const branch = draftBranch(staff.id, file);
    return (await this.list()).find((d) => d.branch === branch) ?? null;
  }

  /** A file's text at a commit, or null when it has no such file. */
  async textAt(commit: string, file: string): Promise<string | null> {
    return (await this.bytesAt(commit, file))?.toString("utf8") ?? null;
  }

  /** A file's bytes at a commit (a picture, or a page), or null when it has no such file. */
  async bytesAt(commit: string, file: string): Promise<Buffer | null> {
    const blob = await exists(this.root, ["rev-parse", "--verify", "--quiet", `${commit}:${file}`]);
    return blob ? gitBytes(this.root, ["cat-file", "blob", blob]) : null;
  }

  /** The pictures a draft adds or changes since it left the live branch, as pages name them (/industries/mining/field.webp). */
  async picturesOf(draft: Draft): Promise<string[]> {
    return (await this.assetsChanged("HEAD", draft.commit)).map((file) => file.slice(ASSETS.length));
  }

  /** The files under site/assets/ that `commit` adds or changes since it left `live`. */
  private async assetsChanged(live: string, commit: string): Promise<string[]> {
    const out = await git(this.root, ["diff", "--name-only", "--diff-filter=AM", "-z", `${live}...${commit}`, "--", ASSETS]);
    return out.split("\0").filter(Boolean).sort();
  }

  /** Whether any draft holds a picture at this address: an upload to another draft never takes its name. */
  async anyHolds(src: string): Promise<boolean> {
    for (const draft of await this.list()) if (await exists(this.root, ["rev-parse", "--verify", "--quiet", `${draft.commit}:${ASSETS}${src}`])) return true;
    return false;
  }

  /**
   * Pictures for the person's draft of a page, committed on it (the draft is made from the live
   * branch first if they have none), so they are published with the page, through review, and
   * go with the draft if it is discarded: the working copy, which every build reads, never holds them.
   */
  async addPictures(staff: StaffMember, file: PagePath, pictures: { src: string; data: Buffer }[]): Promise<Draft> {
    const branch = draftBranch(staff.id, file);
    const ref = `refs/heads/${branch}`;
    const tip = await exists(this.root, ["rev-parse", "--verify", "--quiet", ref]);
    const parent = tip ?? (await git(this.root, ["rev-parse", "HEAD"])).trim();
    let tree = `${parent}^{tree}`;
    for (const picture of pictures) {
      const blob = (await gitIn(this.root, ["hash-object", "-w", "--stdin"], picture.data)).trim();
      tree = await this.treeWith(tree, `${ASSETS}${picture.src}`.split("/"), blob);
    }
    const state = tip ? ((await this.get(branch)).state === "sent-back" ? "sent-back" : "editing") : "editing";
    const message = draftMessage(`Pictures for ${file}: ${pictures.map((p) => p.src).join(", ")}`, null, file, staff, state);
    await this.move(ref, await this.commit(tree, [parent], message, staff), tip);
    return (await this.of(staff, file))!;
  }

  /**
   * Saves the text on the person's draft of the page (made from the live branch on the first
   * save). `base` is the hash of the text they opened: their draft's, or the working copy's when
   * they have none; if that changed meanwhile nothing is saved and the current text comes back
   * (409), as for a save on disk. Others' drafts of the same page with a different text come back
   * as `conflicts`, each with its text: both are kept, on their own branches.
   */
  async save(staff: StaffMember, file: PagePath, text: string, base: string | null, { withLive = false } = {}) {
    const branch = draftBranch(staff.id, file);
    const ref = `refs/heads/${branch}`;
    const tip = await exists(this.root, ["rev-parse", "--verify", "--quiet", ref]);
    const full = join(this.root, file);
    const current = tip ? await this.textAt(tip, file) : existsSync(full) ? readFileSync(full, "utf8") : null;
    if (base !== null && (current === null || hashOf(current) !== base)) {
      throw new EditorInputError(
        409,
        current === null
          ? `${file} was deleted since you opened it: save again to write it back.`
          : `${file} was changed since you opened it: keep the current version, or merge your changes into it.`,
        { disk: current, diskHash: current === null ? null : hashOf(current) },
      );
    }
    const live = (await git(this.root, ["rev-parse", "HEAD"])).trim();
    const parent = tip ?? live;
    // Brought up to the live page (the text merged with it in the editor): a merge of the live
    // branch into the draft, whose tree is the live one with this text, so the draft's change is
    // against the live page again and its review history stays on the branch.
    const merging = withLive && tip !== null && parent !== live;
    const blob = (await gitIn(this.root, ["hash-object", "-w", "--stdin"], text)).trim();
    let tree = await this.treeWith(`${merging ? live : parent}^{tree}`, file.split("/"), blob);
    // The merge's tree is the live one: the draft's own pictures go into it again.
    if (merging)
      for (const picture of await this.assetsChanged(live, tip))
        tree = await this.treeWith(tree, picture.split("/"), (await git(this.root, ["rev-parse", `${tip}:${picture}`])).trim());
    const message = draftMessage(merging ? `Draft of ${file}, merged with the live page` : `Draft of ${file}`, null, file, staff, "editing");
    const commit = await this.commit(tree, merging ? [parent, live] : [parent], message, staff);
    await this.move(ref, commit, tip);
    const draft = (await this.of(staff, file))!;
    const conflicts = [];
    for (const other of await this.list()) {
      if (other.file !== file || other.branch === branch) continue;
      const theirs = await this.textAt(other.commit, file);
      if (theirs !== text) conflicts.push({ branch: other.branch, by: other.by, text: theirs });
    }
    return { draft, conflicts };
  }

  /** An empty commit on the draft (the text unchanged) that records a step of the review: asked, or sent back with a comment. */
  async mark(draft: Draft, state: DraftState, who: StaffMember, comment: string | null): Promise<Draft> {
    const subject = state === "waiting" ? `Ask for review of ${draft.file}` : `Sent back: ${draft.file}`;
    const message = draftMessage(subject, comment, draft.file, draft.by, state);
    const commit = await this.commit(`${draft.commit}^{tree}`, draft.commit, message, who);
    await this.move(`refs/heads/${draft.branch}`, commit, draft.commit);
    return (await this.get(draft.branch))!;
  }

  /**
   * The live page when it changed since the draft began (or was last merged with it) in the same
   * lines, so the draft cannot be published as it is: for its editor to merge their text with.
   * Null when the draft merges cleanly (a publish merges it) or the live page is as it was.
   */
  async liveSince(draft: Draft): Promise<{ text: string | null; hash: string | null } | null> {
    // The live branch is where the draft began, or earlier: nothing to merge (one git process, on every open and save).
    if (await this.liveIsIn(draft)) return null;
    const base = (await git(this.root, ["merge-base", "HEAD", draft.commit])).trim();
    const [then, now] = [await this.textAt(base, draft.file), await this.textAt("HEAD", draft.file)];
    if (then === now) return null;
    return "tree" in (await this.mergeWithLive(draft)) ? null : { text: now, hash: now === null ? null : hashOf(now) };
  }

  /** Whether the live branch's last commit is already in the draft's history. */
  private liveIsIn(draft: Draft): Promise<boolean> {
    return run("git", ["merge-base", "--is-ancestor", "HEAD", draft.commit], { cwd: this.root }).then(
      () => true,
      () => false,
    );
  }

  /**
   * The draft merged with the live branch, as git merge-tree writes it (nothing is checked out):
   * the merged tree, or the files changed in the same lines on both sides.
   */
  private async mergeWithLive(draft: Draft): Promise<{ tree: string } | { conflicts: string[] }> {
    try {
      const { stdout } = await run("git", ["merge-tree", "--write-tree", "--name-only", "--no-messages", "HEAD", draft.commit], { cwd: this.root });
      return { tree: stdout.split("\n")[0]!.trim() };
    } catch (error) {
      const { stdout = "" } = error as { stdout?: string };
      const conflicts = stdout.split("\n").slice(1).filter(Boolean).sort();
      if (conflicts.length === 0) throw new EditorInputError(500, `git merge-tree failed: ${(error as Error).message}`);
      return { conflicts };
    }
  }

  /** What a publisher reviews: the draft's change to its page since it left the live branch, and the page before (live) and after. */
  async forReview(draft: Draft): Promise<DraftForReview> {
    const diff = await git(this.root, ["diff", "--no-color", "--no-ext-diff", `HEAD...${draft.commit}`, "--", draft.file]);
    return {
      ...draft,
      diff,
      before: await this.textAt("HEAD", draft.file),
      after: await this.textAt(draft.commit, draft.file),
      pictures: await this.picturesOf(draft),
    };
  }

  /**
   * The draft's changes laid into the working copy, merged with whatever was published since it
   * began (git merge-tree: nothing is checked out). Returns the files it changes, to publish; a
   * change to the same lines on both sides, or a file with unpublished changes in the working
   * copy, refuses (409) and leaves everything as it was.
   */
  async apply(draft: Draft, unpublished: string[]): Promise<{ files: string[]; restore: () => Promise<void> }> {
    const files = (await git(this.root, ["diff", "--name-only", "-z", `HEAD...${draft.commit}`])).split("\0").filter(Boolean).sort();
    if (files.length === 0) throw new EditorInputError(409, `Nothing to publish: the draft ${draft.branch} does not change ${draft.file}.`);
    const merged = await this.mergeWithLive(draft);
    if ("conflicts" in merged) {
      const { conflicts } = merged;
      throw new EditorInputError(
        409,
        `Not published: ${conflicts.join(", ")} ${conflicts.length === 1 ? "was" : "were"} changed on the live site, in the same lines, since ${draft.by.name} began this draft. The draft is kept: send it back with a comment saying what changed on the live page.`,
        { conflicts, live: await this.textAt("HEAD", draft.file), draft: await this.textAt(draft.commit, draft.file) },
      );
    }
    const { tree } = merged;
    // A file changed in the working copy and not published is not overwritten, unless it already holds what the draft would write (a page an editor made from a starter).
    const busy = [];
    for (const file of files.filter((f) => unpublished.includes(f))) {
      const full = join(this.root, file);
      const theirs = await this.bytesAt(tree, file);
      const mine = existsSync(full) ? readFileSync(full) : null;
      if (mine === null || theirs === null ? mine !== theirs : !mine.equals(theirs)) busy.push(file);
    }
    if (busy.length > 0)
      throw new EditorInputError(
        409,
        `${busy.join(", ")} ${busy.length === 1 ? "has" : "have"} changes saved directly and not published: publish them first, then this draft.`,
      );
    // Bytes, not texts: a draft's pictures are written as they are.
    const before = new Map<string, Buffer | null>();
    for (const file of files) {
      const full = join(this.root, file);
      before.set(file, existsSync(full) ? readFileSync(full) : null);
      const bytes = await this.bytesAt(tree, file);
      if (bytes === null) rmSync(full, { force: true });
      else {
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, bytes);
      }
    }
    const restore = async () => {
      for (const [file, bytes] of before) {
        const full = join(this.root, file);
        if (bytes === null) rmSync(full, { force: true });
        else writeFileSync(full, bytes);
      }
    };
    return { files, restore };
  }

  /** After a publish: the branch goes, its commits being on the live branch now (as one commit by the draft's author). */
  async remove(draft: Draft): Promise<void> {
    await git(this.root, ["update-ref", "-d", `refs/heads/${draft.branch}`, draft.commit]);
  }

  /** `tree` with the blob at `path` (its parts), every folder on the way rewritten with mktree. */
  private async treeWith(tree: string | null, path: string[], blob: string): Promise<string> {
    const [name, ...rest] = path;
    const entries = tree === null ? [] : (await git(this.root, ["ls-tree", "-z", tree])).split("\0").filter(Boolean);
    const kept: string[] = [];
    let sub: string | null = null;
    for (const entry of entries) {
      const tab = entry.indexOf("\t");
      if (entry.slice(tab + 1) !== name) kept.push(entry);
      else if (rest.length > 0 && entry.slice(0, tab).split(" ")[1] === "tree") sub = entry.slice(0, tab).split(" ")[2]!;
    }
    kept.push(rest.length === 0 ? `100644 blob ${blob}\t${name}` : `040000 tree ${await this.treeWith(sub, rest, blob)}\t${name}`);
    return (await gitIn(this.root, ["mktree", "-z"], kept.map((e) => `${e}\0`).join(""))).trim();
  }

  /** A commit authored by `who` (author.name and author.email: the committer stays the working copy's identity). */
  private async commit(tree: string, parents: string | string[], message: string, who: Author): Promise<string> {
    const author = identity(who);
    const name = author.slice(0, author.lastIndexOf(" <"));
    const email = author.slice(author.lastIndexOf("<") + 1, -1);
    const parentArgs = [parents].flat().flatMap((p) => ["-p", p]);
    return (await gitIn(this.root, ["-c", `author.name=${name}`, "-c", `author.email=${email}`, "commit-tree", tree, ...parentArgs], message)).trim();
  }

  /** Moves the branch from `from` (null: it must not exist yet) to `to`; someone else's save in between makes it refuse, and nothing is lost. */
  private async move(ref: string, to: string, from: string | null): Promise<void> {
    try {
      await run("git", ["update-ref", ref, to, from ?? NO_COMMIT], { cwd: this.root });
    } catch {
      throw new EditorInputError(409, "The draft was saved from elsewhere at the same moment: open the page again to see that save, then save yours.");
    }
  }
}
