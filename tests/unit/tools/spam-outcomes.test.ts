import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { batchMarker, reasonsText, spamOutcome } from "../../../tools/test/spam-outcomes.ts";
import { tempDbPath, VALID_ENQUIRY } from "../server/helpers.ts";

describe("spamOutcome: one batch's enquiries, read from the database", () => {
  it("counts the batch's delivered and held enquiries and each reason, and nothing of other batches", async () => {
    const dbPath = tempDbPath();
    const store = openSqliteStore({ path: dbPath });
    const batch = batchMarker("bots");
    await store.insert({ ...VALID_ENQUIRY, email: `person${batch}` });
    await store.insert({ ...VALID_ENQUIRY, email: `bot1${batch}` }, { spamReasons: ["token-missing", "fill-time-missing", "pow-missing"] });
    await store.insert({ ...VALID_ENQUIRY, email: `bot2${batch}` }, { spamReasons: ["fill-too-fast"] });
    await store.insert({ ...VALID_ENQUIRY, email: `bot3${batch}` }, { spamReasons: ["too-fast", "fill-too-fast"] });
    await store.insert({ ...VALID_ENQUIRY, email: `bot${batchMarker("other")}` }, { spamReasons: ["honeypot"] });
    await store.insert(VALID_ENQUIRY);
    await store.close();
    expect(spamOutcome(dbPath, batch)).toEqual({
      delivered: 1,
      spam: 3,
      reasons: { "fill-time-missing": 1, "fill-too-fast": 2, "pow-missing": 1, "token-missing": 1, "too-fast": 1 },
    });
    expect(spamOutcome(dbPath, batchMarker("none"))).toEqual({ delivered: 0, spam: 0, reasons: {} });
  });

  it("makes a different marker for each batch", () => {
    expect(batchMarker("naive")).toMatch(/^@naive-[0-9a-f]{8}\.example$/);
    expect(batchMarker("naive")).not.toBe(batchMarker("naive"));
  });
});

describe("reasonsText", () => {
  it.each([
    [{}, "—"],
    [{ "pow-replayed": 1000 }, "pow-replayed 1000"],
    [{ "too-fast": 3, "fill-too-fast": 20 }, "fill-too-fast 20, too-fast 3"],
    [{ "token-missing": 5, "pow-missing": 5, "fill-time-missing": 5 }, "fill-time-missing 5, pow-missing 5, token-missing 5"],
  ])("%j reads %j", (reasons, text) => {
    expect(reasonsText(reasons)).toBe(text);
  });
});
