// The retention period and the operator's answers about one person's data (docs/api.md,
// "Personal data"): the server removes enquiries past ENQUIRY_RETENTION_DAYS once a day, and
// `npm run enquiries -- purge | find --email x | erase --email x` do it by hand. Nothing here
// writes an address, a name or a message to a log.
import { DAY_MS, retentionCutoff, type HeldEnquiry, type PersonalDataStore, type Removed } from "./store.ts";

/** The setting that holds the retention period (schema/serverSettings.schema.json). */
export const RETENTION_SETTING = "ENQUIRY_RETENTION_DAYS";

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function removedText(removed: Removed): string {
  return `${counted(removed.enquiries, "enquiry", "enquiries")} and ${counted(removed.deliveries, "delivery", "deliveries")}`;
}

/** What `purge` prints and the server logs: what went, and the cut-off it went by. */
export function purgeReport(removed: Removed, beforeMs: number, days: number): string {
  return `Removed ${removedText(removed)} received before ${new Date(beforeMs).toISOString()} (${RETENTION_SETTING}=${days}).`;
}

/** What `erase` prints. The address is not repeated: the output may end up in a ticket or a log. */
export function eraseReport(removed: Removed): string {
  return `Erased ${removedText(removed)} sent with that address, with their idempotency keys; the erasure is recorded without the address.`;
}

/** What `find` prints: every enquiry held for the address, as JSON. */
export function findReport(email: string, held: readonly HeldEnquiry[]): string {
  return `${JSON.stringify({ email, enquiries: held }, null, 2)}\n`;
}

export interface RetentionLog {
  info(message: string): void;
  error(message: string): void;
}

export interface RetentionOptions {
  store: PersonalDataStore;
  days: number;
  log: RetentionLog;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** Time between passes; default one day. */
  intervalMs?: number;
}

export interface RetentionTimer {
  /** Waits for a pass under way, then stops. */
  stop(): Promise<void>;
}

/**
 * Removes enquiries past the retention period now and then every day. Several instances on
 * one database each do it: a removal is one transaction, so they only find less to remove.
 */
export function startRetention(options: RetentionOptions): RetentionTimer {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? DAY_MS;
  let pass: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function purge(): Promise<void> {
    const before = retentionCutoff(now(), options.days);
    try {
      const removed = await options.store.purgeBefore(before);
      if (removed.enquiries > 0) options.log.info(purgeReport(removed, before, options.days));
    } catch (error) {
      options.log.error(`Retention: could not remove old enquiries: ${(error as Error).message}`);
    }
  }

  function schedule(ms: number): void {
    if (stopped) return;
    // unref: this timer alone never keeps a process (a test, a CLI) alive.
    timer = setTimeout(() => {
      pass = purge().finally(() => {
        pass = null;
        schedule(intervalMs);
      });
    }, ms).unref();
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
