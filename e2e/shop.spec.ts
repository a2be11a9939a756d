import { expect, type Page, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";

/** A product card on the products page, by the product's name. */
const productCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function setQuantity(page: Page, product: string, quantity: number) {
  const input = productCard(page, product).getByRole("spinbutton", { name: "Quantity" });
  await input.fill(String(quantity));
  await input.blur();
  await expect(input).toHaveValue(String(quantity));
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`shopping as a guest on a ${label}`, () => {
    test.use({ viewport });

    test("a first-time visitor takes the tour to the end, then shops", async ({ page }) => {
      const portal = new Portal(page);
      await portal.open("/products/bus", { firstVisit: true });
      await portal.seeCentred(portal.welcomePrompt());
      await portal.takeTheTour();
      await portal.seeStored("tourDone", "true");
      await portal.seeHeading("Bus");
      await portal.checkAccessibility();
      await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
      const drawer = page.getByRole("dialog", { name: "Shopping cart" });
      await expect(drawer.getByText("Day Pass")).toBeVisible();
      await portal.closeCart();
      await portal.seeNoDialogLeft();
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");
      // Nothing is left over the page: the next product takes its click.
      await productCard(page, "7-Day Pass").getByRole("button", { name: "Add to cart" }).click();
      await expect(drawer.getByText("7-Day Pass")).toBeVisible();
    });

    test("filters narrow the catalogue, and the page asks to choose first", async ({ page }) => {
      const portal = new Portal(page);
      await portal.open("/products");
      await portal.seeHeading("Products");
      await expect(page.getByText("select from the options to view products")).toBeVisible();
      await portal.checkAccessibility();

      const filters = page.getByRole("complementary", { name: "Find your fare" });
      await filters.getByRole("button", { name: "Rail" }).click();
      await expect(filters.getByRole("button", { name: "Rail" })).toHaveAttribute("aria-pressed", "true");
      await expect(productCard(page, "Rail One-Way: Union Station to Airport")).toBeVisible();
      await filters.getByRole("combobox", { name: "Origin" }).click();
      await page.getByRole("option", { name: "Union Station" }).click();
      await expect(page.getByText("3 products")).toBeVisible();
      await expect(productCard(page, "Day Pass")).toHaveCount(0);
      await portal.checkAccessibility();

      await filters.getByRole("button", { name: "Clear filters" }).click();
      await expect(page.getByText("select from the options to view products")).toBeVisible();
    });

    test("a language switch on /products brings the filters, the products and the cart in the new language", async ({
      page,
    }) => {
      const portal = new Portal(page);
      await portal.open("/products");
      const filters = page.getByRole("complementary", { name: "Find your fare" });
      await filters.getByRole("button", { name: "Bus" }).click();
      await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
      await portal.closeCart();

      for (const [current, next, words] of [
        [
          "Language",
          "Tiếng Việt",
          {
            find: "Tìm giá vé của bạn",
            bus: "Xe buýt",
            dayPass: "Vé ngày",
            cart: "Giỏ hàng",
            close: "Đóng giỏ hàng",
          },
        ],
        [
          "Ngôn ngữ",
          "Español",
          {
            find: "Encuentre su tarifa",
            bus: "Autobús",
            dayPass: "Pase de un día",
            cart: "Carrito de compras",
            close: "Cerrar carrito",
          },
        ],
      ] as const) {
        await portal.chooseLanguage(current, next);
        const translated = page.getByRole("complementary", { name: words.find });
        // The filter chosen stays chosen; its words, the products' and the cart's follow the language.
        await expect(translated.getByRole("button", { name: words.bus, exact: true })).toHaveAttribute(
          "aria-pressed",
          "true",
        );
        await expect(productCard(page, words.dayPass)).toBeVisible();
        for (const english of ["Service", "Fare type", "Duration", "Origin", "Destination", "Day Pass"]) {
          await expect(page.getByRole("main").getByText(english, { exact: true })).toHaveCount(0);
        }
        const cart = await portal.openCart(words.cart);
        await expect(cart.getByText(words.dayPass)).toBeVisible();
        await expect(cart.getByText("Day Pass", { exact: true })).toHaveCount(0);
        await portal.closeCart(words.close);
      }
      await portal.checkAccessibility();
    });

    test("adding past 20 tickets opens the order-limit dialog and changes nothing", async ({ page }) => {
      const portal = new Portal(page);
      await portal.open("/products/bus");
      await portal.seeHeading("Bus");
      await setQuantity(page, "Day Pass", 15);
      await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
      const drawer = page.getByRole("dialog", { name: "Shopping cart" });
      await expect(drawer.getByText("Day Pass")).toBeVisible();
      await expect(drawer.getByText("$75.00").first()).toBeVisible();
      await portal.checkAccessibility();
      await portal.closeCart();

      await setQuantity(page, "7-Day Pass", 6);
      await productCard(page, "7-Day Pass").getByRole("button", { name: "Add to cart" }).click();
      const limit = page.getByRole("alertdialog", { name: "Order limit" });
      await expect(
        limit.getByText("Sorry! We're unable to process more than 20 tickets in a single order."),
      ).toBeVisible();
      await portal.seeCentred(limit);
      await portal.checkAccessibility();
      await limit.getByRole("button", { name: "OK" }).click();
      await portal.seeNoDialogLeft();
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 15 items");

      // A quantity of 0 cannot be added.
      await setQuantity(page, "7-Day Pass", 0);
      await expect(
        productCard(page, "7-Day Pass").getByRole("button", { name: "Add to cart" }),
      ).toBeDisabled();
    });

    test("physical and digital never mix: 'Yes, clear cart', then the cart survives a reload", async ({
      page,
    }) => {
      const portal = new Portal(page);
      await portal.open("/products/bus");
      await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
      await portal.closeCart();

      await page.goto("/physical");
      await portal.seeHeading("Physical fare cards");
      await productCard(page, "30-Day Pass Card").getByRole("button", { name: "Add to cart" }).click();
      // Its alert first, then the conflict.
      const alert = page.getByRole("alertdialog", { name: "Before you buy" });
      await expect(
        alert.getByText("The pass starts on the first tap, not on the day it ships."),
      ).toBeVisible();
      await portal.seeCentred(alert);
      await alert.getByRole("button", { name: "I understand, add it" }).click();
      const conflict = page.getByRole("alertdialog", { name: "Start a new cart?" });
      await expect(conflict).toBeVisible();
      await portal.seeCentred(conflict);
      await portal.checkAccessibility();
      await conflict.getByRole("button", { name: "Yes, clear cart" }).click();
      const drawer = page.getByRole("dialog", { name: "Shopping cart" });
      await expect(drawer.getByText("30-Day Pass Card")).toBeVisible();
      await expect(drawer.getByText("Day Pass", { exact: true })).toHaveCount(0);
      await portal.closeCart();
      await portal.seeNoDialogLeft();

      await page.reload();
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");
      await page.goto("/cart");
      await portal.seeHeading("Shopping cart");
      await expect(page.getByText("30-Day Pass Card", { exact: true })).toBeVisible();
      await expect(page.getByText("Subtotal: $105.00")).toBeVisible();
      // A physical card in the cart: shopping goes on among the physical cards (the product mode).
      await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute(
        "href",
        "/physical",
      );
      await portal.checkAccessibility();
      await page.getByRole("button", { name: "Remove 30-Day Pass Card" }).click();
      await expect(page.getByText("Your shopping cart is empty.")).toBeVisible();
    });

    test("buy now as a guest asks to sign in, or to continue as a guest", async ({ page }) => {
      const portal = new Portal(page);
      await portal.open("/products/bus");
      await productCard(page, "Day Pass").getByRole("button", { name: "Buy now" }).click();
      const ask = page.getByRole("dialog", { name: "Please sign in before you checkout" });
      await expect(ask).toBeVisible();
      await expect(ask.getByRole("button", { name: "Continue as guest" })).toBeVisible();
      await portal.seeCentred(ask);
      await portal.checkAccessibility();
      await ask.getByRole("button", { name: "Continue as guest" }).click();
      await expect(page).toHaveURL(/\/anonymous\/checkout$/);
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");
    });
  });
}

test.describe("the filter card on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("folds when the route already lists products, and unfolds on request", async ({ page }) => {
    const portal = new Portal(page);
    await portal.open("/products/bus");
    await expect(productCard(page, "Day Pass")).toBeVisible();
    const filters = page.getByRole("complementary", { name: "Find your fare" });
    const toggle = filters.getByRole("button", { name: "Filters (1)" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(filters.getByRole("button", { name: "Rail" })).toBeHidden();
    await portal.checkAccessibility();

    await toggle.click();
    await expect(filters.getByRole("button", { name: "Hide filters" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await filters.getByRole("button", { name: "Rail" }).click();
    await expect(productCard(page, "Rail One-Way: Union Station to Airport")).toBeVisible();
    // Choosing keeps the card open; hiding it folds it again.
    await filters.getByRole("button", { name: "Hide filters" }).click();
    await expect(filters.getByRole("button", { name: "Rail" })).toBeHidden();
  });
});

test.describe("buying for a fare card", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test("signs in on /digital, buys a renewing pass for one card, and clears the cart for another", async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.open("/digital");
    await portal.seeHeading("Choose a fare card");
    await portal.checkAccessibility();
    await page.getByLabel("Email", { exact: true }).fill("rider@example.com");
    await page.getByLabel("Password", { exact: true }).fill("transit-demo-2026");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    // Back on /digital: blocked and paper cards are not offered.
    await expect(page).toHaveURL(/\/digital$/);
    await expect(page.getByRole("button", { name: /^Commute card/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Kid's card/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Lost card|Paper ticket/ })).toHaveCount(0);
    await portal.checkAccessibility();

    await page.getByRole("button", { name: /^Commute card/ }).click();
    await expect(page).toHaveURL(/\/products\/null\/digital$/);
    await portal.seeHeading("Passes for your fare card");
    await expect(page.getByRole("heading", { name: "Buying for Commute card" })).toBeVisible();
    await expect(productCard(page, "Metro Fare Card")).toHaveCount(0);
    await productCard(page, "7-Day Pass").getByRole("button", { name: "Add to cart" }).click();
    const renewal = page.getByRole("alertdialog", { name: "One-time or auto-renew?" });
    await expect(renewal).toBeVisible();
    await portal.checkAccessibility();
    await renewal.getByRole("button", { name: "Auto-renew" }).click();
    await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByText("7-Day Pass")).toBeVisible();
    await portal.closeCart();

    await page.goto("/digital");
    await page.getByRole("button", { name: /^Kid's card/ }).click();
    const clear = page.getByRole("alertdialog", { name: "Start a new cart?" });
    await expect(clear).toBeVisible();
    await clear.getByRole("button", { name: "Yes, clear cart" }).click();
    await expect(page).toHaveURL(/\/products\/null\/digital$/);
    await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 0 items");
    await expect(productCard(page, "Youth Day Pass")).toBeVisible();
    await expect(productCard(page, "Day Pass")).toHaveCount(0);
  });
});
