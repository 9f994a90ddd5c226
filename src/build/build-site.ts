import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { SiteContent } from "../content/site.ts";
import { filesUnder } from "../shared/files-under.ts";
import { dataPathOf, SITE_DATA_FILE } from "../shared/data-paths.ts";
import { sha256, SiteChecks, STORE_FROM, type ListedFiles } from "../content/site-checks.ts";
import { CompressQueue, precompress } from "./precompress.ts";
import { prerender, type PageState, type ViteManifest } from "./prerender.ts";
import { contentChecksStore, goLive, liveBuildDir, LiveUpdate, markComplete, newBuildDir, readCompletion, removeOtherBuilds } from "./publish.ts";
import { buildSeo } from "./seo/page-seo.ts";
import type { CardStats } from "./seo/social-cards.ts";
import { startHelper, type Helper } from "./worker-pool.ts";
import { checkManyInWorkers } from "./check-pool.ts";
import type { HelperQuestion } from "./helper-worker.ts";

/**
 * Everything from site/ to a live dist/. Each build is written into a new folder and goes live
 * with one atomic switch (publish.ts); invalid content, or a page that cannot be drawn, leaves
 * dist/ as it was.
 *
 * It redoes only what changed since the live build (like Hugo's and Astro's content caches):
 * - the per-file content checks of unchanged files come from the checks kept by content digest
 *   (src/content/site-checks.ts, shared with the dev server and the editor);
 * - the bundles are content-free, so while the code is the same (CODE_INPUTS, the Vite env)
 *   the live build's bundles are kept, and the live build is updated in place: only the files
 *   that change are written, beside their targets, then moved over them under a journal
 *   (publish.ts LiveUpdate), so the cost follows the change, not the site;
 * - a page is drawn again only when the digest of what it is made from changed: its own data
 *   (listings resolved in it), its head tags (titles of the pages above it, structured data),
 *   the site settings and the code. Everything else keeps the previous build's files.
 * A change of the code or of the Vite env makes a new build folder, switched to in one rename.
 * The result is byte for byte what a full build (`--full`) writes.
 */

/**
 * What the bundles, the page template and the prerender's code are made from. Not the files under
 * site/assets/: Vite copies them into the site as they are (its public folder), and no page or
 * bundle depends on their bytes (the social cards, which draw the logo, key their cache on it); so
 * one that comes, changes or goes is written into the live build in place (updatePublicFiles),
 * not a reason for new bundles and every page drawn again.
 */
const CODE_INPUTS = ["src/app", "src/shared", "src/build", "index.html", "vite.config.ts", "package-lock.json"];

export interface BuildOptions {
  /** Draw the social cards (false: pages share the default picture; for throwaway scale copies). */
  drawCards: boolean;
  /** Reuse what is unchanged from the live build (false: build everything, as on a first build). */
  incremental: boolean;
  /**
   * Called once the build is drawn and on disk but not yet live (a publish checks its pages
   * there): true switches it live, false drops it and leaves the live site as it was.
   */
  stage?: (staged: StagedSite) => Promise<boolean>;
}

/**
 * A build drawn but not yet live: what a visitor would get once it is switched. `site` holds the
 * files it writes; for an update in place they are only the changed ones, and every other file is
 * the live build's (`under`) but for the ones it removes.
 */
export interface StagedSite {
  site: string;
  under: string | null;
  removed: string[];
}

export interface BuildSummary {
  pages: number;
  htmlFiles: number;
  /** Addresses drawn this time; the others kept the previous build's files. */
  rendered: number;
  /** Content files checked this time; the others' checks came from the cache. */
  checked: number;
  /** Files whose cross-file checks (links, listings, counts) ran this time; the others' came from the cache. */
  crossRechecked: number;
  bundlesReused: boolean;
  /** An update in place (bundles reused): the files it wrote into the live build and the files it removed from it. */
  filesWritten?: number;
  /** False when the stage hook dropped the build: nothing went live. */
  switched: boolean;
  filesRemoved?: number;
  seconds: number;
  phases: Record<string, number>;
  cards: CardStats;
  warnings: string[];
}

/** The content has problems: nothing was built. */
export class ContentProblems extends Error {
  constructor(readonly content: SiteContent) {
    super(`${content.problems.length} content problems`);
    this.name = "ContentProblems";
  }
}

/** What the next build needs from this one, beside its files. */
interface BuildState {
  codeDigest: string;
  template: string;
  manifest: ViteManifest;
  pages: PageState;
  /** This build's own hashed assets (relative to site/), carried into the next build for pages still open. */
  assets: string[];
  /** The site settings' file its pages preload (relative to site/), kept by the next build for pages still open. */
  siteFile?: string;
  /** The API base the bundles were built with (VITE_API_BASE), for the pages' connect-src; null when unset. */
  apiBase: string | null;
  /** The files copied from site/assets/ (their path there → digest of their bytes), for the next build to update in place. */
  publicFiles: Record<string, string>;
}

const STATE_FILE = "state.json";

/** Digest of the code and settings the bundles and every page's frame are made from. */
function codeDigest(root: string): string {
  const hash = createHash("sha256");
  for (const input of CODE_INPUTS) {
    const full = join(root, input);
    const files = existsSync(full) && !input.includes(".") ? filesUnder(full, { relative: true }).map((f) => join(input, f)) : [input];
    for (const file of files) {
      hash.update(file).update("\0");
      try {
        hash.update(readFileSync(join(root, file)));
      } catch {
        hash.update("missing");
      }
    }
  }
  // What Vite's loadEnv reads for a production build: its four .env files and VITE_ variables
  // from the environment, hashed as they are rather than parsed, so that a build whose bundles
  // are reused never loads Vite (about a second of start-up, most of a one-page rebuild).
  for (const file of [".env", ".env.local", ".env.production", ".env.production.local"]) {
    hash.update(file).update("\0");
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "missing");
  }
  hash.update(
    JSON.stringify(
      Object.entries(process.env)
        .filter(([name]) => name.startsWith("VITE_"))
        .sort(),
    ),
  );
  return hash.digest("hex");
}

/** The files under site/assets/, which the site serves as they are: each one's path there and the digest of its bytes. */
function publicFilesOf(root: string): Record<string, string> {
  const dir = join(root, "site", "assets");
  const files: Record<string, string> = {};
  for (const file of existsSync(dir) ? filesUnder(dir, { relative: true }) : []) files[file] = sha256(readFileSync(join(dir, file)));
  return files;
}

/**
 * Writes into an update of the live build the files of site/assets/ that came or changed since it
 * was built, compressed as a full build compresses them, and removes those that went (with their
 * compressed copies).
 */
async function updatePublicFiles(root: string, update: LiveUpdate, before: Record<string, string>, now: Record<string, string>): Promise<void> {
  const compress = new CompressQueue();
  const written: string[] = [];
  for (const [file, digest] of Object.entries(now)) {
    if (before[file] === digest) continue;
    const to = join(update.site, file);
    const bytes = readFileSync(join(root, "site", "assets", file));
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, bytes);
    await compress.add(to, bytes);
    written.push(file);
  }
  await compress.drain();
  const live = (file: string) => existsSync(join(update.buildDir, "site", file));
  // A compressed copy the new version does not get (too small, or not smaller) must not outlive the old one.
  for (const file of written) for (const copy of [`${file}.br`, `${file}.gz`]) if (!existsSync(join(update.site, copy)) && live(copy)) update.remove(copy);
  for (const file of Object.keys(before)) if (!(file in now)) for (const gone of [file, `${file}.br`, `${file}.gz`]) if (live(gone)) update.remove(gone);
}

function readState(buildDir: string): BuildState | null {
  try {
    return JSON.parse(readFileSync(join(buildDir, STATE_FILE), "utf8")) as BuildState;
  } catch {
    return null;
  }
}

/** The build's clock: when it started, and each phase's seconds, noted as the phase ends. */
class Phases {
  readonly started = performance.now();
  readonly seconds: Record<string, number> = {};
  private last = this.started;

  done(name: string): void {
    const now = performance.now();
    this.seconds[name] = (now - this.last) / 1000;
    this.last = now;
  }
}

export async function buildSite(root: string, options: BuildOptions): Promise<BuildSummary> {
  const phases = new Phases();
  const live = liveBuildDir(root);
  const previous = options.incremental && live ? readState(live) : null;
  const code = codeDigest(root);
  // A state written before it recorded the API base and the public files is not reused.
  const reuse = previous !== null && previous.codeDigest === code && "apiBase" in previous && "publicFiles" in previous;
  const helper = startHelper<HelperQuestion, unknown>(new URL("./helper-worker.ts", import.meta.url), null);
  // First the files, which the checks need soon; then, reusing the live build's bundles, its renderer, to draw the pages that changed.
  const listed = helper?.ask({ list: { root, store: contentChecksStore(root), upTo: STORE_FROM } }) as Promise<ListedFiles> | undefined;
  // Taken by the first check, which lists the files itself when this fails.
  listed?.catch(() => undefined);
  if (helper && reuse) {
    const site = join(live!, "site");
    const home = previous.siteFile ? { url: "/", data: join(site, dataPathOf("/")), site: join(site, previous.siteFile) } : undefined;
    helper.ask({ warm: { entry: join(live!, "server", "entry-server.js"), page: home } }).catch(() => undefined);
  }
  try {
    return await buildWith(root, options, { live, previous: reuse ? previous : null, code, helper, listed }, phases);
  } finally {
    await helper?.stop();
  }
}

/** What buildSite found before the checks: the live build, its state when its bundles are reused, the code's digest; and its helper thread. */
interface Before {
  live: string | null;
  previous: BuildState | null;
  code: string;
  helper: Helper<HelperQuestion, unknown> | null;
  /** The site's files as the helper lists them (asked first). */
  listed: Promise<ListedFiles> | undefined;
}

async function buildWith(root: string, options: BuildOptions, { live, previous, code, helper, listed }: Before, phases: Phases): Promise<BuildSummary> {
  const checks = new SiteChecks(root, {
    store: contentChecksStore(root),
    // Compiled (npm run build), the files are listed and stamped on the helper thread while the store is read here:
    // 0.1 s of a one-page rebuild at 10,000 pages. From source, a worker would first load tsx, which takes longer.
    listAhead: listed ? () => listed : undefined,
    checkMany: checkManyInWorkers(root),
  });
  const content = await checks.checkAsync();
  const checked = checks.checkedFiles;
  // Writing 10,000 files' checks takes seconds: a build that checked a few files leaves them to the next one, which checks them again in milliseconds.
  checks.save({ atLeast: STORE_FROM });
  phases.done("validate");
  if (content.problems.length > 0) throw new ContentProblems(content);

  // Half-written folders of killed builds go; the live one stays until the next one is live.
  removeOtherBuilds(root, live ? [live] : []);
  const reuse = previous !== null;
  const publicFiles = publicFilesOf(root);
  const sharedDigest = createHash("sha256").update(code).update(JSON.stringify(content.site)).digest("hex");
  const summary = (pages: { primaryRoutes: string[]; htmlFiles: number; rendered: number }, seo: { cards: CardStats; warnings: string[] }): BuildSummary => ({
    pages: pages.primaryRoutes.length,
    htmlFiles: pages.htmlFiles,
    rendered: pages.rendered,
    checked,
    crossRechecked: checks.crossRechecked,
    bundlesReused: reuse,
    seconds: (performance.now() - phases.started) / 1000,
    phases: phases.seconds,
    cards: seo.cards,
    warnings: seo.warnings,
    switched: true,
  });

  if (reuse) {
    // The same bundles: the live build is updated in place with the files that change (publish.ts LiveUpdate).
    const liveSite = join(live!, "site");
    const update = new LiveUpdate(live!);
    try {
      phases.done("bundles (reused)");
      const seo = await buildSeo(content, update.site, root, { drawCards: options.drawCards, liveDir: liveSite });
      // A deleted page's card goes (og/ also holds the site's own pictures, which stay: updatePublicFiles keeps those).
      for (const card of filesUnder(join(liveSite, "og"), { relative: true }).map((name) => `og/${name}`))
        if (!seo.cardFiles.has(card) && !(card in publicFiles) && !(card.replace(/\.(br|gz)$/, "") in publicFiles)) update.remove(card);
      phases.done("social cards");
      const { template, manifest, apiBase } = previous;
      const pages = await prerender(
        { outDir: update.site, serverEntryFile: join(live!, "server", "entry-server.js"), template, manifest, site: content.site! },
        content,
        seo,
        {
          sharedDigest,
          previous: { pages: previous.pages, site: liveSite },
          apiBase,
          pageDataDigest: (file, data) => checks.pageDataDigest(file, data),
          drawFew: helper ? (input, jobs) => helper.ask({ draw: [input, jobs] }) as Promise<string[][]> : undefined,
        },
      );
      pages.stale.forEach((file) => update.remove(file));
      await updatePublicFiles(root, update, previous.publicFiles, publicFiles);
      // The previous settings file stays beside a new one, for pages opened before the switch; an older one goes.
      const keptSiteFiles = previous.siteFile && previous.siteFile !== pages.siteFile ? siteFileAndCopies(previous.siteFile) : [];
      for (const file of filesUnder(join(liveSite, "assets"), { relative: true }).map((f) => join("assets", f)))
        if (SITE_DATA_FILE.test(file) && !keptSiteFiles.includes(file) && !siteFileAndCopies(pages.siteFile).includes(file)) update.remove(file);
      phases.done("prerender");
      if (options.stage) {
        const go = await options.stage({ site: update.site, under: liveSite, removed: update.removals() });
        phases.done("staged");
        if (!go) {
          update.discard();
          return { ...summary(pages, seo), switched: false };
        }
      }
      const state: BuildState = { ...previous, pages: pages.state, siteFile: pages.siteFile, publicFiles };
      const carried = [
        ...(readCompletion(live!)?.carried ?? []).filter((f) => !SITE_DATA_FILE.test(f)),
        ...keptSiteFiles.filter((f) => existsSync(join(liveSite, f))),
      ];
      const applied = update.commit(
        { builtAt: new Date().toISOString(), htmlFiles: pages.htmlFiles, carried },
        { name: STATE_FILE, text: JSON.stringify(state) },
      );
      phases.done("switch");
      return { ...summary(pages, seo), filesWritten: applied.moved, filesRemoved: applied.removed };
    } catch (error) {
      update.discard();
      throw error;
    }
  }

  const dir = newBuildDir(root);
  const site = join(dir, "site");
  const server = join(dir, "server");
  try {
    // Vite is loaded only to bundle: a build that reuses the bundles does without it.
    const [{ build, loadEnv, mergeConfig }, { siteConfig }] = await Promise.all([import("vite"), import("../../vite.config.ts")]);
    const apiBase = loadEnv("production", root, "VITE_").VITE_API_BASE ?? null;
    const config = (extra: Parameters<typeof mergeConfig>[1]) =>
      mergeConfig(siteConfig({ contentChecked: true }), { root, configFile: false, logLevel: "warn", ...extra });
    await build(config({ build: { outDir: site, emptyOutDir: true } }));
    await build(
      config({
        publicDir: false,
        build: {
          outDir: server,
          emptyOutDir: true,
          ssr: "src/app/entry-server.tsx",
          manifest: false,
          rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } },
        },
      }),
    );
    const template = readFileSync(join(site, "index.html"), "utf8");
    const manifest = JSON.parse(readFileSync(join(site, ".vite", "manifest.json"), "utf8")) as ViteManifest;
    rmSync(join(site, ".vite"), { recursive: true, force: true });
    phases.done("bundles");

    const seo = await buildSeo(content, site, root, { drawCards: options.drawCards });
    phases.done("social cards");

    const pages = await prerender({ outDir: site, serverEntryFile: join(server, "entry-server.js"), template, manifest, site: content.site! }, content, seo, {
      sharedDigest,
      apiBase,
      pageDataDigest: (file, data) => checks.pageDataDigest(file, data),
    });
    phases.done("prerender");
    // Scripts, styles and pictures: compressed once per bundle (the server compresses pages and their data).
    await precompress(site, pages.written);
    phases.done("compress");

    const assets = filesUnder(join(site, "assets"), { relative: true })
      .map((f) => join("assets", f))
      .filter((f) => !SITE_DATA_FILE.test(f));
    // An open page keeps navigating after the switch: the previous build's hashed files stay served until the next build.
    const carried = live
      ? [
          ...carryAssets(join(live, "site"), site, readState(live)?.assets ?? []),
          ...carrySiteFile(join(live, "site"), site, readState(live)?.siteFile, pages.siteFile),
        ]
      : [];
    const state: BuildState = { codeDigest: code, template, manifest, pages: pages.state, assets, apiBase, siteFile: pages.siteFile, publicFiles };
    writeFileSync(join(dir, STATE_FILE), JSON.stringify(state));
    markComplete(dir, { builtAt: new Date().toISOString(), htmlFiles: pages.htmlFiles, carried });
    // A whole build that is not linked never goes live: dropped, or left by a kill, the next build removes it.
    if (options.stage) {
      const go = await options.stage({ site, under: null, removed: [] });
      phases.done("staged");
      if (!go) {
        rmSync(dir, { recursive: true, force: true });
        return { ...summary(pages, seo), switched: false };
      }
    }
    goLive(root, dir);
    removeOtherBuilds(root, live ? [dir, live] : [dir]);
    phases.done("switch");
    return summary(pages, seo);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A settings file and its compressed copies, relative to site/. */
const siteFileAndCopies = (file: string) => [file, `${file}.br`, `${file}.gz`];

/**
 * Links the previous build's settings file (and its compressed copies) into a new build whose
 * pages preload another one, so a page opened before the switch still hydrates; returns them.
 */
function carrySiteFile(previousSite: string, site: string, previous: string | undefined, own: string): string[] {
  return previous && previous !== own ? carryAssets(previousSite, site, [previous]) : [];
}

/** Links the previous build's own hashed assets (and their compressed copies) that this build lacks; returns them. */
function carryAssets(previousSite: string, site: string, assets: string[]): string[] {
  const carried: string[] = [];
  for (const asset of assets) {
    for (const file of [asset, `${asset}.br`, `${asset}.gz`]) {
      const from = join(previousSite, file);
      const to = join(site, file);
      if (existsSync(to) || !existsSync(from)) continue;
      mkdirSync(join(to, ".."), { recursive: true });
      linkSync(from, to);
      carried.push(file);
    }
  }
  return carried;
}
