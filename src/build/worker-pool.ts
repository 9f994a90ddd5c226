// Node only (the build): spreads batches of work over worker threads, one per core, and runs a
// helper thread that answers questions in order (startHelper). Written by hand because what it
// needs is small and specific (ordered results, a TypeScript worker under tsx or its compiled
// twin, a final flush per worker, a heap cap), where pool libraries bring their own task protocol.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parentPort, Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Below this many items (files to check, pages to render) a build step runs in its own thread:
 * starting the workers (each loads its modules, the YAML parser or the renderer) costs more than it saves.
 */
export const PARALLEL_FROM = 400;

export interface PoolOptions {
  /** Items per message: large enough that messaging costs little, small enough that the workers finish together. */
  batch: number;
  /** Each worker's old-generation heap cap in MB: garbage is collected before the heap grows past it. */
  heapMb: number;
  /** At most this many threads (default: one per core). */
  threads?: number;
}

/**
 * Where src/cli/launch.mjs wrote the compiled worker scripts, when this process is a compiled
 * command it started (it sets this before importing the command): their compiled twins then run
 * as they are, not from their TypeScript under tsx, which costs each worker a few tenths of a
 * second before its first item. Under tsx or vitest it is not set.
 */
export const COMPILED_WORKERS = Symbol.for("nexa.compiled-workers");

/** The compiled twin of a worker script (check-worker.ts → <dir>/check-worker.js), or null. */
export function compiledWorker(script: URL): URL | null {
  const dir = (globalThis as Record<symbol, unknown>)[COMPILED_WORKERS];
  if (typeof dir !== "string") return null;
  const file = join(dir, basename(fileURLToPath(script)).replace(/\.ts$/, ".js"));
  return existsSync(file) ? pathToFileURL(file) : null;
}

/** Each worker's young generation, in MB: short-lived garbage (a rendered page) is collected this often, so threads do not hold much of it. */
const YOUNG_MB = 8;

/**
 * Run `script` (a worker module that calls serveBatches) on items 0 … count-1, made by
 * `itemAt` only when their batch is sent (so they are never all in memory at once), in batches,
 * on one thread per core; results come back in the items' order. A compiled command runs the
 * script's compiled twin (compiledWorker); from source, Node 20 does not apply the parent's
 * --import preloads to worker threads, so the worker registers tsx (the TypeScript loader the
 * build runs under) itself before importing the script.
 */
export async function inWorkers<T, R>(script: URL, workerData: unknown, count: number, itemAt: (index: number) => T, options: PoolOptions): Promise<R[]> {
  const results = new Array<R>(count);
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), availableParallelism(), Math.ceil(count / options.batch)));
  let next = 0;
  const workers = new Set<Worker>();
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const worker = startWorker(script, { workerData, resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: YOUNG_MB } });
      workers.add(worker);
      let start = 0;
      let finishing = false;
      const send = () => {
        if (next >= count) {
          finishing = true;
          worker.postMessage(null);
          return;
        }
        start = next;
        next = Math.min(next + options.batch, count);
        worker.postMessage(Array.from({ length: next - start }, (_, k) => itemAt(start + k)));
      };
      worker.on("message", (batch: R[] | null) => {
        if (batch === null) return void worker.terminate().then(() => resolve());
        batch.forEach((result, k) => (results[start + k] = result));
        send();
      });
      worker.on("error", reject);
      worker.on("exit", (code) =>
        finishing ? undefined : reject(new Error(`a build worker (${script.pathname.split("/").pop()}) stopped with exit code ${code}`)),
      );
      send();
    });
  try {
    await Promise.all(Array.from({ length: threads }, run));
  } catch (error) {
    // One worker failed: stop the others before the caller cleans up the files they write.
    next = count;
    await Promise.all([...workers].map((w) => w.terminate()));
    throw error;
  }
  return results;
}

/** A worker thread that answers questions one at a time, in the order they are asked (startHelper). */
export interface Helper<Q, R> {
  ask(question: Q): Promise<R>;
  /** Ends it; a question not yet answered is rejected. */
  stop(): Promise<void>;
}

/**
 * Starts `script` (a worker module that calls answerInOrder) as a helper of this thread: it takes
 * questions as they come and answers them in order, so work this thread will need later (listing
 * files, loading a renderer) is done on another core while this one does its own. The compiled
 * twin only: from source the worker would first load tsx, which costs more than it saves (null then,
 * as on a machine with one core).
 */
export function startHelper<Q, R>(script: URL, workerData: unknown): Helper<Q, R> | null {
  if (!compiledWorker(script) || availableParallelism() < 2) return null;
  const worker = startWorker(script, { workerData });
  const waiting: { resolve: (answer: R) => void; reject: (error: unknown) => void }[] = [];
  let ended: unknown = null;
  const end = (error: unknown) => {
    ended ??= error;
    for (const question of waiting.splice(0)) question.reject(ended);
  };
  worker.on("message", (answer: R) => waiting.shift()?.resolve(answer));
  worker.on("error", end);
  worker.on("exit", (code) => end(new Error(`a worker (${script.pathname.split("/").pop()}) stopped with exit code ${code}`)));
  return {
    ask: (question) =>
      new Promise<R>((resolve, reject) => {
        if (ended !== null) return reject(ended);
        waiting.push({ resolve, reject });
        worker.postMessage(question);
      }),
    stop: async () => {
      end(new Error("the helper was stopped before it answered"));
      await worker.terminate();
    },
  };
}

/** The worker's side of startHelper: each question is answered once the one before it is; a question that throws ends the worker, and its error is the answer's. */
export function answerInOrder<Q, R>(handle: (question: Q) => R | Promise<R>): void {
  let last = Promise.resolve();
  parentPort!.on("message", (question: Q) => {
    last = last.then(async () => parentPort!.postMessage(await handle(question)));
  });
}

/**
 * A worker thread running `script`: its compiled twin when there is one, else the script itself,
 * from TypeScript, after the worker registers tsx.
 */
function startWorker(script: URL, options: Pick<WorkerOptions, "workerData" | "resourceLimits">): Worker {
  const compiled = compiledWorker(script);
  if (compiled) return new Worker(compiled, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`, {
    ...options,
    eval: true,
  });
}

/** The worker's side of inWorkers: answer each batch with its results, and `null` (after `finish`) when told there is no more. */
export function serveBatches<T, R>(handle: (items: T[]) => R[] | Promise<R[]>, finish: () => Promise<unknown> = async () => undefined): void {
  parentPort!.on("message", (items: T[] | null) => {
    void (async () => {
      if (items === null) {
        await finish();
        parentPort!.postMessage(null);
      } else parentPort!.postMessage(await handle(items));
    })();
  });
}
