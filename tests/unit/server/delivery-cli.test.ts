import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteOutbox } from "../../../src/server/sqlite-store.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";

// As `npm run enquiries` runs it: compiled, without the TypeScript loader's second of start-up per run.
const LAUNCHER = join(import.meta.dirname, "../../../src/cli/launch.mjs");

function run(args: string[], dbPath: string) {
  return spawnSync(process.execPath, [LAUNCHER, "enquiries", ...args], {
    encoding: "utf8",
    env: { ...process.env, ENQUIRY_DB: dbPath, DATABASE_URL: "" },
  });
}

describe("npm run enquiries -- deliveries | retry", () => {
  it("lists failed and pending deliveries first with their last error, and requeues them", async () => {
    const dbPath = tempDbPath();
    const store = openSqliteStore({ path: dbPath, deliveryChannels: ["email", "webhook"] });
    await store.insert(VALID_ENQUIRY);
    await store.insert({ ...VALID_ENQUIRY, first_name: "Ravi" });
    await store.close();
    const outbox = openSqliteOutbox(dbPath);
    const [a, b, c] = await outbox.claim(3, 60_000, ["email", "webhook"]);
    await outbox.settle(a!.id, { status: "failed", error: "SMTP: 550 No such user\n(second line)" });
    await outbox.settle(b!.id, { status: "delivered" });
    await outbox.settle(c!.id, { status: "pending", delayMs: 60_000, error: "webhook answered 503" });
    await outbox.close();

    const list = run(["deliveries"], dbPath);
    expect(list.status).toBe(0);
    const lines = list.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^Delivery id\s+Channel\s+Status\s+Tries\s+Received \(UTC\)\s+Next try \/ done\s+Enquiry\s+Last error$/);
    expect(lines.slice(2, 6).map((line) => line.split(/\s{2,}/)[2])).toEqual(["failed", "pending", "pending", "delivered"]);
    expect(lines[2]).toContain(a!.id);
    expect(lines[2]).toMatch(/SMTP: 550 No such user \(second line\)$/);
    expect(lines.find((line) => line.startsWith(c!.id))).toMatch(/\s+pending\s+1\s+.*webhook answered 503$/);
    expect(lines.at(-1)).toBe("2 pending, 1 delivered, 1 failed; 4 of 4 shown, failed and pending first.");

    const retried = run(["retry", "failed"], dbPath);
    expect(retried.stdout).toBe("1 failed delivery queued again.\n");
    expect(retried.status).toBe(0);
    const one = run(["retry", b!.id.toUpperCase()], dbPath);
    expect(one.stdout).toBe(`Delivery ${b!.id} queued again.\n`);
    const unknown = run(["retry", "00000000-0000-4000-8000-000000000000"], dbPath);
    expect(unknown.stdout).toBe("No delivery has the id 00000000-0000-4000-8000-000000000000.\n");
    expect(unknown.status).toBe(1);
    expect(run(["deliveries"], dbPath).stdout.trimEnd().split("\n").at(-1)).toBe("4 pending, 0 delivered, 0 failed; 4 of 4 shown, failed and pending first.");
  });
});
