import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { BuiltSite } from "../../build/page-check.ts";
import type { SiteContent } from "../../content/site.ts";
import { EditorInputError } from "./editor-error.ts";
import type { WarmChecker } from "./page-checker.ts";
import type { SiteRebuilder } from "./rebuild.ts";
import type { Workspace } from "./workspace.ts";

const run = promisify(execFile);

/** What a publish did: the commit, and whether it was pushed. */
export interface Published {
  commit: string;
  files: string[];
  pushed: boolean;
  /** Why the push failed, when a remote is set and it did: the commit stays, and the next publish pushes it too. */
  pushError?: string;
  /** Seconds each step took, in the order they ran: with a live site, build, check, commit, switch (then push); without, check and commit. */
  phases: Record<string, number>;
  /** With a live site: the publish's number (GET /admin/api/live), and whether the change was live when the publish answered. */
  live?: { id: number; live: boolean };
}

/** Who a commit is by: a member of staff's name and email, from their account. */
export interface Author {
  name: string;
  email: string;
}

/** `Name <email>` as git takes an author: the brackets and line breaks git would read as the ident's own are left out. */
export const identity = (author: Author): string => `${author.name.replace(/[<>\n]/g, "").trim()} <${author.email.replace(/[<>\s]/g, "")}>`;

export interface PublishOptions {
  /** The commit's author (the signed-in member of staff); the committer stays the working copy's git identity. Absent: the local identity is both (`npm run edit`). */
  author?: Author;
  /** EDITOR_GIT_REMOTE: fetched and rebased onto before the push; absent, the branch's upstream (or the one remote) takes the push as it is. */
  remote?: string;
  /** Only these of the changed files (a draft's): others changed in the working copy stay out of the commit. */
  only?: string[];
  /** The live site (`npm start`): the publish's build is staged there, its pages checked on it, and it is switched live after the commit. */
  rebuilder?: SiteRebuilder | undefined;
}

/** The page a change of the site's settings (or of a picture alone) is checked on: the home page shows the header, the footer and the settings. */
export const SETTINGS_PAGE = "site/index.yaml";

/**
 * How a publish checks its pages beyond validate: the checks of `npm run check` (render, axe, SEO,
 * structured data). With a live site they run on the publish's staged build (`staged`); `warm`,
 * when there is one, is called as the build starts, to have the browser ready when it is done,
 * and `close` when the editor closes.
 */
export type PageChecker = ((files: string[], staged?: { built: BuiltSite; content: SiteContent }) => Promise<{ ok: boolean; output: string }>) & {
  warm?: () => void;
  close?: () => Promise<void>;
};

/** `npm run check` on the working copy, one page at a time as it takes them (it builds the site in a temporary folder and drives Chromium): `npm run edit`'s check, which has no live site to stage a build in. */
export function projectCheck(codeRoot: string, root: string): PageChecker {
  const checkFiles = async (files: string[]) => {
    const results = [];
    for (const file of files) results.push(await checkOne(file));
    return { ok: results.every((r) => r.ok), output: results.map((r) => r.output).join("\n") };
  };
  const checkOne = async (file: string) => {
    try {
      const { stdout } = await run(process.execPath, [join(codeRoot, "src", "cli", "launch.mjs"), "check", "--root", root, file], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      });
      return { ok: true, output: stdout.trim() };
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${stdout}${stderr}`.trim() };
    }
  };
  return checkFiles;
}

/**
 * The page check inside `npm start`: the checks of `npm run check` on the publish's staged build, in
 * the server's warm browser (page-checker.ts); projectCheck when a publish has no staged build.
 */
export function stagedCheck(codeRoot: string, root: string, checker: WarmChecker): PageChecker {
  const fallback = projectCheck(codeRoot, root);
  const check: PageChecker = (files, staged) => (staged ? checker.check(root, staged.content, staged.built, files) : fallback(files));
  check.warm = () => checker.warm();
  check.close = () => checker.close();
  return check;
}

/** git in `root`, its output; a failure is the editor's 500 with git's own words. */
export async function git(root: string, args: string[]): Promise<string> {
  try {
    return (await run("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stderr = "" } = error as { stderr?: string };
    throw new EditorInputError(500, `git ${args[0]} failed: ${stderr.trim() || (error as Error).message}`);
  }
}

/** The files under site/ that differ from the last commit (changed, new or deleted), as git names them. */
export async function changedSiteFiles(root: string): Promise<string[]> {
  const out = await git(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "site"]);
  const files: string[] = [];
  const entries = out.split("\0").filter(Boolean);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    files.push(entry.slice(3));
    // A rename is followed by its old path.
    if (entry[0] === "R") i++;
  }
  return files.sort();
}

/**
 * Publish: the whole site must be free of problems (validate: a change can break a link in a page
 * it did not touch, and the build refuses any problem), and the changed pages must pass the
 * project's check (the home page stands in for a change of the site's settings); then one commit
 * with the editor's message, authored by the member of staff who publishes (or the local git
 * identity), rebased onto EDITOR_GIT_REMOTE's branch and pushed when it is set, or pushed to the
 * upstream when there is one. Nothing with a problem is published. A push that fails leaves the
 * commit in place and says why.
 *
 * With a live site (`options.rebuilder`, inside `npm start`) the site is built first, staged but
 * not live; the pages are checked on that build, then the commit is made and the build switched
 * live, all before the publish answers. A check that fails drops the build: nothing is committed
 * and the live site is untouched. If the server dies after the commit and before the switch, the
 * build process drops its build (its stdin closes) and `npm start` rebuilds the newer site/.
 */
export async function publish(workspace: Workspace, message: unknown, checkPages: PageChecker, options: PublishOptions = {}): Promise<Published> {
  if (typeof message !== "string" || message.trim() === "")
    throw new EditorInputError(400, "Say what you changed: the message is what the site's history shows.");
  if (message.length > 2000) throw new EditorInputError(400, "The message is too long: at most 2,000 characters.");
  const root = workspace.root;
  const files = (await changedSiteFiles(root)).filter((f) => !options.only || options.only.includes(f));
  if (files.length === 0) throw new EditorInputError(409, "Nothing to publish: no page has changed since the last publish.");
  const content = workspace.content();
  const problems = content.problems;
  if (problems.length > 0) throw new EditorInputError(422, notPublished(problems.length, problems.filter((p) => !files.includes(p.file)).length), { problems });
  const pages = files.filter((f) => f.endsWith(".yaml") && !f.endsWith("/_site.yaml") && content.files.includes(join(root, f)));
  if (pages.length === 0) pages.push(SETTINGS_PAGE);

  const phases: Record<string, number> = {};
  let phaseStarted = performance.now();
  const phaseDone = (name: string) => {
    const now = performance.now();
    phases[name] = (now - phaseStarted) / 1000;
    phaseStarted = now;
  };
  const rebuilder = options.rebuilder?.stages ? options.rebuilder : undefined;
  if (!rebuilder) {
    const checked = await checkPages(pages);
    phaseDone("check");
    if (!checked.ok) throw notChecked(checked.output);
    const committed = await commitFiles(root, message, files, options);
    phaseDone("commit");
    const published = await pushCommit(root, committed, files);
    phaseDone("push");
    return { ...published, phases };
  }

  checkPages.warm?.();
  const staging = await rebuilder.stage();
  let settled = false;
  try {
    phaseDone("build");
    const built = staging.run.built;
    if (built === null)
      throw new EditorInputError(422, "Not published: the site did not build with this change. Fix what the report says and publish again.", {
        report: staging.run.output().trim(),
      });
    const checked = await checkPages(pages, { built, content });
    phaseDone("check");
    if (!checked.ok) throw notChecked(checked.output);
    const committed = await commitFiles(root, message, files, options);
    phaseDone("commit");
    settled = true;
    let live = await staging.switch();
    phaseDone("switch");
    // The staged build is of this copy before the rebase: what others pushed meanwhile goes live with a rebuild after it.
    if (committed.rebased && live.live) live = { id: rebuilder.request(), live: false };
    const published = await pushCommit(root, committed, files);
    phaseDone("push");
    return { ...published, phases, live };
  } finally {
    if (!settled) await staging.drop();
  }
}

const notChecked = (report: string) => new EditorInputError(422, "Not published: the page check found problems. Fix them and publish again.", { report });

interface Committed {
  commit: string;
  upstream: Upstream | null;
  /** The commit was rebased onto others' newer commits from the remote. */
  rebased: boolean;
}

/** The commit of `files`, rebased onto EDITOR_GIT_REMOTE's branch when it is set (fetched first: a remote out of reach commits nothing). */
async function commitFiles(root: string, message: string, files: string[], options: PublishOptions): Promise<Committed> {
  const upstream = options.remote === undefined ? null : await fetchUpstream(root, options.remote);
  const before = (await git(root, ["rev-parse", "HEAD"])).trim();
  await git(root, ["add", "--all", "--", ...files]);
  const author = options.author ? [`--author=${identity(options.author)}`] : [];
  await git(root, ["commit", "--quiet", ...author, "--message", message.trim(), "--", ...files]);
  const rebased = upstream?.commit ? await rebaseOnto(root, upstream.commit, before, upstream.remote) : false;
  return { commit: (await git(root, ["rev-parse", "HEAD"])).trim(), upstream, rebased };
}

/** Pushes the commit to EDITOR_GIT_REMOTE, or to the branch's upstream (or the one remote) when there is one. */
async function pushCommit(root: string, { commit, upstream }: Committed, files: string[]): Promise<Omit<Published, "phases">> {
  if (upstream) return pushTo(root, upstream, commit, files);
  const remotes = (await git(root, ["remote"])).trim().split("\n").filter(Boolean);
  if (remotes.length === 0) return { commit, files, pushed: false };
  try {
    await pushHead(root, remotes);
    return { commit, files, pushed: true };
  } catch (error) {
    return { commit, files, pushed: false, pushError: (error as Error).message };
  }
}

interface Upstream {
  remote: string;
  branch: string;
  /** The remote branch's commit, fetched; null when the remote has no such branch yet. */
  commit: string | null;
}

/** The remote's copy of the checked-out branch, fetched before anything is committed: a remote out of reach publishes nothing. */
async function fetchUpstream(root: string, remote: string): Promise<Upstream> {
  const branch = (await git(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]).catch(() => "")).trim();
  if (branch === "") throw new EditorInputError(409, "Not published: the working copy is not on a branch, so there is nothing to push to the remote.");
  try {
    const listed = (await run("git", ["ls-remote", "--heads", remote, `refs/heads/${branch}`], { cwd: root })).stdout.trim();
    const commit = listed === "" ? null : listed.split(/\s/)[0]!;
    if (commit) await run("git", ["fetch", "--quiet", remote, `refs/heads/${branch}`], { cwd: root });
    return { remote, branch, commit };
  } catch (error) {
    const { stderr = "" } = error as { stderr?: string };
    throw new EditorInputError(
      502,
      `Not published: the remote ${remote} could not be reached (${stderr.trim() || (error as Error).message}). Nothing changed: publish again later.`,
    );
  }
}

/**
 * Puts the new commit on top of the remote's: changes pushed by others meanwhile are kept. When
 * both changed the same lines the rebase is undone and so is the commit, so the working copy is
 * as it was before the publish (the changes there, uncommitted), and the publisher is told which files.
 * True when it rebased (others' commits came in), false when the commit was already on top.
 */
async function rebaseOnto(root: string, upstream: string, before: string, remote: string): Promise<boolean> {
  const ahead = await run("git", ["merge-base", "--is-ancestor", upstream, "HEAD"], { cwd: root }).then(
    () => true,
    () => false,
  );
  if (ahead) return false;
  try {
    await run("git", ["rebase", "--quiet", "--autostash", upstream], { cwd: root });
    return true;
  } catch {
    const conflicted = (await git(root, ["diff", "--name-only", "--diff-filter=U", "-z"])).split("\0").filter(Boolean).sort();
    await git(root, ["rebase", "--abort"]);
    await git(root, ["reset", "--quiet", "--mixed", before]);
    const which = conflicted.length === 0 ? "some files" : conflicted.join(", ");
    throw new EditorInputError(
      409,
      `Not published: someone else changed the same lines of ${which} on ${remote} since this copy last took its changes. Nothing was pushed, and your changes are still here, unpublished: ask whoever made the other change, then publish again.`,
      { conflicts: conflicted },
    );
  }
}

async function pushTo(root: string, upstream: Upstream, commit: string, files: string[]): Promise<Omit<Published, "phases">> {
  try {
    await git(root, ["push", "--quiet", upstream.remote, `HEAD:refs/heads/${upstream.branch}`]);
    return { commit, files, pushed: true };
  } catch (error) {
    return { commit, files, pushed: false, pushError: (error as Error).message };
  }
}

function notPublished(count: number, elsewhere: number): string {
  const fix = "Fix them and publish again.";
  const why = "(a link into a page that was renamed or removed, for example)";
  if (elsewhere === 0) return `Not published: ${count === 1 ? "1 problem" : `${count} problems`} in the changed pages. ${fix}`;
  if (count === 1) return `Not published: 1 problem in a page you did not change ${why}. ${fix}`;
  return `Not published: ${count} problems, ${elsewhere === count ? "all" : elsewhere} in pages you did not change ${why}. ${fix}`;
}

/** Pushes the branch to its upstream, or, on a first publish, to the remote (origin when there is one) and makes that its upstream. */
async function pushHead(root: string, remotes: string[]): Promise<void> {
  const hasUpstream = await run("git", ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"], { cwd: root }).then(
    () => true,
    () => false,
  );
  const remote = remotes.includes("origin") ? "origin" : remotes[0]!;
  await git(root, hasUpstream ? ["push", "--quiet"] : ["push", "--quiet", "--set-upstream", remote, "HEAD"]);
}
