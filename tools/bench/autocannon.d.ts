// The part of autocannon's API that tools/bench/bench-api.ts uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      idReplacement?: boolean;
      amount?: number;
      connections?: number;
      timeout?: number;
    }
    interface Histogram {
      average: number;
      mean: number;
      max: number;
      min: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      start: Date;
      finish: Date;
      duration: number;
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): { on(event: "response", listener: () => void): void };
  export default autocannon;
}
