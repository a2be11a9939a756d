import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { Portal } from "./models/portal.ts";

const root = resolve(import.meta.dirname, "..");
const port = 8183;
const dataDir = join(root, ".tmp", `e2e-network-${process.pid}`);
let server: ChildProcess | null = null;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: "1" },
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error("the second server did not start");
}

async function stopServer(): Promise<void> {
  const running = server;
  if (!running) return;
  const exited = new Promise((done) => running.once("exit", done));
  running.kill("SIGTERM");
  // A clean close normally takes well under a second; never let a stuck one hang the test.
  const stuck = setTimeout(() => running.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(stuck);
  server = null;
}

test.describe("losing the server", () => {
  // Stopping and cold-starting a server (initdb, migrations, seed) is slow on a busy CI machine.
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${port}` });
  test.beforeAll(startServer);
  test.afterAll(async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("shows No Internet Connection and keeps the rider where they were", async ({ page }) => {
    const portal = new Portal(page);
    await portal.open("/");
    await portal.seeHeading("Sign in");
    // Nothing may be in flight when the server goes: the rider's own click must be what fails.
    await page.waitForLoadState("networkidle");
    await stopServer();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    const popup = page.getByRole("alertdialog", { name: "No Internet Connection" });
    await expect(popup).toBeVisible();
    await expect(
      popup.getByText("You are not connected to the internet. Please connect to the internet and try again."),
    ).toBeVisible();
    await portal.checkAccessibility();

    await popup.getByRole("button", { name: "Try again" }).click();
    await expect(popup).toBeVisible();

    await startServer();
    await popup.getByRole("button", { name: "Try again" }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole("status")).toHaveText("You are back online.");
    await portal.seeHeading("Products");
  });
});
