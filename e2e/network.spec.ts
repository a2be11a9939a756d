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

/*
 * A server too busy to hash another password answers 503 with error 50302 and a Retry-After (issue 33):
 * the portal says it is busy, waits what the server asks (the page's clock is moved, not waited on),
 * and asks again; the rider never sees "No Internet Connection" for it.
 */
const busyReply = {
  status: 503,
  contentType: "application/json",
  headers: { "Retry-After": "3" },
  body: JSON.stringify({ errors: [{ code: 50302, message: "The server is busy. Try again in a moment." }] }),
};
const busyVisits = [
  {
    name: "desktop, English",
    viewport: { width: 1280, height: 800 },
    language: "en",
    notice: "The portal is busy. Trying again in a moment…",
    products: "Products",
  },
  {
    name: "phone, Spanish",
    viewport: { width: 390, height: 844 },
    language: "es",
    notice: "El portal está ocupado. Lo volvemos a intentar en un momento…",
    products: "Productos",
  },
  {
    name: "phone, Vietnamese",
    viewport: { width: 390, height: 844 },
    language: "vi",
    notice: "Cổng thông tin đang bận. Sẽ thử lại trong giây lát…",
    products: "Sản phẩm",
  },
] as const;

for (const visit of busyVisits) {
  test.describe(`a busy server (${visit.name})`, () => {
    test.use({ viewport: visit.viewport });

    test("the products wait, say the portal is busy, and load once it answers", async ({ page }) => {
      await page.clock.install();
      await page.addInitScript((language) => {
        localStorage.setItem("tourDone", "true");
        localStorage.setItem("Bytemark-CW-lang", language);
      }, visit.language);
      let busy = 0;
      let asked = 0;
      await page.route(/\/anonymous\/v3\.0\/product\/search/, async (route) => {
        asked += 1;
        if (busy === 0) {
          busy += 1;
          await route.fulfill(busyReply);
          return;
        }
        await route.continue();
      });
      const portal = new Portal(page);
      await portal.open("/products");
      const notice = page.getByRole("alert").filter({ hasText: visit.notice });
      await expect(notice).toBeVisible();
      await expect(page.getByRole("alertdialog", { name: /./ })).toHaveCount(0);
      await portal.checkAccessibility();
      expect(asked).toBe(1);

      // Retry-After 3 s plus at most a second of jitter: the page's clock is moved past it.
      await page.clock.fastForward(4_500);
      await portal.seeHeading(visit.products);
      await expect(page.locator("main a[href^='/products/']").first()).toBeVisible();
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(busy).toBe(1);
    });
  });
}
