/**
 * Lighthouse scores for the speed budget (issue 16): mobile form factor, Lighthouse's default simulated
 * throttling, categories performance, accessibility and best-practices, driving Debian's Chromium.
 * A benchmark: reported by `npm run bench` and by this CLI, never asserted in tests.
 *
 *   node scripts/lighthouse.ts [--base http://localhost:8080] [--runs N] [--json] [--report-dir DIR] [routes...]
 *
 * Without --base it starts the server on the built dist/ (SKIP_BUILD=1, a fresh DATA_DIR, production,
 * demo data seeded) on port 8196 and stops it at the end. Routes run one at a time, each in a fresh
 * Chromium. Routes under /account get the demo rider's session: signed in through the API, then the
 * token and user are put into the origin's localStorage before Lighthouse navigates (Lighthouse's
 * storage reset leaves localStorage alone by default, and still empties the HTTP cache, so the run is
 * a cold first load of a signed-in rider).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromiumLaunchOptions, chromiumPath } from "../e2e/chromium.ts";
import { demoRider } from "../server/db/seed.ts";

export const defaultRoutes = ["/login", "/products", "/account/profile"] as const;
const categories = ["performance", "accessibility", "best-practices"] as const;
type CategoryId = (typeof categories)[number];

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  displayValue: string | null;
  /** 0-1, as Lighthouse scores it. */
  score: number;
  /** The audit's weight in its category score (0 for performance insights and diagnostics). */
  weight: number;
  /** Its first few offenders (element, URL or source file, with what it costs). */
  items: string[];
}

export interface LighthouseRow {
  route: string;
  /** Where the page ended up (a signed-in route that lands on /login is reported, not measured). */
  finalUrl: string;
  signedIn: boolean;
  scores: Record<CategoryId, number>;
  /** Milliseconds, simulated (Lighthouse's mobile throttling). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  transferBytes: number;
  /** The largest-contentful-paint element as Lighthouse names it, when it found one. */
  lcpElement: string | null;
  failing: FailingAudit[];
  warnings: string[];
}

export interface LighthouseOptions {
  /** Origin of a running portal, e.g. http://localhost:8080. */
  base: string;
  routes?: string[];
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Where to write each route's full report (`<route>.report.html` and `.json`), for the details. */
  reportDir?: string;
  /**
   * Lighthouse runs per route (default 1); the row is the run with the median performance score
   * (Lighthouse's own advice against run-to-run variance, about +-8 points here).
   */
  runs?: number;
}

/** Routes that need a signed-in rider. */
const needsSession = (route: string) => route === "/account" || route.startsWith("/account/");

interface Session {
  authToken: string;
  user: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The demo rider's session as the SPA stores it: auth_token (raw) and cwp_user (JSON). */
async function signIn(base: string): Promise<Session> {
  const login = await fetch(new URL("/accounts/users/login", base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demoRider.email, password: demoRider.password }),
  });
  const loginBody: unknown = await login.json();
  const data = isRecord(loginBody) ? loginBody.data : null;
  if (!login.ok || !isRecord(data) || typeof data.access_token !== "string") {
    throw new Error(
      `sign-in of ${demoRider.email} failed: HTTP ${login.status} ${JSON.stringify(loginBody)}`,
    );
  }
  if (data.mfa_enrollment_status !== 0 && data.mfa_enrollment_status !== 2) {
    throw new Error(`the demo rider has two-factor on (status ${String(data.mfa_enrollment_status)})`);
  }
  const authToken = data.access_token;
  const me = await fetch(new URL("/accounts/users/me", base), {
    headers: { authorization: `Bearer ${authToken}` },
  });
  const meBody: unknown = await me.json();
  if (!me.ok || !isRecord(meBody) || !isRecord(meBody.data)) {
    throw new Error(`GET /accounts/users/me failed: HTTP ${me.status}`);
  }
  return { authToken, user: meBody.data };
}

/** Writes the session into the origin's localStorage through a CDP connection to the running Chromium. */
async function storeSession(port: number, base: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    // A same-origin document that does not start the SPA (which could react to the empty storage).
    await page.goto(new URL("/favicon.svg", base).href);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem("auth_token", token);
        localStorage.setItem("cwp_user", JSON.stringify(user));
      },
      { token: session.authToken, user: session.user },
    );
    await page.close();
  } finally {
    // Disconnects only: the browser was not launched by Playwright.
    await browser.close();
  }
}

/** An element as a short label: its text's first line and its selector. */
function describeNode(node: Record<string, unknown>): string {
  const label = typeof node.nodeLabel === "string" ? (node.nodeLabel.split("\n")[0] ?? "").slice(0, 60) : "";
  const selector = typeof node.selector === "string" ? node.selector : "";
  return label && selector ? `"${label}" ${selector}` : label || selector;
}

/** The rows of an audit's details tables (insights nest them in a list). */
function detailRows(details: unknown): Record<string, unknown>[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  if (details.type === "table" || details.type === "opportunity") return details.items.filter(isRecord);
  if (details.type === "list") return details.items.flatMap((item: unknown) => detailRows(item));
  return [];
}

/** The first few offenders of an audit, each as one line: what, and what it costs. */
function describeItems(details: unknown, base: string, limit = 3): string[] {
  const lines: string[] = [];
  for (const row of detailRows(details)) {
    const node = isRecord(row.node) && row.node.type === "node" ? describeNode(row.node) : "";
    const url = typeof row.url === "string" ? row.url.replace(new URL(base).origin, "") : "";
    const source = typeof row.source === "string" ? row.source : "";
    const what = node || url || source;
    if (!what) continue;
    const costs: string[] = [];
    if (typeof row.wastedBytes === "number") costs.push(`${(row.wastedBytes / 1024).toFixed(1)} KiB`);
    if (typeof row.wastedMs === "number") costs.push(`${Math.round(row.wastedMs)} ms`);
    if (typeof row.duration === "number") costs.push(`${Math.round(row.duration)} ms`);
    if (typeof row.score === "number") costs.push(`shift ${row.score.toFixed(3)}`);
    lines.push(costs.length > 0 ? `${what}: ${costs.join(", ")}` : what);
    if (lines.length === limit) break;
  }
  return lines;
}

/** The LCP element, from the LCP breakdown insight. */
function lcpElement(lhr: Result): string | null {
  const details: unknown = lhr.audits["lcp-breakdown-insight"]?.details;
  if (!isRecord(details) || !Array.isArray(details.items)) return null;
  const node = details.items.find((item: unknown) => isRecord(item) && item.type === "node");
  return isRecord(node) ? describeNode(node) : null;
}

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

function failingAudits(lhr: Result, base: string): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of categories) {
    const entry = lhr.categories[category];
    if (!entry || entry.score === 1) continue;
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        displayValue: audit.displayValue ?? null,
        score: audit.score,
        weight: ref.weight,
        items: describeItems(audit.details, base),
      });
    }
  }
  // Weighted audits first (they move the score), then by how far from passing.
  return failing.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

/** Whether the run saw the rider's session accepted: the profile request answered 200. */
function sawSignedInRequest(lhr: Result): boolean {
  const details = lhr.audits["network-requests"]?.details;
  if (details?.type !== "table") return false;
  return details.items.some(
    (item) =>
      typeof item.url === "string" && item.url.endsWith("/accounts/users/me") && item.statusCode === 200,
  );
}

async function measure(
  base: string,
  route: string,
  session: Session | null,
): Promise<{ row: LighthouseRow; json: string; html: string }> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...(chromiumLaunchOptions.args ?? [])],
    logLevel: "silent",
  });
  try {
    if (session) await storeSession(chrome.port, base, session);
    const url = new URL(route, base).href;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ["json", "html"],
      logLevel: "error",
      onlyCategories: [...categories],
      // Defaults spelled out: mobile, simulated throttling; localStorage is not in clearStorageTypes.
      formFactor: "mobile",
      throttlingMethod: "simulate",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    const [json = "", html = ""] = Array.isArray(result.report) ? result.report : [result.report];
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    const landed = new URL(finalUrl).pathname;
    if (landed !== new URL(url).pathname) {
      throw new Error(`${route}: the measured page ended at ${finalUrl}, not ${url}`);
    }
    const signedIn = sawSignedInRequest(lhr);
    if (session && !signedIn) {
      throw new Error(`${route}: the page never loaded the rider (no 200 from /accounts/users/me)`);
    }
    const score = (id: CategoryId) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const row: LighthouseRow = {
      route,
      finalUrl,
      signedIn,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
      },
      fcp: numeric(lhr, "first-contentful-paint"),
      lcp: numeric(lhr, "largest-contentful-paint"),
      tbt: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      speedIndex: numeric(lhr, "speed-index"),
      transferBytes: numeric(lhr, "total-byte-weight"),
      lcpElement: lcpElement(lhr),
      failing: failingAudits(lhr, base),
      warnings: lhr.runWarnings,
    };
    return { row, json, html };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's own "Please run Lighthouse again" failures: Chromium's trace of the load came back
 * incomplete (seen on a busy machine), which says nothing about the page.
 */
const traceLost = ["NO_NAVSTART", "NO_TRACING_STARTED", "NO_DCL", "NO_RESOURCE_REQUEST"];

/** One measurement, taken again (at most twice) when Lighthouse lost the trace. */
export async function measureAgainOnTraceLoss<T>(
  measureOnce: () => Promise<T>,
  onRetry: (problem: string) => void,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce();
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts || !traceLost.some((code) => problem.includes(`: ${code} `))) throw error;
      onRetry(problem);
    }
  }
}

/** Runs Lighthouse on each route in turn against a running portal at `base`. */
export async function lighthouseScores(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const routes = options.routes ?? [...defaultRoutes];
  let session: Session | null = null;
  const rows: LighthouseRow[] = [];
  for (const route of routes) {
    if (needsSession(route)) session ??= await signIn(options.base);
    const runs: Awaited<ReturnType<typeof measure>>[] = [];
    const count = Math.max(1, Math.floor(options.runs ?? 1) || 1);
    for (let run = 1; run <= count; run++) {
      const started = performance.now();
      const measured = await measureAgainOnTraceLoss(
        () => measure(options.base, route, needsSession(route) ? session : null),
        (problem) => options.log?.(`lighthouse ${route} run ${run}: ${problem}; measuring again`),
      );
      runs.push(measured);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      options.log?.(
        `lighthouse ${route} run ${run}: performance ${measured.row.scores.performance} (${seconds} s)`,
      );
    }
    runs.sort((a, b) => a.row.scores.performance - b.row.scores.performance);
    const median = runs[Math.floor((runs.length - 1) / 2)];
    if (!median) continue;
    rows.push(median.row);
    if (options.reportDir) {
      mkdirSync(options.reportDir, { recursive: true });
      const name = route.replace(/^\//, "").replaceAll("/", "-") || "root";
      writeFileSync(join(options.reportDir, `${name}.report.json`), median.json);
      writeFileSync(join(options.reportDir, `${name}.report.html`), median.html);
    }
  }
  return rows;
}

/** Budgets from issue 16: every category at 100. */
export const lighthouseBudget = 100;

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "-");
const pad = (cells: string[], widths: number[]) =>
  cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  ");

/** The figures as a table with their budgets, then the failing audits of each route. */
export function formatLighthouse(rows: LighthouseRow[]): string {
  const header = ["route", "perf", "a11y", "best-pr.", "FCP", "LCP", "TBT", "CLS", "SI", "transfer"];
  const body = rows.map((row) => [
    row.route,
    String(row.scores.performance),
    String(row.scores.accessibility),
    String(row.scores["best-practices"]),
    ms(row.fcp),
    ms(row.lcp),
    ms(row.tbt),
    Number.isFinite(row.cls) ? row.cls.toFixed(3) : "-",
    ms(row.speedIndex),
    `${(row.transferBytes / 1024).toFixed(1)} KiB`,
  ]);
  const budget = ["budget", "100", "100", "100", "", "", "", "", "", ""];
  const table = [header, ...body, budget];
  const widths = header.map((_, column) => Math.max(...table.map((cells) => (cells[column] ?? "").length)));
  const lines = table.map((cells) => pad(cells, widths).trimEnd());
  lines.splice(1, 0, widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) {
    lines.push("", `${row.route} (${row.finalUrl}${row.signedIn ? ", signed in" : ""})`);
    if (row.lcpElement) lines.push(`  LCP element: ${row.lcpElement}`);
    for (const audit of row.failing) {
      const value = audit.displayValue ? ` - ${audit.displayValue}` : "";
      const weight = audit.weight > 0 ? ` [weight ${audit.weight}]` : "";
      lines.push(`  ${audit.category} ${audit.id}: ${audit.title}${value} (score ${audit.score})${weight}`);
      for (const item of audit.items) lines.push(`      ${item}`);
    }
    for (const warning of row.warnings) lines.push(`  warning: ${warning}`);
  }
  return lines.join("\n");
}

const root = resolve(import.meta.dirname, "..");

/** Starts the portal on the built dist/ with a fresh database; resolves once /healthz answers. */
async function startServer(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "lighthouse-data-"));
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_BUILD: "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PUBLIC_URL: base,
      SEED_DEMO: "on",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(new URL("/healthz", base))).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`the portal on port ${port} did not answer /healthz`);
}

async function cli(argv: string[]) {
  let base: string | null = null;
  let json = false;
  let reportDir: string | undefined;
  let runs = 1;
  const routes: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? "";
    if (arg === "--base") base = argv[++index] ?? null;
    else if (arg.startsWith("--base=")) base = arg.slice("--base=".length);
    else if (arg === "--json") json = true;
    else if (arg === "--report-dir") reportDir = resolve(argv[++index] ?? ".");
    else if (arg === "--runs") {
      runs = Number(argv[++index]);
      if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number from 1");
    } else if (arg.startsWith("/")) routes.push(arg);
    else
      throw new Error(
        `unknown argument ${arg} (usage: [--base URL] [--runs N] [--json] [--report-dir DIR] [/route ...])`,
      );
  }
  if (!base) {
    if (!existsSync(join(root, "dist", "index.html"))) {
      throw new Error("no dist/index.html: build the SPA first (npm run build), or pass --base");
    }
    const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
    const built = statSync(join(root, "dist", "index.html")).mtime.toISOString();
    console.error(`measuring dist/ built ${built}, git HEAD ${head.stdout.trim() || "unknown"}`);
  }
  const server = base ? null : await startServer(Number(process.env.LIGHTHOUSE_PORT ?? 8196));
  try {
    const rows = await lighthouseScores({
      base: base ?? server?.base ?? "",
      routes: routes.length > 0 ? routes : [...defaultRoutes],
      log: (line) => console.error(line),
      runs,
      ...(reportDir ? { reportDir } : {}),
    });
    console.log(json ? JSON.stringify(rows, null, 2) : formatLighthouse(rows));
  } finally {
    await server?.stop();
  }
}

if (import.meta.main) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
