import { afterEach, describe, expect, it } from "vitest";
import { measureNodeStart, nodeStartText } from "../../../tools/bench/node-start.ts";

describe("node's own start, the benchmarks' floor", () => {
  const before = process.env.NODE_EXTRA_CA_CERTS;
  afterEach(() => {
    if (before === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = before;
  });

  it("is timed without the CA bundle too when the environment names one, and said so", () => {
    // Node's own bundle: a real file, so the timed node starts as it would with a corporate one.
    process.env.NODE_EXTRA_CA_CERTS = "/etc/ssl/certs/ca-certificates.crt";
    const start = measureNodeStart(1);
    expect(start.seconds).toBeGreaterThan(0);
    expect(start.withoutCaSeconds).toBeGreaterThan(0);
    expect(nodeStartText({ seconds: 0.114, withoutCaSeconds: 0.021 })).toBe(
      "node's own start 0.11 s (0.02 s without NODE_EXTRA_CA_CERTS, which this environment sets)",
    );
  });

  it("is timed once each run when the environment names none", () => {
    delete process.env.NODE_EXTRA_CA_CERTS;
    const start = measureNodeStart(1);
    expect(start.withoutCaSeconds).toBeNull();
    expect(nodeStartText(start)).toMatch(/^node's own start \d\.\d\d s$/);
  });
});
