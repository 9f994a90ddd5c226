import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DueDelivery, Outbox } from "../../../src/server/delivery/outbox.ts";
import { startDeliveryWorker } from "../../../src/server/delivery/worker.ts";
import { VALID_ENQUIRY } from "./helpers.ts";

/** An outbox holding `total` due webhook deliveries, handed out in claim order. */
function fakeOutbox(total: number): Outbox & { claims: number; settled: number } {
  let next = 0;
  const outbox = {
    claims: 0,
    settled: 0,
    async claim(limit: number): Promise<DueDelivery[]> {
      outbox.claims += 1;
      const count = Math.min(limit, total - next);
      const due = Array.from({ length: count }, (_, i) => ({
        id: `d${next + i}`,
        channel: "webhook" as const,
        attempts: 1,
        enquiry: { ...VALID_ENQUIRY, message: "", id: next + i, session_id: `s${next + i}`, created_at: new Date(0).toISOString() },
      }));
      next += count;
      return due;
    },
    async settle() {
      outbox.settled += 1;
    },
    list: async () => [],
    counts: async () => ({ pending: 0, delivered: 0, failed: 0 }),
    retry: async () => 0,
    close: async () => undefined,
  };
  return outbox;
}

const log = { info() {}, warn() {}, error() {} };
describe("the delivery worker", () => {
  // The worker's timers and its clock (performance.now) are faked: 300 ms pass at once, and no
  // poll (1 s) can fire within them however slow the machine.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    // Idle API: every due delivery in one go, batch after batch.
    { apiBusy: false, sent: 100 },
    // Enquiries being stored: one batch of 16, then it waits (at least BUSY_PAUSE_MS, here the 1 s poll).
    { apiBusy: true, sent: 16 },
  ])("sends $sent of 100 due deliveries straight away when the API taking enquiries is $apiBusy", async ({ apiBusy, sent }) => {
    const outbox = fakeOutbox(100);
    const worker = startDeliveryWorker({
      outbox,
      senders: { webhook: async () => ({ ok: true }) },
      log,
      apiBusy: () => apiBusy,
    });
    try {
      await vi.advanceTimersByTimeAsync(300);
      expect(outbox.settled).toBe(sent);
      expect(outbox.claims).toBe(apiBusy ? 1 : 7);
    } finally {
      await worker.stop();
    }
  });
});
