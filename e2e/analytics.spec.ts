import { agencies } from "./data-templates.ts";
import { expect, test } from "./fixtures.ts";
import { DataLayer, type DataLayerEntry } from "./models/analytics.ts";
import { CheckoutPage, productCard } from "./models/checkout.ts";
import { Portal } from "./models/portal.ts";
import { demoRider } from "./models/riders.ts";
import { secondServer } from "./models/second-server.ts";

/*
 * Analytics events reach the tag manager's data layer (spec section 7) only for an agency whose
 * deployment allows a tag manager and names its container: a server of its own with GTM-TEST123 (the
 * gtm.js request is answered with an empty script, no internet needed) sees the demo rider's whole
 * purchase as the exact list of events, with no personal data; the demo server (no id) pushes
 * nothing, loads no script, and its CSP names no Google host.
 */

const server = secondServer({
  port: 8513,
  name: "analytics",
  deployment: agencies.tagManager,
});

/** Everything an event may carry must not include the rider's own details. */
const personal = [demoRider.email, demoRider.password, "Riley", "4242", "6000 0000 0000", "Commute card"];

function expectNoPersonalData(events: DataLayerEntry[]): void {
  const text = JSON.stringify(events);
  for (const detail of personal) expect(text).not.toContain(detail);
}

// One server (one cold start) for both describes: each test shops on its own.
test.describe("the agency with a tag manager", () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(() => server.startInHook());
  test.afterAll(() => server.dispose());

  test.describe("with a tag manager", () => {
    test.use({ baseURL: server.baseURL });

    for (const [label, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      test(`the demo rider's purchase on a ${label} is the exact list of events, with no personal data`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const layer = new DataLayer(page);
        const { requests } = await layer.stubTagManager();
        const checkout = new CheckoutPage(page);
        const portal = checkout.portal;

        // As Portal.open does (the tour seen), keeping the document's reply to read its CSP.
        await page.addInitScript(() => localStorage.setItem("tourDone", "true"));
        const reply = await page.goto("/digital");
        expect(reply?.headers()["content-security-policy"]).toContain(
          "script-src 'self' https://www.googletagmanager.com",
        );
        await page.getByLabel("Email", { exact: true }).fill(demoRider.email);
        await page.getByLabel("Password", { exact: true }).fill(demoRider.password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await layer.seeEvent("sign_in");
        await page.getByRole("button", { name: /^Commute card/ }).click();
        await expect(page).toHaveURL(/\/products\/null\/digital$/);
        await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
        const drawer = page.getByRole("dialog", { name: "Shopping cart" });
        await expect(drawer.getByText("Day Pass")).toBeVisible();
        await portal.checkAccessibility();
        await drawer.getByRole("button", { name: "Checkout" }).click();
        await expect(page).toHaveURL(/\/checkout$/);
        await checkout.seePriced();
        // The saved Visa (a sandbox card) is the default.
        await expect(checkout.group("Pay with").getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();
        await checkout.review();
        await checkout.placeOrder();
        await expect(page).toHaveURL(/\/ordersummary\/[0-9a-f-]{36}$/, { timeout: 20_000 });
        await portal.seeHeading("Thank you for your order");
        await layer.seeEvent("purchase");
        await portal.checkAccessibility();

        // GTM was asked for once, with the deployment's container, by a script element of the portal.
        expect(await layer.tagManagerScripts()).toEqual([
          "https://www.googletagmanager.com/gtm.js?id=GTM-TEST123",
        ]);
        expect(requests).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
        const entries = (await layer.entries()) ?? [];
        expect(entries[0]).toMatchObject({ event: "gtm.js" });

        const events = await layer.events();
        const added = events.find((entry) => entry.event === "add_to_cart");
        const item = (added?.ecommerce as { items: Array<{ item_id: string; price: number }> } | undefined)
          ?.items[0];
        expect(item?.item_id).toMatch(/^[0-9a-f-]{36}$/);
        const price = item?.price ?? -1;
        const dayPass = {
          item_id: item?.item_id,
          item_name: "Day Pass",
          item_category: "DIGITAL_PASS",
          price,
          quantity: 1,
        };
        const purchase = events.find((entry) => entry.event === "purchase");
        const number = (purchase?.ecommerce as { transaction_id?: string } | undefined)?.transaction_id ?? "";
        expect(number).toMatch(/^TP-\d{8}$/);
        await expect(page.getByText(number, { exact: true }).first()).toBeVisible();

        expect(events).toEqual([
          { event: "sign_in", method: "password" },
          { event: "load_initial_data_success", filter_count: expect.any(Number) },
          // The route's preset (digital products) applied, the filters it leaves.
          { event: "load_filter_data_success", filter_count: expect.any(Number) },
          { event: "load_product_data_success", product_count: expect.any(Number) },
          { event: "add_to_cart", ecommerce: { currency: "USD", value: price, items: [dayPass] } },
          { event: "load_cart_popup_success", item_count: 1 },
          { event: "begin_checkout", ecommerce: { currency: "USD", value: price, items: [dayPass] } },
          {
            event: "add_payment_info",
            ecommerce: { currency: "USD", value: price, items: [dayPass], payment_type: "saved" },
          },
          {
            event: "purchase",
            ecommerce: {
              transaction_id: number,
              currency: "USD",
              value: price,
              shipping: 0,
              discount: 0,
              items: [dayPass],
            },
          },
        ]);
        expect(price).toBeGreaterThan(0);
        expectNoPersonalData(events);
      });
    }
  });

  test.describe("with a tag manager that cannot be reached", () => {
    test.use({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });

    test("a visitor shops as usual and the events still wait in the data layer", async ({ page }) => {
      // No internet: the script request fails outright.
      await page.route("https://www.googletagmanager.com/**", (route) => route.abort("internetdisconnected"));
      const portal = new Portal(page);
      const layer = new DataLayer(page);
      await portal.open("/products/bus");
      await portal.seeHeading("Bus");
      await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByText("Day Pass")).toBeVisible();
      await layer.seeEvent("add_to_cart");
      expect((await layer.events()).map((entry) => entry.event)).toEqual([
        "load_initial_data_success",
        "load_filter_data_success",
        "load_product_data_success",
        "add_to_cart",
        "load_cart_popup_success",
      ]);
      await portal.checkAccessibility();
    });
  });
});

test.describe("without a tag manager (the demo: allowed, no id)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("pushes nothing, loads no script, and the CSP names no Google host", async ({ page }) => {
    const layer = new DataLayer(page);
    const { requests } = await layer.stubTagManager();
    const portal = new Portal(page);
    await portal.open("/products/bus");
    const reply = await page.reload();
    const csp = reply?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("googletagmanager");
    expect(csp).not.toContain("google-analytics");
    await portal.seeHeading("Bus");
    // A visitor filters and adds to the cart: events a tag manager would get, were there one.
    const filters = page.getByRole("complementary", { name: "Find your fare" });
    await filters.getByRole("button", { name: "Rail" }).click();
    await expect(filters.getByRole("button", { name: "Rail" })).toHaveAttribute("aria-pressed", "true");
    await filters.getByRole("button", { name: "Bus" }).click();
    await expect(filters.getByRole("button", { name: "Bus" })).toHaveAttribute("aria-pressed", "true");
    await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("dialog", { name: "Shopping cart" })).toBeVisible();
    await portal.checkAccessibility();
    expect(await layer.entries()).toBeUndefined();
    expect(await layer.tagManagerScripts()).toEqual([]);
    expect(requests).toEqual([]);
  });
});
