/**
 * npm run bench: what a rider and an operator wait for, measured (never asserted in tests), printed as
 * ONE table of figures next to their budgets (scripts/bench/table.ts):
 * - each route's first-visit JavaScript in Chromium against its target (scripts/budget.ts);
 * - Lighthouse (mobile) performance, accessibility and best practices on /login, /products and
 *   /account/profile against 100, with FCP, LCP, TBT and CLS (scripts/lighthouse.ts);
 * - server start to a ready /healthz: cold (fresh DATA_DIR: migrations and seed) and warm;
 * - latency of GET /portal-config and POST /transit/api/get_form over 200 sequential requests;
 * - sign-in (POST /accounts/users/login, a scrypt verify each) p50 / p95, as many as the per-address
 *   limit allows in a minute (20), so the figure is what a rider waits, not what the limiter refuses;
 * - a real sign-in while 40 bad ones arrive at once, from one address and from 40 (behind a proxy);
 * - 50 riders at once: sign-in p50 / p99, profile p50 / p99, and two rounds of 50 checkouts at once
 *   (a day pass paid by a saved card) p50 / p99 (scripts/bench/riders.ts);
 * - product search on 10,000 generated products: req/s and p99 next to a bare Fastify replying the
 *   same bytes from memory (budget: half its rate, p99 under 10 ms) (scripts/bench/search.ts);
 * - the flows site in Chromium: each machine page's load time (budget 2 s), and opening its biggest
 *   group of generated paths.
 * `node scripts/bench.ts --only search` (or sizes, lighthouse, server, riders, flows; comma-separated)
 * runs some sections; BENCH_SECONDS shortens the timed runs (default 10).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium.ts";
import { ensureBuild } from "../server/build.ts";
import { addBenchRiders, benchGatewaySecret, ridersBenchmark } from "./bench/riders.ts";
import { searchBenchmark } from "./bench/search.ts";
import { atLeast, atMost, type BenchRow, kb, ms, printBenchTable, reportOnly } from "./bench/table.ts";
import { measureRouteBudgets } from "./budget.ts";
import { lighthouseBudget, lighthouseScores } from "./lighthouse.ts";
import { startPostgres } from "./pg-server.ts";

const root = resolve(import.meta.dirname, "..");
const port = 8195;
const base = `http://localhost:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * Each route's first-visit JavaScript in Chromium (scripts/budget.ts, which `npm run budget` checks in
 * CI): the target per route, and the CSS reported beside.
 */
async function routeSizes(): Promise<BenchRow[]> {
  const routes = await measureRouteBudgets();
  const css = Math.max(...routes.map((route) => route.css));
  return [
    ...routes.map((route) => atMost(`first-visit JS ${route.path}`, route.js, route.budget, kb)),
    reportOnly("first-visit CSS (the one stylesheet, every route)", kb(css)),
  ];
}

/**
 * Lighthouse (mobile, simulated throttling) in Debian's Chromium on the server as `npm start` runs it
 * in production: each category's score against 100, and the figures behind performance reported.
 */
async function lighthouseSection(): Promise<BenchRow[]> {
  ensureBuild();
  const { dataDir } = await seededDataDir("lighthouse");
  const server = await timeStart(dataDir, {
    NODE_ENV: "production",
    PUBLIC_URL: base,
    SEED_DEMO: "on",
    DEV_MAILBOX: "off",
  });
  try {
    const rows = await lighthouseScores({ base, runs: 3 });
    return rows.flatMap((row) => [
      atLeast(`Lighthouse ${row.route} performance`, row.scores.performance, lighthouseBudget, String),
      atLeast(`Lighthouse ${row.route} accessibility`, row.scores.accessibility, lighthouseBudget, String),
      atLeast(
        `Lighthouse ${row.route} best practices`,
        row.scores["best-practices"],
        lighthouseBudget,
        String,
      ),
      reportOnly(
        `Lighthouse ${row.route} FCP / LCP / TBT / CLS`,
        `${ms(row.fcp)} / ${ms(row.lcp)} / ${ms(row.tbt)} / ${row.cls.toFixed(3)}`,
      ),
    ]);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeStart(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  on = port,
): Promise<{ ms: number; stop: () => Promise<void> }> {
  const base = `http://localhost:${on}`;
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(on),
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

/** A fresh DATA_DIR, migrated and seeded by a cold start, for the sections that start the real server. */
async function seededDataDir(name: string): Promise<{ dataDir: string; coldMs: number }> {
  const dataDir = join(root, ".tmp", `bench-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const cold = await timeStart(dataDir);
  await cold.stop();
  return { dataDir, coldMs: cold.ms };
}

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

/** Starts, request latencies, sign-in under the limit and during a flood, on the real server. */
async function serverBenchmark(): Promise<BenchRow[]> {
  const { dataDir, coldMs } = await seededDataDir("server");
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
  const flooded = await timeStart(dataDir, { TRUST_PROXY: "true" });
  const oneAddress = await signInDuringFlood(() => "203.0.113.7", "198.51.100.1");
  const manyAddresses = await signInDuringFlood((i) => `203.0.113.${100 + i}`, "198.51.100.2");
  await flooded.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return [
    reportOnly("cold start to /healthz (migrate + seed)", ms(coldMs)),
    reportOnly("warm start to /healthz", ms(warm.ms)),
    reportOnly("GET /portal-config p50 / p95", `${ms(config.p50)} / ${ms(config.p95)}`),
    reportOnly("POST /transit/api/get_form p50 / p95", `${ms(form.p50)} / ${ms(form.p95)}`),
    reportOnly(
      "POST /accounts/users/login p50 / p95 (20 under the limit)",
      `${ms(signIn.p50)} / ${ms(signIn.p95)}`,
    ),
    reportOnly("sign-in during 40 bad ones from one address", oneAddress.rider),
    reportOnly(
      "  the flood from one address",
      `${oneAddress.flood}; slowest refusal ${oneAddress.slowestRefusal}`,
    ),
    reportOnly("sign-in during 40 bad ones from 40 addresses", manyAddresses.rider),
    reportOnly(
      "  the flood from 40 addresses",
      `${manyAddresses.flood}; slowest refusal ${manyAddresses.slowestRefusal}`,
    ),
  ];
}

/**
 * 50 bench riders put in a seeded DATA_DIR, then the server started behind a "proxy" at 127.0.0.1/::1;
 * then the same on two servers sharing one PostgreSQL 15 (scripts/pg-server.ts).
 */
async function ridersSection(): Promise<BenchRow[]> {
  const { dataDir } = await seededDataDir("riders");
  await addBenchRiders({ kind: "pglite", dataDir });
  const proxied = { TRUST_PROXY: "127.0.0.1,::1", SANDBOX_GATEWAY_SECRET: benchGatewaySecret };
  const server = await timeStart(dataDir, proxied);
  let one: BenchRow[];
  try {
    one = await ridersBenchmark([base], seconds);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // fsync on, as a real server runs: each commit's flush is part of what a rider waits.
  const postgres = await startPostgres({ durable: true });
  const shared = { ...proxied, DATABASE_URL: postgres.url };
  try {
    // The first migrates and seeds; the riders go in before the second starts (both read them).
    const first = await timeStart(join(root, ".tmp", `bench-pg-a-${process.pid}`), shared);
    await addBenchRiders({ kind: "postgres", url: postgres.url });
    const second = await timeStart(join(root, ".tmp", `bench-pg-b-${process.pid}`), shared, port + 1);
    try {
      return [...one, ...(await ridersBenchmark([base, `http://localhost:${port + 1}`], seconds))];
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  } finally {
    postgres.stop();
  }
}

/**
 * The flows site as a product owner opens it: every machine page loaded in Chromium (navigation
 * timing's load event, budget 2 s), then its biggest group of generated paths opened until its first
 * path shows.
 */
async function flowsBenchmark(): Promise<BenchRow[]> {
  const site = join(root, "flows-site");
  if (!existsSync(join(site, "index.html"))) {
    spawnSync(process.execPath, [join(root, "scripts", "flows-site.ts")], { cwd: root, stdio: "ignore" });
  }
  const flowsData = join(root, ".tmp", `bench-flows-${process.pid}`);
  const server = await timeStart(flowsData, { NODE_ENV: "development" });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const rows: BenchRow[] = [];
  for (const file of readdirSync(site)
    .filter((name) => name.endsWith(".html"))
    .sort()) {
    await page.goto(`${base}/flows/${file}`, { waitUntil: "load" });
    const load = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry ? entry.loadEventEnd - entry.startTime : Number.NaN;
    });
    const name = file.replace(/\.html$/, "");
    rows.push(atMost(`flows site ${name}: load in Chromium at 1280 px`, load, 2000, ms));
    const group = page.locator("details.group").first();
    if ((await group.count()) > 0) {
      const started = performance.now();
      await group.locator("summary").click();
      await group.locator("ol.paths > li[id]").first().waitFor();
      rows.push(reportOnly(`  ${name}: open its biggest group of paths`, ms(performance.now() - started)));
    }
  }
  await browser.close();
  await server.stop();
  rmSync(flowsData, { recursive: true, force: true });
  return rows;
}

/**
 * The sections, in the order their rows print. Another module's rows (bundle sizes per route,
 * Lighthouse scores) are one more entry: `name: () => theirRows()`, returning BenchRow[].
 */
const sections: Record<string, () => BenchRow[] | Promise<BenchRow[]>> = {
  sizes: routeSizes,
  lighthouse: lighthouseSection,
  server: serverBenchmark,
  riders: ridersSection,
  search: () => searchBenchmark(root),
  flows: flowsBenchmark,
};

const onlyFlag = process.argv.indexOf("--only");
const only = onlyFlag >= 0 ? (process.argv[onlyFlag + 1] ?? "").split(",").filter(Boolean) : null;
const unknown = (only ?? []).filter((name) => !(name in sections));
if (unknown.length > 0) {
  throw new Error(
    `unknown bench section(s) ${unknown.join(", ")}; known: ${Object.keys(sections).join(", ")}`,
  );
}
const rows: BenchRow[] = [];
for (const [name, run] of Object.entries(sections)) {
  if (only && !only.includes(name)) continue;
  rows.push(...(await run()));
}
printBenchTable(rows);
