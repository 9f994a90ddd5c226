/**
 * Failed sign-ins counted per key ("address:…", "account:…") over a sliding window, in memory:
 * exactly one instance runs the editor (docs/editor.md), so its memory is the one place they
 * happen. A passkey cannot be guessed; the limit keeps an attacker from making the server
 * verify signatures without end and makes a run of failures stop and show in the audit trail.
 */
export class FailureLimits {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
    /** Most keys kept; the oldest are dropped past it, so a flood of addresses cannot grow memory without end. */
    private readonly maxKeys = 100_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** Milliseconds until `key` may try again, when it has `max` failures in the window; else 0. */
  wait(key: string, max: number): number {
    const times = this.recent(key);
    if (times.length < max) return 0;
    return times[times.length - max]! + this.windowMs - this.now();
  }

  fail(key: string): void {
    const times = this.recent(key);
    times.push(this.now());
    this.failures.delete(key);
    this.failures.set(key, times);
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }
}

/** Challenges handed out and not yet used, each with what it was issued for, for five minutes, used once. */
export class Challenges<T> {
  private readonly issued = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 5 * 60 * 1000,
    private readonly max = 10_000,
  ) {}

  add(challenge: string, value: T): void {
    this.issued.set(challenge, { value, expiresAt: this.now() + this.ttlMs });
    while (this.issued.size > this.max) this.issued.delete(this.issued.keys().next().value!);
  }

  /** The challenge's value, removing it, while it is unexpired and `accept` takes it; else undefined. */
  take(challenge: string, accept: (value: T) => boolean = () => true): T | undefined {
    const found = this.issued.get(challenge);
    if (!found || found.expiresAt <= this.now() || !accept(found.value)) return undefined;
    this.issued.delete(challenge);
    return found.value;
  }
}
