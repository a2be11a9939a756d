/**
 * Regenerates the README screenshots: starts the portal on a throwaway database, opens the landing page
 * at 390 px and 1280 px in Debian Chromium, and writes docs/screenshots/landing-{390,1280}.png.
 * Usage: npm run screenshots [-- --url http://localhost:8080 --path /products --name products]
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    path: { type: "string", default: "/" },
    name: { type: "string", default: "landing" },
    out: { type: "string", default: "docs/screenshots" },
  },
});

const root = resolve(import.meta.dirname, "..");
const port = 8190;
let server: ReturnType<typeof spawn> | null = null;
let base = values.url;

if (!base) {
  const dataDir = join(root, ".tmp", `screenshots-${Date.now()}`);
  server = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit"],
  });
  base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (true) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 120 s");
    await new Promise((done) => setTimeout(done, 300));
  }
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

const out = resolve(root, values.out);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    await page.addInitScript(() => localStorage.setItem("tourDone", "true"));
    await page.goto(`${base}${values.path}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const file = join(out, `${values.name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`wrote ${file}`);
    await page.close();
  }
} finally {
  await browser.close();
  server?.kill("SIGTERM");
}
