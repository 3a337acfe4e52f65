/** The part of autocannon's API (it ships no types) that scripts/bench-load.ts uses. */
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    workers?: number;
    headers?: Record<string, string>;
    method?: string;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
