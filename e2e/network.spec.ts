import { builtChunk } from "./built-chunks.ts";
import { expect, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";
import { secondServer } from "./models/second-server.ts";

const server = secondServer({ port: 8514, name: "network" });
const startServer = () => server.start();
const stopServer = () => server.stop();

test.describe("losing the server", () => {
  // Stopping and cold-starting a server (initdb, migrations, seed) is slow on a busy CI machine.
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 800 }, baseURL: server.baseURL });
  test.beforeAll(() => server.startInHook());
  test.afterAll(() => server.dispose());

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
    // The products page's code could not be downloaded while the server was gone: the portal loaded
    // again where the rider was, and says it is back (beside the page's own loading status, if any).
    await expect(page.getByRole("status").filter({ hasText: "You are back online." })).toBeVisible();
    await portal.seeHeading("Products");
    await expect(page.getByRole("link", { name: "Bus" }).first()).toBeVisible();
  });
});

test.describe("the opened page's own code", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("that cannot be downloaded while the portal boots says No Internet Connection, then loads once it is back", async ({
    page,
  }) => {
    // The products screen is downloaded as the portal boots, before the app that shows the popup exists.
    // Blocked inside the browser's network stack, so the download fails at once, as it does offline.
    const network = await page.context().newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.setBlockedURLs", { urls: [`*${builtChunk("ShopScreens")}`] });
    const portal = new Portal(page);
    await portal.open("/products");
    const popup = page.getByRole("alertdialog", { name: "No Internet Connection" });
    await expect(popup).toBeVisible();
    await portal.checkAccessibility();

    await network.send("Network.setBlockedURLs", { urls: [] });
    await popup.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are back online." })).toBeVisible();
    await portal.seeHeading("Products");
    await expect(page.getByRole("link", { name: "Bus" }).first()).toBeVisible();
  });
});
