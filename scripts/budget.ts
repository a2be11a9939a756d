/**
 * npm run budget: the JavaScript each route makes a first-time visitor download before the page is
 * interactive, gzip-compressed, against its budget (issue 16). Fails when any route is over.
 *
 * Measured in Chromium on the production build, so what counts is what a browser really fetches: the
 * entry, its preloads, the route's lazy chunks and the first locale catalog. Each route opens in a new
 * browser context (empty cache and storage); routes behind sign-in get the demo rider's stored session.
 * A route counts as interactive once its screen has replaced the loading state and the network has been
 * idle. Sizes are those of the build's own gzip copies (what the server sends a gzip client, made by Zopfli:
 * scripts/vite/precompress.ts), so the figures are deterministic.
 *
 * A route still over its target has a ceiling in scripts/budget-ceilings.json (what it weighed when the
 * ceiling was recorded, plus 1 KB): CI fails when a route outgrows its ceiling, so a route only gets
 * lighter until it meets its target, and then the target holds it. `-- --record` writes the ceilings of
 * the routes over target from this run (and drops those now within it). `-- --breakdown` also prints,
 * for each route, whose code it downloads: each library, the portal's own code and the bundler's
 * (scripts/bundle-breakdown.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium } from "@playwright/test";
import { testLaunchOptions } from "../e2e/chromium.ts";
import { distDir, ensureBuild } from "../server/build.ts";
import { type RouteAccess, routes } from "../src/app/routes.ts";
import { breakdownOf, bundlerOwner, portalOwner } from "./bundle-breakdown.ts";
import { ensureTestBrowser } from "./ensure-chromium.ts";

const root = resolve(import.meta.dirname, "..");
const kilobyte = 1000;

/** First routes a visitor lands on: the sign-in page and the shop. */
export const firstRouteBudget = 110 * kilobyte;
/** Any other route, reached first by a link, a bookmark or a reload. */
export const anyRouteBudget = 150 * kilobyte;
const firstRoutes = new Set(["/login", "/products"]);
/**
 * The checkout as a rider reaches it, with something to buy: `/checkout` among the routes opens with
 * an empty cart ("Your shopping cart is empty"), which downloads none of the purchase's parts.
 */
export const checkoutWithCart = "/checkout, a Day Pass in the cart";

/** A concrete address for each route of src/app/routes.ts (every route is measured). */
const samplePaths: Record<string, string> = {
  "/redirect/:state/:idToken/:email/:firstName/:lastName":
    "/redirect/state/token/rider%40example.com/Ana/Rider",
  "/reset/:token?": "/reset/token",
  "/confirm/:token?": "/confirm/token",
  "/invite/:token?": "/invite/token",
  "/anonymous/ordersummary/:orderId": "/anonymous/ordersummary/00000000-0000-4000-8000-000000000000",
  "/ordersummary/:orderId": "/ordersummary/00000000-0000-4000-8000-000000000000",
  "/products/:serviceType?/:passType?": "/products",
  "/account/orders/:page/:id?": "/account/orders/1",
  "/account/passhistory/:page/:id?": "/account/passhistory/1",
  "/faremedia/:cardId?": "/faremedia",
  "/faremedia/:cardId/trips/:page/:id?": "/faremedia/00000000-0000-4000-8000-000000000000/trips/1",
};

export interface RouteBudget {
  path: string;
  /** gzip bytes of every script fetched before the route was interactive. */
  js: number;
  css: number;
  /** The target for this route. */
  budget: number;
  /** What CI holds the route to: its recorded ceiling while over target, else the target. */
  limit: number;
  files: string[];
}

const ceilingsFile = join(root, "scripts", "budget-ceilings.json");
const ceilings: Record<string, number> = existsSync(ceilingsFile)
  ? JSON.parse(readFileSync(ceilingsFile, "utf8"))
  : {};

function gzipSize(asset: string): number {
  const file = join(distDir, asset);
  return existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file)).length;
}

async function startServer(port: number): Promise<() => Promise<void>> {
  // Another server on the port would be measured instead (and this one would not start).
  const answered = await fetch(`http://localhost:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is in use: stop what listens there and measure again`);
  const dataDir = mkdtempSync(join(tmpdir(), "portal-budget-"));
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: "1", LOG_LEVEL: "error" },
    // Its errors show (a port in use, say); its log does not.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped before it was ready (exit code ${child.exitCode})`);
    }
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) break;
    } catch {
      if (tries > 600) {
        await stop();
        throw new Error("the server did not start");
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return stop;
}

async function measure(context: BrowserContext, base: string, path: string) {
  const page = await context.newPage();
  const assets = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/")) assets.add(url.pathname);
  });
  await page.goto(`${base}${path}`);
  // Interactive: the screen is drawn (no loading state left in the page) and nothing more is fetched.
  await page.waitForFunction(
    () =>
      document.querySelector("main") !== null &&
      document.querySelector('[role="progressbar"], main [role="status"]:only-child') === null,
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForLoadState("networkidle");
  await page.close();
  const files = [...assets].sort();
  const sum = (extension: string) =>
    files.filter((file) => file.endsWith(extension)).reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(".js"), css: sum(".css"), files };
}

/** Every route's first-visit JavaScript, on the current build (built first when stale). */
export async function measureRouteBudgets(port = 8197, only: string[] = []): Promise<RouteBudget[]> {
  ensureBuild();
  const base = `http://localhost:${port}`;
  ensureTestBrowser();
  const browser = await chromium.launch(testLaunchOptions);
  const stop = await startServer(port).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  try {
    // The demo rider's session, as the sign-in page stores it, for the routes behind sign-in.
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    // This context only signs in: the first-visit question would stand in front of the form.
    await page.addInitScript(() => localStorage.setItem("tourDone", "true"));
    await page.goto(`${base}/login`);
    await page.getByLabel("Email", { exact: true }).fill("rider@example.com");
    await page.getByLabel("Password", { exact: true }).fill("transit-demo-2026");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
    const signedIn = await signIn.storageState();
    // The same rider with a Day Pass for the commute card in the cart, as the checkout tests buy it.
    await page.goto(`${base}/digital`);
    await page.getByRole("button", { name: /^Commute card/ }).click();
    await page
      .getByRole("article")
      .filter({ hasText: "Day Pass" })
      .getByRole("button", { name: "Add to cart" })
      .first()
      .click();
    await page
      .getByRole("dialog", { name: "Shopping cart" })
      .getByRole("button", { name: "Checkout" })
      .waitFor();
    const withDayPass = await signIn.storageState();
    await signIn.close();

    const needsRider: RouteAccess[] = ["login"];
    const visits = routes
      .map((route) => ({
        path: samplePaths[route.path] ?? route.path,
        name: samplePaths[route.path] ?? route.path,
        storageState: needsRider.includes(route.access) ? signedIn : undefined,
      }))
      .filter((visit) => only.length === 0 || only.includes(visit.path));
    if (only.length === 0 || only.includes("/checkout") || only.includes(checkoutWithCart))
      visits.push({ path: "/checkout", name: checkoutWithCart, storageState: withDayPass });
    // A few routes at once, each in its own context (empty cache): the sizes come from the build's
    // files, not from timing, and most of a visit is waiting for the network to go quiet.
    const results: RouteBudget[] = new Array(visits.length);
    let next = 0;
    const visitor = async () => {
      for (let index = next++; index < visits.length; index = next++) {
        const visit = visits[index];
        if (!visit) continue;
        const context = await browser.newContext(
          visit.storageState ? { storageState: visit.storageState } : {},
        );
        const figures = await measure(context, base, visit.path);
        await context.close();
        const budget = firstRoutes.has(visit.name) ? firstRouteBudget : anyRouteBudget;
        results[index] = {
          path: visit.name,
          ...figures,
          budget,
          limit: Math.max(budget, ceilings[visit.name] ?? 0),
        };
      }
    };
    await Promise.all(Array.from({ length: 3 }, visitor));
    return results;
  } finally {
    await browser.close();
    await stop();
  }
}

const kb = (bytes: number) => `${(bytes / kilobyte).toFixed(1)} KB`;

if (import.meta.main) {
  const record = process.argv.includes("--record");
  // `npm run budget -- /login /products` measures just those routes.
  const only = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const results = await measureRouteBudgets(8197, only);
  console.table(
    Object.fromEntries(
      results.map((result) => [
        result.path,
        {
          "JS (gzip)": kb(result.js),
          target: kb(result.budget),
          "within target": result.js <= result.budget ? "yes" : "no",
          ceiling: result.limit > result.budget ? kb(result.limit) : "",
          "CSS (gzip)": kb(result.css),
          files: result.files.length,
        },
      ]),
    ),
  );
  if (process.argv.includes("--breakdown")) {
    // Whose code each route downloads: the libraries one by one, the portal's own, the bundler's.
    for (const result of results) {
      const owners = [...breakdownOf(distDir, result.files, gzipSize)].sort((a, b) => b[1] - a[1]);
      const libraries = owners
        .filter(([owner]) => owner !== portalOwner && owner !== bundlerOwner)
        .reduce((sum, [, bytes]) => sum + bytes, 0);
      console.log(`\n${result.path}: ${kb(result.js)}, of which libraries ${kb(libraries)}`);
      for (const [owner, bytes] of owners) console.log(`  ${kb(bytes).padStart(9)}  ${owner}`);
    }
  }
  if (record) {
    const next = { ...ceilings };
    for (const result of results) {
      if (result.js > result.budget) next[result.path] = result.js + kilobyte;
      else delete next[result.path];
    }
    writeFileSync(ceilingsFile, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`Ceilings recorded in ${ceilingsFile}.`);
  }
  // The page carries its own stylesheet (server/plugins/page.ts): no route may fetch it again.
  const pageStylesheet = /^\/assets\/index-[\w-]+\.css$/;
  const restyled = results.filter((result) => result.files.some((file) => pageStylesheet.test(file)));
  for (const result of restyled) console.error(`${result.path} downloads the page's stylesheet again`);
  if (restyled.length > 0) process.exit(1);
  const over = results.filter((result) => result.js > result.limit);
  if (over.length > 0 && !record) {
    for (const result of over) {
      console.error(`${result.path}: ${kb(result.js)} of JavaScript, over its ${kb(result.limit)} limit:`);
      for (const file of result.files) console.error(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
    }
    process.exit(1);
  }
  const missed = results.filter((result) => result.js > result.budget).length;
  console.log(
    missed === 0
      ? `Every route within its target (first routes ${kb(firstRouteBudget)}, others ${kb(anyRouteBudget)}).`
      : `No route grew past its ceiling; ${missed} of ${results.length} still over target.`,
  );
}
