import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { CARD_DESIGN_VERSION, drawCard, loadCardAssets, type CardText } from "./card-image.ts";

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

/** Below this many cards to draw, starting threads (about a second each) costs more than it saves. */
const THREAD_THRESHOLD = 16;

/** The cache key: everything that changes the picture (text, logo, the drawing's version). */
export function cardKey(text: CardText, logo: string): string {
  return createHash("sha256").update(JSON.stringify({ v: CARD_DESIGN_VERSION, text, logo })).digest("hex").slice(0, 32);
}

/**
 * A thread running card-worker.ts. Node 20 does not pass tsx's loader on to a worker whose
 * entry is a .ts file, so the entry is a line of JavaScript that registers tsx, then imports it.
 */
function cardWorker(logo: string): Worker {
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./card-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: { logo } });
}

/** Up to `threads` drawing threads, each given the next card when it finishes one. */
async function drawInThreads(texts: CardText[], logo: string, threads: number, done: (i: number, png: Buffer) => void): Promise<void> {
  const workers = Array.from({ length: threads }, () => cardWorker(logo));
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => (next < texts.length ? worker.postMessage({ id: next, text: texts[next++] }) : resolve());
            worker.on("message", (m: { id: number; png?: Uint8Array; error?: string }) => {
              if (m.error !== undefined) return reject(new Error(`social card "${texts[m.id]!.title}": ${m.error}`));
              done(m.id, Buffer.from(m.png!));
              send();
            });
            worker.on("error", reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
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

/**
 * Make every card: copy it from the cache when its content hash is there, else draw it (in
 * threads when there are many) and keep it in the cache. Cards with the same text are drawn once.
 */
export async function drawSocialCards(jobs: CardJob[], options: CardOptions): Promise<CardStats> {
  const started = performance.now();
  mkdirSync(options.cacheDir, { recursive: true });
  const keyed = jobs.map((job) => ({ ...job, key: cardKey(job.text, options.logo) }));
  const cached = (key: string) => join(options.cacheDir, `${key}.png`);
  const missing = [...new Map(keyed.filter((j) => !existsSync(cached(j.key))).map((j) => [j.key, j.text])).entries()];
  const sizes = new Map<string, number>();
  const keep = (i: number, png: Buffer) => {
    const target = cached(missing[i]![0]);
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, png);
    renameSync(temp, target);
    sizes.set(missing[i]![0], png.length);
  };
  const threads = Math.min(options.threads ?? 2, availableParallelism(), missing.length);
  if (missing.length >= THREAD_THRESHOLD && threads > 1) {
    await drawInThreads(missing.map(([, text]) => text), options.logo, threads, keep);
  } else if (missing.length > 0) {
    const assets = loadCardAssets(options.logo);
    for (let i = 0; i < missing.length; i++) keep(i, await drawCard(missing[i]![1], assets));
  }
  let bytes = 0;
  let largest = 0;
  for (const job of keyed) {
    const target = join(options.outDir, job.file);
    mkdirSync(dirname(target), { recursive: true });
    placeCard(cached(job.key), target);
    const size = sizes.get(job.key) ?? statSync(target).size;
    bytes += size;
    largest = Math.max(largest, size);
  }
  return { cards: jobs.length, drawn: missing.length, cached: jobs.length - missing.length, seconds: (performance.now() - started) / 1000, bytes, largest };
}
