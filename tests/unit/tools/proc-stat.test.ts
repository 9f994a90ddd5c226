import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { procStat } from "../../../tools/bench/proc-stat.ts";

describe("a /proc stat line, as the benchmarks read CPU", () => {
  it("gives the parent and utime + stime in seconds, after a command that holds spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line = "4242 (Web Content) x) S 17 4242 4242 0 -1 4194304 900 0 3 0 250 75 0 0 20 0 12 0 555 0 0";
    expect(procStat(line)).toEqual({ parent: 17, cpuSeconds: 3.25 });
  });

  it.runIf(process.platform === "linux")("reads this process's own line", () => {
    const own = procStat(readFileSync("/proc/self/stat", "utf8"));
    expect(own.parent).toBe(process.ppid);
    expect(own.cpuSeconds).toBeGreaterThan(0);
  });
});
