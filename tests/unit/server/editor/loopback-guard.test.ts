import { spawnSync } from "node:child_process";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseOtherSites } from "../../../../src/server/editor/loopback-guard.ts";
import { PROJECT } from "../../fixture-site.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  refuseOtherSites(app);
  app.get("/admin/api/pages", async () => ({ pages: [] }));
  app.post("/admin/api/publish", async () => ({ published: true }));
  await app.ready();
});
afterAll(() => app.close());

const HOST_REFUSED = (host: string) => `The editor answers only at 127.0.0.1, localhost or [::1], not at "${host}": open http://127.0.0.1:<port>/admin/.`;

describe("the local editor answers its own pages on this machine only", () => {
  it.each([
    ["127.0.0.1:4400", undefined],
    ["localhost:4400", undefined],
    ["LOCALHOST:4400", undefined],
    ["[::1]:4400", undefined],
    ["127.0.0.1", undefined],
    ["127.0.0.1:4400", "http://127.0.0.1:4400"],
    ["localhost:4400", "http://localhost:4400"],
    ["[::1]:4400", "http://[::1]:4400"],
  ])("Host %s with Origin %s is served", async (host, origin) => {
    const response = await app.inject({ method: "POST", url: "/admin/api/publish", headers: { host, ...(origin ? { origin } : {}) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ published: true });
  });

  it.each([
    // DNS rebinding: another site's name pointed at 127.0.0.1.
    ["evil.example:4400", HOST_REFUSED("evil.example:4400")],
    ["127.0.0.1.evil.example:4400", HOST_REFUSED("127.0.0.1.evil.example:4400")],
    ["localhost.evil.example", HOST_REFUSED("localhost.evil.example")],
    ["192.168.1.20:4400", HOST_REFUSED("192.168.1.20:4400")],
  ])("Host %j is refused with 403 before any route runs", async (host, message) => {
    for (const [method, url] of [
      ["GET", "/admin/api/pages"],
      ["POST", "/admin/api/publish"],
    ] as const) {
      const response = await app.inject({ method, url, headers: { host } });
      expect(response.statusCode).toBe(403);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.json()).toEqual({ error: message });
    }
  });

  it.each(["https://evil.example", "http://127.0.0.1.evil.example:4400", "null", "file://", "chrome-extension://abc"])(
    "a request from the page of %s is refused, though it names a loopback Host",
    async (origin) => {
      const response = await app.inject({ method: "POST", url: "/admin/api/publish", headers: { host: "127.0.0.1:4400", origin } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: `Requests from ${origin} are refused: the editor takes requests from its own pages only.` });
    },
  );
});

describe("npm run edit", () => {
  it.each([
    ["0.0.0.0", "HOST=0.0.0.0 refused: the editor has no sign-in, so it listens on this machine only (127.0.0.1). Leave HOST unset."],
    ["192.168.1.20", "HOST=192.168.1.20 refused: the editor has no sign-in, so it listens on this machine only (127.0.0.1). Leave HOST unset."],
  ])("refuses HOST=%s with exit 2, one message and no stack trace", (host, message) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", join(PROJECT, "src/cli/edit.ts")], {
      cwd: PROJECT,
      encoding: "utf8",
      env: { ...process.env, HOST: host, PORT: "4649" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe("");
  });
});
