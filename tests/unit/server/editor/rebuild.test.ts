import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { EditorInputError } from "../../../../src/server/editor/editor-error.ts";
import { liveRoutes, SiteRebuilder, type RebuildRun, type StagedRun } from "../../../../src/server/editor/rebuild.ts";

/** A rebuild the test finishes by hand, counting how many ran and how many ran at once. */
function manualRuns() {
  const pending: ((run: RebuildRun) => void)[] = [];
  let running = 0;
  let most = 0;
  let runs = 0;
  return {
    run: () =>
      new Promise<RebuildRun>((resolve) => {
        runs++;
        most = Math.max(most, ++running);
        pending.push((outcome) => {
          running--;
          resolve(outcome);
        });
      }),
    finish: async (ok = true) => {
      pending.shift()!({ ok, output: ok ? "Built dist/" : "Build failed.", seconds: 1 });
      await new Promise((resolve) => setImmediate(resolve));
    },
    get runs() {
      return runs;
    },
    get most() {
      return most;
    },
  };
}

describe("SiteRebuilder", () => {
  it("runs one rebuild at a time, and publishes during a rebuild share one more", async () => {
    const runs = manualRuns();
    const rebuilder = new SiteRebuilder(runs.run);
    const first = rebuilder.request();
    const firstLive = rebuilder.whenLive(first);
    expect(rebuilder.status()).toMatchObject({ requested: 1, live: 0, building: true, queued: false });
    const second = rebuilder.request();
    const third = rebuilder.request();
    const thirdLive = rebuilder.whenLive(third);
    expect(rebuilder.status()).toMatchObject({ requested: 3, live: 0, building: true, queued: true });
    expect(runs.runs).toBe(1);

    await runs.finish();
    expect(await firstLive).toBe(true);
    // The queued rebuild started after publishes 2 and 3: it covers both.
    expect(rebuilder.status()).toMatchObject({ requested: 3, live: 1, building: true, queued: false });
    await runs.finish();
    expect(await thirdLive).toBe(true);
    expect(await rebuilder.whenLive(second)).toBe(true);
    expect(rebuilder.status()).toMatchObject({ requested: 3, live: 3, building: false, queued: false, last: { ok: true } });
    expect(runs.runs).toBe(2);
    expect(runs.most).toBe(1);
  });

  it("says a publish is not live when its rebuild failed, and the next publish's rebuild makes it live", async () => {
    const runs = manualRuns();
    const rebuilder = new SiteRebuilder(runs.run);
    const first = rebuilder.request();
    const firstLive = rebuilder.whenLive(first);
    await runs.finish(false);
    expect(await firstLive).toBe(false);
    expect(rebuilder.status()).toMatchObject({ requested: 1, live: 0, building: false, last: { ok: false, output: "Build failed." } });
    const second = rebuilder.request();
    await runs.finish();
    expect(await rebuilder.whenLive(first)).toBe(true);
    expect(rebuilder.status()).toMatchObject({ requested: second, live: second });
  });

  it("holds rebuilds while a publish's staged build is checked; a switch makes the publish live at once, a failed one asks for a rebuild", async () => {
    const runs = manualRuns();
    const switches: boolean[] = [true, false];
    const staged = (): StagedRun => ({
      built: { site: "/staged", under: null, removed: [] },
      output: () => "",
      seconds: 0,
      switch: async () => ({ ok: switches.shift()!, output: "", seconds: 0 }),
      drop: async () => {},
    });
    const rebuilder = new SiteRebuilder(
      runs.run,
      () => {},
      async () => staged(),
    );
    const first = await rebuilder.stage();
    // A rebuild asked for meanwhile waits for the staged build to be switched or dropped.
    const asked = rebuilder.request();
    expect(runs.runs).toBe(0);
    expect(await first.switch()).toEqual({ id: 2, live: true });
    expect(runs.runs).toBe(1);
    await runs.finish();
    expect(rebuilder.status()).toMatchObject({ live: 2, building: false });
    expect(await rebuilder.whenLive(asked)).toBe(true);

    const second = await rebuilder.stage();
    const fallback = await second.switch();
    expect(fallback).toEqual({ id: 3, live: false });
    expect(rebuilder.status()).toMatchObject({ requested: 3, live: 2, building: true });
    await runs.finish();
    expect(await rebuilder.whenLive(fallback.id)).toBe(true);

    const dropped = await rebuilder.stage();
    await dropped.drop();
    expect(rebuilder.status()).toMatchObject({ requested: 3, live: 3, building: false });
  });

  it("GET /admin/api/live?after=N answers once publish N is live", async () => {
    const runs = manualRuns();
    const rebuilder = new SiteRebuilder(runs.run);
    const app = Fastify();
    // As the editor plugin answers its input errors.
    app.setErrorHandler((error, _request, reply) => reply.code(error instanceof EditorInputError ? error.status : 500).send({ error: String(error) }));
    liveRoutes(app, rebuilder);
    const id = rebuilder.request();
    let answered = false;
    const waiting = app.inject({ method: "GET", url: `/admin/api/live?after=${id}` }).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    await runs.finish();
    const response = await waiting;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ requested: 1, live: 1, building: false });
    expect((await app.inject({ method: "GET", url: "/admin/api/live?after=zero" })).statusCode).toBe(400);
    await app.close();
  });
});
