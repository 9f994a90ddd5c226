import { spawn } from "node:child_process";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { liveBuildDir } from "../../build/publish.ts";
import { EditorInputError } from "./editor-error.ts";

/** What one rebuild reported: whether it went live, its output (the build's summary, or why it failed) and its wall time. */
export interface RebuildRun {
  ok: boolean;
  output: string;
  seconds: number;
}

/** Runs one rebuild of the live site to the end (the build process, or a test's stand-in). */
export type RunRebuild = () => Promise<RebuildRun>;

/**
 * Where the live site stands after publishes: each publish gets the next number; a rebuild that
 * starts after publish n has gone makes n live when it succeeds.
 */
export interface RebuildStatus {
  /** The number of the last publish that asked for a rebuild (0: none yet). */
  requested: number;
  /** The number of the last publish that is live (requested === live: everything published is live). */
  live: number;
  building: boolean;
  /** A publish came in during the rebuild: one more rebuild follows it. */
  queued: boolean;
  /** The last rebuild's outcome, when there has been one. */
  last: { ok: boolean; seconds: number; finishedAt: string; output: string } | null;
}

/**
 * The rebuild after a publish, one at a time: a publish during a rebuild queues one more, and any
 * number of publishes during a rebuild share that one (it reads the site as it is when it starts).
 * The editor plugin receives it from the server, so a publish only asks for a rebuild and answers
 * at once; the editor asks status() (or whenLive) to tell when its change is live.
 */
export class SiteRebuilder {
  private requested = 0;
  private live = 0;
  private running: Promise<void> | null = null;
  private queued = false;
  private last: RebuildStatus["last"] = null;
  private readonly waiting = new Set<{ id: number; done: (live: boolean) => void }>();

  constructor(
    private readonly run: RunRebuild,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Asks for a rebuild after a publish; returns the publish's number, to compare with status().live. */
  request(): number {
    const id = ++this.requested;
    if (this.running) this.queued = true;
    else this.running = this.loop();
    return id;
  }

  status(): RebuildStatus {
    return { requested: this.requested, live: this.live, building: this.running !== null, queued: this.queued, last: this.last };
  }

  /** Resolves true once publish `id` is live, false when the rebuild that would have made it live failed. */
  whenLive(id: number): Promise<boolean> {
    if (this.live >= id) return Promise.resolve(true);
    if (this.running === null) return Promise.resolve(false);
    return new Promise((done) => this.waiting.add({ id, done }));
  }

  /** Resolves when no rebuild is running or queued (for a server that is closing). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.queued = false;
        const covers = this.requested;
        let outcome: RebuildRun;
        try {
          outcome = await this.run();
        } catch (error) {
          outcome = { ok: false, output: error instanceof Error ? error.message : String(error), seconds: 0 };
        }
        this.last = { ok: outcome.ok, seconds: outcome.seconds, finishedAt: new Date().toISOString(), output: outcome.output.trim().slice(-4000) };
        if (outcome.ok) this.live = covers;
        this.log(
          outcome.ok
            ? `Rebuilt the site in ${outcome.seconds.toFixed(1)}s: publish ${covers} is live.`
            : `The rebuild after publish ${covers} failed: ${this.last.output}`,
        );
        for (const waiter of this.waiting)
          if (this.live >= waiter.id || (!outcome.ok && waiter.id <= covers)) {
            this.waiting.delete(waiter);
            waiter.done(this.live >= waiter.id);
          }
      } while (this.queued);
    } finally {
      this.running = null;
      for (const waiter of this.waiting) waiter.done(this.live >= waiter.id);
      this.waiting.clear();
    }
  }
}

/**
 * A rebuild as `npm run build` does it, in its own process (the server never loads Vite or the
 * prerender, and a build that fails or is killed leaves the live site old or new, whole): the build of
 * `root`'s site into `root`'s dist/, redoing only what changed.
 */
export function buildProcess(codeRoot: string, root: string, args: string[] = []): RunRebuild {
  return () =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawn(process.execPath, ["--import", "tsx", join(codeRoot, "src", "cli", "build.ts"), "--root", root, ...args], {
        // The server's own environment, as npm start's first build gets it (src/cli/start.ts).
        cwd: codeRoot,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
      child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
      const done = (ok: boolean) => {
        // A build that died while moving its files into the live site left its journal: finish it now, not at the next build.
        if (!ok) liveBuildDir(root);
        resolve({ ok, output, seconds: (performance.now() - started) / 1000 });
      };
      child.on("error", (error) => {
        output += error.message;
        done(false);
      });
      child.on("close", (code) => done(code === 0));
    });
}

/** How long GET /admin/api/live?after=N waits for publish N to go live before it answers anyway. */
export const LIVE_WAIT_MS = 25_000;

/**
 * GET /admin/api/live: the rebuilder's status (RebuildStatus). With `?after=N` it answers once
 * publish N is live or its rebuild failed (at most LIVE_WAIT_MS later), so the editor learns
 * when a change is live without polling. Without a rebuilder (`npm run edit`), 404.
 */
export function liveRoutes(app: FastifyInstance, rebuilder: SiteRebuilder | undefined): void {
  app.get("/admin/api/live", async (request) => {
    if (!rebuilder) throw new EditorInputError(404, "This editor does not rebuild the site: it runs without a live site (npm run edit).");
    const after = (request.query as Record<string, unknown>).after;
    if (after !== undefined) {
      const id = Number(after);
      if (!Number.isInteger(id) || id < 1) throw new EditorInputError(400, "after is a publish's number, as the publish answered it: a whole number from 1.");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([rebuilder.whenLive(id), new Promise((done) => (timer = setTimeout(done, LIVE_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return rebuilder.status();
  });
}
