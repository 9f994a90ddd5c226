import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import { inWorkers, PARALLEL_FROM } from "../worker-pool.ts";
import { CARD_COLOURS, CARD_DESIGN_VERSION, drawCard, loadCardAssets, type CardAssets, type CardText } from "./card-image.ts";

/** One card to make: what it shows and where it goes, relative to the output folder. */
export interface CardJob {
  file: string;
  text: CardText;
}

export interface CardOptions {
  outDir: string;
  /** Cards by content hash; a card already there is copied, not drawn. */
  cacheDir: string;
  /** The logo as a data: URL (card-image.ts logoDataUrl). */
  logo: string;
  /** Drawing threads; at most the machine's cores. */
  threads?: number;
  /**
   * The live site, when outDir receives only what changed (an in-place update, src/build/publish.ts):
   * a card whose file there already is the cached card (the same file, linked) is not placed again.
   */
  liveDir?: string;
}

/** What a run cost, for the build's summary and `npm run bench:scale`. */
export interface CardStats {
  cards: number;
  drawn: number;
  cached: number;
  seconds: number;
  /** Sum and largest of the cards' sizes in bytes. */
  bytes: number;
  largest: number;
}

/** A card to draw into the cache: its text and its cache key. */
export interface CardToDraw {
  key: string;
  text: CardText;
}

/** What a drawing thread is given once: the logo (the fonts it loads itself) and the cache folder. */
export interface CardWorkerData {
  logo: string;
  cacheDir: string;
}

/** The cache key: everything that changes the picture (text, logo, the site's colours, the drawing's version). */
export function cardKey(text: CardText, logo: string): string {
  return createHash("sha256")
    .update(JSON.stringify({ v: CARD_DESIGN_VERSION, text, logo, colours: CARD_COLOURS }))
    .digest("hex")
    .slice(0, 32);
}

const cachedCard = (cacheDir: string, key: string) => join(cacheDir, `${key}.png`);

/**
 * Draw one card straight into the cache and return its size in bytes. The thread that draws it
 * writes it, so a PNG never travels between threads and the cards of a large site are never all
 * in memory at once. Written under a temporary name, then renamed, so a cache file is whole.
 */
export async function drawIntoCache(card: CardToDraw, assets: CardAssets, cacheDir: string): Promise<number> {
  let png: Buffer;
  try {
    png = await drawCard(card.text, assets);
  } catch (error) {
    throw new Error(`social card "${card.text.title}": ${error instanceof Error ? error.message : String(error)}`);
  }
  const target = cachedCard(cacheDir, card.key);
  const temp = `${target}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temp, png);
  renameSync(temp, target);
  return png.length;
}

/**
 * A new file at `target` with the cached card (a link where the file system allows: cached cards
 * never change, each is a new file named by its content): never written into the file already
 * there, which may be the live site's own (an incremental build links the previous build's files).
 */
function placeCard(source: string, target: string): void {
  rmSync(target, { force: true });
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

/** The size of `file` when it is the very file `cached` (one inode: the card was linked from the cache), else null. */
function sameFile(file: string, cached: string): number | null {
  try {
    const a = statSync(file);
    const b = statSync(cached);
    return a.ino === b.ino && a.dev === b.dev ? a.size : null;
  } catch {
    return null;
  }
}

/**
 * Make every card: copy it from the cache when its content hash is there, else draw it (on the
 * build's worker pool from PARALLEL_FROM cards on) and keep it in the cache. Cards with the same
 * text are drawn once.
 */
export async function drawSocialCards(jobs: CardJob[], options: CardOptions): Promise<CardStats> {
  const started = performance.now();
  mkdirSync(options.cacheDir, { recursive: true });
  const keyed = jobs.map((job) => ({ ...job, key: cardKey(job.text, options.logo) }));
  const missing: CardToDraw[] = [...new Map(keyed.filter((j) => !existsSync(cachedCard(options.cacheDir, j.key))).map((j) => [j.key, j.text])).entries()].map(
    ([key, text]) => ({ key, text }),
  );
  const threads = options.threads ?? 2;
  let drawnSizes: number[] = [];
  if (missing.length >= PARALLEL_FROM && threads > 1) {
    const workerData: CardWorkerData = { logo: options.logo, cacheDir: options.cacheDir };
    // A card takes tens of milliseconds, a page a few: smaller batches than the prerender's keep the threads finishing together.
    drawnSizes = await inWorkers<CardToDraw, number>(new URL("./card-worker.ts", import.meta.url), workerData, missing.length, (i) => missing[i]!, {
      batch: 8,
      heapMb: 256,
      threads,
    });
  } else if (missing.length > 0) {
    const assets = loadCardAssets(options.logo);
    for (const card of missing) drawnSizes.push(await drawIntoCache(card, assets, options.cacheDir));
  }
  const sizes = new Map(missing.map((card, i) => [card.key, drawnSizes[i]!]));
  let bytes = 0;
  let largest = 0;
  for (const job of keyed) {
    const cached = cachedCard(options.cacheDir, job.key);
    const live = options.liveDir === undefined ? null : sameFile(join(options.liveDir, job.file), cached);
    let size: number;
    if (live !== null) size = live;
    else {
      const target = join(options.outDir, job.file);
      mkdirSync(dirname(target), { recursive: true });
      placeCard(cached, target);
      size = sizes.get(job.key) ?? statSync(target).size;
    }
    bytes += size;
    largest = Math.max(largest, size);
  }
  return { cards: jobs.length, drawn: missing.length, cached: jobs.length - missing.length, seconds: (performance.now() - started) / 1000, bytes, largest };
}
