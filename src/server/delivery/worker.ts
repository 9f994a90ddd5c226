// Works off the outbox: claims due deliveries, sends them, records how each went. It runs
// beside the API on the same event loop but never inside a request: a slow or failing
// receiver costs the API nothing but the work of trying, and an error here is logged, never thrown.
//
// Sending is real work (an HTTP exchange or an SMTP session per delivery, about as much CPU as
// taking the enquiry in), so deliveries give way to the API: while the event loop is busy
// (more than half its time working) or enquiries are being stored (apiBusy), the worker
// sends at most one batch per BUSY_PAUSE_MS and catches up once the burst has passed. The
// second sign matters on SQLite, whose commits wait on the writer thread: under a burst the
// event loop can be less than half busy while the machine's CPUs are not.
import { performance } from "node:perf_hooks";
import { FIRST_DELAY_MS, MAX_ATTEMPTS, retryDelayMs } from "./backoff.ts";
import type { Channel } from "./config.ts";
import type { DueDelivery, Outbox, Settlement } from "./outbox.ts";
import type { Sender, SendResult } from "./send-result.ts";

export interface DeliveryLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface WorkerOptions {
  outbox: Outbox;
  senders: Partial<Record<Channel, Sender>>;
  log: DeliveryLog;
  /** How often the outbox is looked at when nothing woke the worker. Default 1 s. */
  pollMs?: number;
  /** The wait after a delivery's first failure, growing from there (backoff.ts). Default FIRST_DELAY_MS (5 s). */
  firstRetryMs?: number;
  /** How long a claimed delivery is someone's; must exceed the longest send (20 s). Default 30 s. */
  leaseMs?: number;
  /** Deliveries claimed, and sent side by side, at a time. Default 16. */
  batch?: number;
  random?: () => number;
  /** Whether the API is taking enquiries in right now (start-server.ts counts the inserts under way). */
  apiBusy?: () => boolean;
}

export interface DeliveryWorker {
  /** Look at the outbox now (an enquiry was just stored). */
  wake(): void;
  /** Cuts any send in progress (it is released, to be sent again), waits for the worker to settle, and stops. */
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 30_000;
export const BUSY_PAUSE_MS = 250;
const BUSY_UTILIZATION = 0.5;
const BUSY_SAMPLE_MS = 50;

/** Whether the event loop has been more than half busy lately (over at least BUSY_SAMPLE_MS). */
function busyMeter(): () => boolean {
  let sample = performance.eventLoopUtilization();
  let busy = false;
  return () => {
    const current = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(current, sample);
    if (since.idle + since.active >= BUSY_SAMPLE_MS) {
      busy = since.utilization > BUSY_UTILIZATION;
      sample = current;
    }
    return busy;
  };
}

function settlementOf(delivery: DueDelivery, result: SendResult, random: () => number, firstRetryMs: number): Settlement {
  if (result.ok) return { status: "delivered" };
  if (result.permanent) return { status: "failed", error: result.error };
  if (delivery.attempts >= MAX_ATTEMPTS) return { status: "failed", error: `gave up after ${delivery.attempts} tries: ${result.error}` };
  return { status: "pending", delayMs: retryDelayMs(delivery.attempts, random(), firstRetryMs), error: result.error };
}

export function startDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { outbox, senders, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batch = options.batch ?? 16;
  const random = options.random ?? Math.random;
  const firstRetryMs = options.firstRetryMs ?? FIRST_DELAY_MS;
  const channels = Object.keys(senders) as Channel[];
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> | null = null;
  let wokenDuringCycle = false;
  let outboxDown = false;
  let lastCycleAt = -Infinity;
  const loopBusy = busyMeter();
  const apiBusy = options.apiBusy ?? (() => false);
  // The meter first: it must be read on every look to keep its sample current.
  const busy = () => loopBusy() || apiBusy();

  async function deliver(delivery: DueDelivery): Promise<void> {
    let result: SendResult;
    try {
      result = await senders[delivery.channel]!(delivery, stopping.signal);
    } catch (error) {
      result = { ok: false, permanent: false, error: String(error) };
    }
    const settlement: Settlement = stopping.signal.aborted && !result.ok ? { status: "released" } : settlementOf(delivery, result, random, firstRetryMs);
    if (settlement.status === "delivered") {
      log.info(`Delivery ${delivery.id} (${delivery.channel}) sent${delivery.attempts > 1 ? ` on try ${delivery.attempts}` : ""}.`);
    } else if (settlement.status === "pending" || settlement.status === "failed") {
      const next = settlement.status === "pending" ? `trying again in ${Math.round(settlement.delayMs / 1000)} s` : "failed for good";
      log.warn(`Delivery ${delivery.id} (${delivery.channel}, try ${delivery.attempts}): ${settlement.error}; ${next}.`);
    }
    try {
      await outbox.settle(delivery.id, settlement);
    } catch (error) {
      // Its lease runs out and it is sent again: at least once.
      log.error(`Delivery ${delivery.id}: could not record the outcome: ${(error as Error).message}`);
    }
  }

  async function runCycle(): Promise<void> {
    for (;;) {
      let due: DueDelivery[];
      try {
        due = await outbox.claim(batch, leaseMs, channels);
      } catch (error) {
        if (!outboxDown) log.error(`Deliveries paused: the outbox cannot be read: ${(error as Error).message}`);
        outboxDown = true;
        return;
      }
      if (outboxDown) log.info("Deliveries resumed: the outbox can be read again.");
      outboxDown = false;
      await Promise.all(due.map(deliver));
      if (due.length < batch || stopping.signal.aborted || busy()) return;
    }
  }

  function later(ms: number): void {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    // unref: the worker alone never keeps a process (a test, a CLI) alive.
    timer = setTimeout(run, ms).unref();
  }

  function run(): void {
    if (stopping.signal.aborted) return;
    if (cycle) {
      wokenDuringCycle = true;
      return;
    }
    const wait = lastCycleAt + BUSY_PAUSE_MS - performance.now();
    if (wait > 0 && busy()) return later(wait);
    lastCycleAt = performance.now();
    cycle = runCycle().finally(() => {
      cycle = null;
      const again = wokenDuringCycle;
      wokenDuringCycle = false;
      later(again ? 0 : pollMs);
    });
  }

  later(0);
  return {
    wake() {
      if (cycle) wokenDuringCycle = true;
      else later(0);
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await cycle;
    },
  };
}
