import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startServer } from "../../../src/server/start-server.ts";
import { tempDbPath, tempSite, VALID_ENQUIRY } from "./helpers.ts";

describe("startServer", () => {
  it("serves the site and the API on one port, then closes the database with the server", async () => {
    const dbPath = tempDbPath();
    const server = await startServer({ port: 0, distDir: tempSite(), dbPath, logger: false });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const page = await fetch(`${server.url}/courses/explore`);
      expect(page.status).toBe(200);
      const enquiry = await fetch(`${server.url}/api/v1/enquiries/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(VALID_ENQUIRY),
      });
      expect(enquiry.status).toBe(201);
      // SQLite in WAL mode keeps its -wal file while a connection is open and removes it when the last one closes.
      expect(existsSync(`${dbPath}-wal`)).toBe(true);
    } finally {
      await server.close();
    }
    await expect(fetch(server.url)).rejects.toThrow();
    expect(existsSync(dbPath)).toBe(true);
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
  });

  it("closes the database when it cannot listen", async () => {
    const first = await startServer({ port: 0, distDir: tempSite(), dbPath: tempDbPath(), logger: false });
    try {
      const port = Number(new URL(first.url).port);
      const dbPath = tempDbPath();
      await expect(startServer({ port, distDir: tempSite(), dbPath, logger: false })).rejects.toThrow(/EADDRINUSE/);
      // The database was opened (and migrated) before listening failed, and is closed again: no -wal left behind.
      expect(existsSync(dbPath)).toBe(true);
      expect(existsSync(`${dbPath}-wal`)).toBe(false);
    } finally {
      await first.close();
    }
  });
});
