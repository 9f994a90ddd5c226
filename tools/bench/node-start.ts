// The floor under every command's time: how long `node` takes to start and exit doing nothing on
// this machine, measured in the same run as the figures it sits under. When the environment sets
// NODE_EXTRA_CA_CERTS, node reads and parses that certificate bundle before any code runs (Node
// 20 does it at start-up whether or not the process ever opens a TLS connection), so the floor is
// also timed without it: the difference is the machine's, not the project's.
import { spawnSync } from "node:child_process";
import { median } from "./median.ts";

export interface NodeStart {
  /** Median seconds of `node -e 0` as every command here starts. */
  seconds: number;
  /** The same without NODE_EXTRA_CA_CERTS, when the environment sets it (else null). */
  withoutCaSeconds: number | null;
}

function timeNode(env: NodeJS.ProcessEnv, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, ["-e", "0"], { env, stdio: "ignore" });
    if (run.status !== 0) throw new Error(`node -e 0 exited with ${run.status}`);
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

/** Times node's own start, `runs` times each way, alternated in pairs of runs so both see the same minutes. */
export function measureNodeStart(runs = 7): NodeStart {
  const withCa = process.env.NODE_EXTRA_CA_CERTS !== undefined;
  const without = { ...process.env };
  delete without.NODE_EXTRA_CA_CERTS;
  const asIs: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    asIs.push(timeNode(process.env, 1));
    if (withCa) bare.push(timeNode(without, 1));
  }
  return { seconds: median(asIs), withoutCaSeconds: withCa ? median(bare) : null };
}

/** One line for a benchmark's output: "node's own start 0.11 s (0.02 s without NODE_EXTRA_CA_CERTS, which this environment sets)". */
export function nodeStartText({ seconds, withoutCaSeconds }: NodeStart): string {
  const bare = withoutCaSeconds === null ? "" : ` (${withoutCaSeconds.toFixed(2)} s without NODE_EXTRA_CA_CERTS, which this environment sets)`;
  return `node's own start ${seconds.toFixed(2)} s${bare}`;
}
