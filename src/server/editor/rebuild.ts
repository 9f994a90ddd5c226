import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { BuiltSite } from "../../build/page-check.ts";
import { liveBuildDir, STAGED_MARK } from "../../build/publish.ts";
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
 * A build of the site drawn on disk but not yet live, held by a publish while it checks the pages
 * there: then switched live after the commit, or dropped, leaving the live site as it was.
 */
export interface StagedRun {
  /** What the build drew, as a visitor would get it once switched; null when the build failed before that (`output` says why). */
  built: BuiltSite | null;
  /** The build's output so far. */
  output(): string;
  /** Seconds from the start to the staged build. */
  seconds: number;
  /** Puts the staged build live; resolves when that is done (ok) or failed. */
  switch(): Promise<RebuildRun>;
  /** Drops the staged build: the live site stays as it was. */
  drop(): Promise<void>;
}

/** Builds the site as it is now into a staged build (the build process, or a test's stand-in). */
export type StageRebuild = () => Promise<StagedRun>;

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
    private readonly stageRun?: StageRebuild,
  ) {}

  /** Whether a publish can stage its build here (stage() below), rather than ask for a rebuild after its commit. */
  get stages(): boolean {
    return this.stageRun !== undefined;
  }

  /**
   * A staged build for a publish, made once no rebuild runs; no rebuild starts until the publish
   * switches it live (it then gets the next number, live at once) or drops it. A staged build whose
   * switch fails asks for a rebuild instead, as a publish without staging does.
   */
  async stage(): Promise<{ run: StagedRun; switch: () => Promise<{ id: number; live: boolean }>; drop: () => Promise<void> }> {
    if (!this.stageRun) throw new Error("This rebuilder does not stage builds.");
    await this.idle();
    let release!: () => void;
    this.running = new Promise((done) => (release = done));
    let run: StagedRun;
    try {
      run = await this.stageRun();
    } catch (error) {
      this.running = null;
      release();
      throw error;
    }
    let settled = false;
    const settle = () => {
      settled = true;
      this.running = null;
      release();
      // A publish during a staged one cannot happen (they run one at a time), but a rebuild asked for meanwhile runs now.
      if (this.queued) this.running = this.loop();
      else
        for (const waiter of this.waiting) {
          this.waiting.delete(waiter);
          waiter.done(this.live >= waiter.id);
        }
    };
    return {
      run,
      switch: async () => {
        if (settled) throw new Error("This staged build was already switched or dropped.");
        const outcome = await run.switch();
        this.last = { ok: outcome.ok, seconds: outcome.seconds, finishedAt: new Date().toISOString(), output: outcome.output.trim().slice(-4000) };
        if (outcome.ok) {
          const id = ++this.requested;
          this.live = id;
          settle();
          this.log(`Built, checked and switched in ${outcome.seconds.toFixed(1)}s: publish ${id} is live.`);
          return { id, live: true };
        }
        settle();
        this.log(`The staged build did not go live, so the site is rebuilt: ${this.last.output}`);
        return { id: this.request(), live: false };
      },
      drop: async () => {
        if (settled) return;
        await run.drop();
        settle();
      },
    };
  }

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
 * The build command in its own process: compiled ahead of time (src/cli/launch.mjs), which starts
 * about a quarter of a second sooner than the TypeScript source under tsx (0.6 s against 0.85 s on
 * a rebuild with nothing to do). With the server's own environment, as npm start's first build
 * gets it (src/cli/start.ts).
 */
function spawnBuild(codeRoot: string, root: string, args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [join(codeRoot, "src", "cli", "launch.mjs"), "build", "--root", root, ...args], { cwd: codeRoot, stdio: "pipe" });
  // A word written to a process that has just died fails with EPIPE: its exit code says what happened, not this error.
  child.stdin.on("error", () => undefined);
  return child;
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
      const child = spawnBuild(codeRoot, root, args);
      child.stdin.end();
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

/**
 * The build of a publish, staged (`build --stage`, src/cli/build.ts): the process draws the site
 * and stops before anything goes live, says where its staged build is, and waits for the server's
 * word on its stdin. If the server dies meanwhile, its stdin closes and it drops the build; if the
 * build process dies, nothing of it is live (an update without its journal, or a build folder
 * not linked, which the next build removes).
 */
export function stagedBuildProcess(codeRoot: string, root: string, args: string[] = []): StageRebuild {
  return () =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawnBuild(codeRoot, root, ["--stage", ...args]);
      let output = "";
      let pending = "";
      let built: BuiltSite | null = null;
      const closed = new Promise<boolean>((done) => {
        child.on("error", (error) => {
          output += error.message;
          done(false);
        });
        child.on("close", (code) => done(code === 0));
      });
      const finish = async (word: string): Promise<RebuildRun> => {
        if (child.stdin.writable) child.stdin.end(`${word}\n`);
        const ok = await closed;
        // A build that died while moving its files into the live site left its journal: finish it now, not at the next build.
        if (!ok) liveBuildDir(root);
        return { ok: ok && word === "switch" && !output.includes("Not switched:"), output, seconds: (performance.now() - started) / 1000 };
      };
      const staged: Omit<StagedRun, "built" | "seconds"> = {
        output: () => output,
        switch: () => finish("switch"),
        drop: async () => void (await finish("drop")),
      };
      child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        pending += text;
        for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 1);
          if (built === null && line.startsWith(STAGED_MARK)) {
            built = JSON.parse(line.slice(STAGED_MARK.length)) as BuiltSite;
            resolve({ ...staged, built, seconds: (performance.now() - started) / 1000 });
          } else output += `${line}\n`;
        }
      });
      // The build ended without staging (content problems, a page that could not be drawn): there is nothing to check.
      void closed.then(() => {
        if (built === null) resolve({ ...staged, built: null, output: () => output + pending, seconds: (performance.now() - started) / 1000 });
      });
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
