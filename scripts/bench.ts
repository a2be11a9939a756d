/**
 * npm run bench: what a rider and an operator wait for, measured (never asserted in tests).
 * - first-route JS and CSS the landing page downloads, gzip-compressed;
 * - server start to a ready /healthz: cold (fresh DATA_DIR: migrations and seed) and warm;
 * - latency of GET /portal-config and POST /transit/api/get_form over 200 sequential requests;
 * - sign-in (POST /accounts/users/login, a scrypt verify each) p50 / p95, as many as the per-address
 *   limit allows in a minute (20), so the figure is what a rider waits, not what the limiter refuses;
 * - a real sign-in while 40 bad ones arrive at once, from one address and from 40 (behind a proxy);
 * - product search on 10,000 generated products: req/s and p99 next to a Fastify hello-world;
 * - the flows site in Chromium: each machine page's load time (budget 2 s), and opening its biggest
 *   group of generated paths.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { chromiumLaunchOptions } from "../e2e/chromium.ts";
import { distDir, ensureBuild } from "../server/build.ts";
import { demoCatalog } from "../server/db/seed-catalog.ts";

const root = resolve(import.meta.dirname, "..");
const port = 8195;
const base = `http://localhost:${port}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

ensureBuild();
const html = readFileSync(join(distDir, "index.html"), "utf8");
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (match) => match[1] ?? "",
);
let js = 0;
let css = 0;
for (const asset of assets) {
  const size = gzipSync(readFileSync(join(distDir, asset))).length;
  if (asset.endsWith(".js")) js += size;
  else css += size;
}

async function timeStart(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ ms: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      LOG_LEVEL: "error",
      ...extraEnv,
    },
    stdio: "ignore",
  });
  while (true) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  const ms = performance.now() - started;
  return {
    ms,
    stop: () =>
      new Promise((done) => {
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

async function latency(request: () => Promise<Response>, count = 200): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)] ?? 0, p95: times[Math.floor(count * 0.95)] ?? 0 };
}

const dataDir = join(root, ".tmp", `bench-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
const cold = await timeStart(dataDir);
await cold.stop();
const warm = await timeStart(dataDir);
const config = await latency(() => fetch(`${base}/portal-config`));
const form = await latency(() =>
  fetch(`${base}/transit/api/get_form`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ form_method: "SIGN_UP", langCode: "es" }),
  }),
);
const signIn = await latency(
  () =>
    fetch(`${base}/accounts/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "rider@example.com", password: "transit-demo-2026" }),
    }),
  20,
);
await warm.stop();

/**
 * A real sign-in while 40 bad ones arrive at once, from one address and then from 40 (the server trusts
 * X-Forwarded-For here, as behind a proxy): what the rider waits, and how fast the flood is refused.
 */
async function signInDuringFlood(flooders: (i: number) => string, rider: string) {
  const attempt = async (address: string, email: string, password: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/accounts/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const [real, ...flood] = await Promise.all([
    attempt(rider, "rider@example.com", "transit-demo-2026"),
    ...Array.from({ length: 40 }, (_, i) =>
      attempt(flooders(i), `flood-${i}@example.org`, "not the password"),
    ),
  ]);
  const statuses = new Map<number, number>();
  for (const reply of flood) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  const refused = flood.filter((reply) => reply.status === 429 || reply.status === 503).map((r) => r.ms);
  return {
    rider: `${real?.status} in ${ms(real?.ms ?? 0)}`,
    flood: [...statuses].map(([status, n]) => `${n} x ${status}`).join(", "),
    slowestRefusal: refused.length ? ms(Math.max(...refused)) : "none refused",
  };
}
const flooded = await timeStart(dataDir, { TRUST_PROXY: "true" });
const oneAddress = await signInDuringFlood(() => "203.0.113.7", "198.51.100.1");
const manyAddresses = await signInDuringFlood((i) => `203.0.113.${100 + i}`, "198.51.100.2");
await flooded.stop();
rmSync(dataDir, { recursive: true, force: true });

console.table({
  "first-route JS (gzip)": kb(js),
  "first-route CSS (gzip)": kb(css),
  "cold start to /healthz (migrate + seed)": ms(cold.ms),
  "warm start to /healthz": ms(warm.ms),
  "GET /portal-config p50 / p95": `${ms(config.p50)} / ${ms(config.p95)}`,
  "POST /transit/api/get_form p50 / p95": `${ms(form.p50)} / ${ms(form.p95)}`,
  "POST /accounts/users/login p50 / p95 (20 under the limit)": `${ms(signIn.p50)} / ${ms(signIn.p95)}`,
  "sign-in during 40 bad ones from one address": oneAddress.rider,
  "  the flood from one address": `${oneAddress.flood}; slowest refusal ${oneAddress.slowestRefusal}`,
  "sign-in during 40 bad ones from 40 addresses": manyAddresses.rider,
  "  the flood from 40 addresses": `${manyAddresses.flood}; slowest refusal ${manyAddresses.slowestRefusal}`,
});

/**
 * Product search on a catalogue of 10,000 generated products (plus the demo one), next to a Fastify
 * hello-world served by the same process: requests per second and p99 under 10 connections, 10 s each.
 */
async function searchBenchmark() {
  const child = spawn(process.execPath, [join(root, "scripts", "bench-catalog-server.ts")], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ports = await new Promise<{ app: number; hello: number; products: number }>((done, failed) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line) done(JSON.parse(line));
    });
    child.once("exit", (code) => failed(new Error(`the benchmark server exited with ${code}`)));
  });
  const run = async (title: string, options: Partial<autocannon.Options>) => {
    const result = await autocannon({ connections: 10, duration: 10, ...options, url: options.url ?? "" });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${title}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
    }
    return `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`;
  };
  const { filters, value } = demoCatalog;
  const search = (body: unknown) => ({
    url: `http://127.0.0.1:${ports.app}/transit/anonymous/v3.0/product/search`,
    method: "POST" as const,
    headers: { "content-type": "application/json", "accept-language": "es" },
    body: JSON.stringify(body),
  });
  const sort = [{ key_name: "list_priority", order: "asc" }];
  const rail = [
    { filter_uuid: filters.service, filter_value: value("service", "rail") },
    { filter_uuid: filters.rider, filter_value: value("rider", "ADULT") },
  ];
  const results = {
    "Fastify hello-world (same process)": await run("hello", { url: `http://127.0.0.1:${ports.hello}/` }),
    "search ENTITY, 2 filters (first 100 of ~800)": await run(
      "entity",
      search({ return: "ENTITY", sort, applied_filters: rail }),
    ),
    "search ENTITY, origin + destination (a few)": await run(
      "itinerary",
      search({
        return: "ENTITY",
        sort,
        applied_filters: [
          { filter_uuid: filters.origin, filter_value: value("origin", "UNS") },
          { filter_uuid: filters.destination, filter_value: value("destination", "APT") },
        ],
      }),
    ),
    "search FILTER (facets), 2 filters": await run(
      "facets",
      search({ return: "FILTER", sort, applied_filters: rail }),
    ),
  };
  child.kill("SIGTERM");
  return { products: ports.products, results };
}

const searchResults = await searchBenchmark();
console.log(`Product search, ${searchResults.products} generated products + the demo catalogue:`);
console.table(searchResults.results);

/**
 * The flows site as a product owner opens it: every machine page loaded in Chromium (navigation
 * timing's load event, budget 2 s), then its biggest group of generated paths opened until its first
 * path shows.
 */
async function flowsBenchmark() {
  const site = join(root, "flows-site");
  if (!existsSync(join(site, "index.html"))) {
    spawnSync(process.execPath, [join(root, "scripts", "flows-site.ts")], { cwd: root, stdio: "ignore" });
  }
  const flowsData = join(root, ".tmp", `bench-flows-${process.pid}`);
  const server = await timeStart(flowsData, { NODE_ENV: "development" });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const rows: Record<string, { load: string; "open biggest group": string; budget: string }> = {};
  let slowest = 0;
  for (const file of readdirSync(site)
    .filter((name) => name.endsWith(".html"))
    .sort()) {
    await page.goto(`${base}/flows/${file}`, { waitUntil: "load" });
    const load = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry ? entry.loadEventEnd - entry.startTime : Number.NaN;
    });
    slowest = Math.max(slowest, load);
    let open = "";
    const group = page.locator("details.group").first();
    if ((await group.count()) > 0) {
      const started = performance.now();
      await group.locator("summary").click();
      await group.locator("ol.paths > li[id]").first().waitFor();
      open = ms(performance.now() - started);
    }
    rows[file.replace(/\.html$/, "")] = { load: ms(load), "open biggest group": open, budget: "2000 ms" };
  }
  await browser.close();
  await server.stop();
  rmSync(flowsData, { recursive: true, force: true });
  return { rows, slowest };
}

const flows = await flowsBenchmark();
console.log(`Flows site in Chromium at 1280 px (slowest page load ${ms(flows.slowest)}, budget 2000 ms):`);
console.table(flows.rows);
