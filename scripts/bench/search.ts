/**
 * Product search on a catalogue of 10,000 generated products (plus the demo one), served by
 * scripts/bench-catalog-server.ts: requests per second and p99 under 10 connections, next to a bare
 * Fastify in the same process replying the ENTITY 2-filter search's exact bytes from memory (budget:
 * the search at least half its rate, p99 under 10 ms) and a Fastify hello-world.
 * Runs alone with `node scripts/bench.ts --only search` (BENCH_SECONDS shortens each run).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  entityItinerary,
  entityTwoFilters,
  facetsTwoFilters,
  searchHeaders,
  searchPath,
} from "./search-requests.ts";
import { atLeast, atMost, type BenchRow, reportOnly } from "./table.ts";

interface Measured {
  rate: number;
  p50: number;
  p99: number;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rate = (value: number) => `${Math.round(value)} req/s`;
const ratio = (value: number) => `${value.toFixed(2)}x`;
const latencyMs = (value: number) => `${value} ms`;

export async function searchBenchmark(root: string): Promise<BenchRow[]> {
  const child = spawn(process.execPath, [join(root, "scripts", "bench-catalog-server.ts")], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = await new Promise<{
    app: number;
    hello: number;
    products: number;
    precomputedBytes: number;
  }>((done, failed) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line) done(JSON.parse(line));
    });
    child.once("exit", (code) => failed(new Error(`the benchmark server exited with ${code}`)));
  });
  const run = async (title: string, options: Partial<autocannon.Options>): Promise<Measured> => {
    const result = await autocannon({
      connections: 10,
      duration: seconds,
      ...options,
      url: options.url ?? "",
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${title}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
    }
    return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const search = (body: unknown, port = started.app, path = searchPath) => ({
    url: `http://127.0.0.1:${port}${path}`,
    method: "POST" as const,
    headers: searchHeaders,
    body: JSON.stringify(body),
  });
  try {
    const hello = await run("hello", { url: `http://127.0.0.1:${started.hello}/` });
    const precomputed = await run("precomputed", search(entityTwoFilters, started.hello, "/precomputed"));
    const entity = await run("entity", search(entityTwoFilters));
    const itinerary = await run("itinerary", search(entityItinerary));
    const facets = await run("facets", search(facetsTwoFilters));
    const of = `${started.products} generated products`;
    const figures = (measured: Measured) =>
      `${rate(measured.rate)}, p50 ${measured.p50} ms, p99 ${measured.p99} ms`;
    return [
      reportOnly("Fastify hello-world (same process)", figures(hello)),
      reportOnly(
        `Fastify replying the ENTITY 2-filter reply precomputed from memory (${(started.precomputedBytes / 1024).toFixed(1)} KiB)`,
        figures(precomputed),
      ),
      reportOnly(`search ENTITY, 2 filters, first 100 of ~800 (${of})`, figures(entity)),
      atLeast(
        "search ENTITY, 2 filters: its rate / the precomputed reply's",
        entity.rate / precomputed.rate,
        0.5,
        ratio,
      ),
      atMost("search ENTITY, 2 filters: p99", entity.p99, 10, latencyMs),
      reportOnly("search ENTITY, origin + destination (a few)", figures(itinerary)),
      atMost("search ENTITY, origin + destination: p99", itinerary.p99, 10, latencyMs),
      reportOnly("search FILTER (facets), 2 filters", figures(facets)),
      atMost("search FILTER, 2 filters: p99", facets.p99, 10, latencyMs),
    ];
  } finally {
    child.kill("SIGTERM");
  }
}
