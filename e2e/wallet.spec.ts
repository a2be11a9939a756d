import { expect, test } from "./fixtures.ts";
import { WalletPage } from "./models/wallet.ts";

/*
 * Transfers, add value and autoload against the real server (issue 13), in Chromium at a phone's and a
 * desktop's width. Each test signs a new rider up and links two fresh cards issued by the dev route
 * (POST /dev/transit/fare_media), so balances start where the test says.
 */

const sizes = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

for (const size of sizes) {
  test.describe(`wallet at ${size.name} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size.viewport);
    });
    // Signing up, two cards, a saved card, then three flows: about 30 s on a loaded machine.
    test.setTimeout(90_000);

    test("a rider moves value between two cards, adds value and sets up a weekly autoload", async ({
      page,
    }) => {
      const wallet = new WalletPage(page);
      await wallet.signInAsNewRider(`wallet-${size.name}`);
      const commute = await wallet.linkNewCard("Commute", 2_000);
      const spare = await wallet.linkNewCard("Spare", 0);
      await wallet.saveVisa();

      // Transfer: more than the general funds is refused before anything moves.
      await wallet.openCard(commute);
      await wallet.portal.checkAccessibility();
      await wallet.actions(commute).getByRole("button", { name: "Transfer balance" }).click();
      const transfer = wallet.panel("Transfer balance");
      // The only other card is chosen already.
      await expect(transfer.getByRole("radio", { name: new RegExp(spare.nickname) })).toBeChecked();
      await transfer.getByRole("textbox", { name: "Amount" }).fill("25");
      await transfer.getByRole("button", { name: "Review transfer" }).click();
      await expect(transfer.getByRole("textbox", { name: "Amount" })).toHaveAccessibleDescription(
        /Transfer amount should not be exceeded/,
      );
      await wallet.portal.checkAccessibility();
      await transfer.getByRole("textbox", { name: "Amount" }).fill("5.00");
      await transfer.getByRole("button", { name: "Review transfer" }).click();
      await expect(transfer.getByRole("button", { name: "Transfer", exact: true })).toBeVisible();
      await wallet.screenshot(`transfer-confirm-${size.name}`);
      await wallet.portal.checkAccessibility();
      await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
      await expect(transfer.getByRole("status")).toHaveText("$5.00 moved to Spare.");
      await expect(transfer.getByText("$15.00")).toBeVisible();
      await expect(transfer.getByText("$5.00", { exact: true })).toBeVisible();
      await wallet.portal.checkAccessibility();
      await transfer.getByRole("button", { name: "Close" }).click();

      // Add value with the saved Visa.
      await wallet.actions(commute).getByRole("button", { name: "Add value" }).click();
      const add = wallet.panel("Add value to Commute");
      await add.getByRole("button", { name: "$10.00" }).click();
      await add.getByRole("button", { name: "Continue" }).click();
      await expect(add.getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();
      await wallet.portal.checkAccessibility();
      await add.getByRole("button", { name: "Review" }).click();
      await wallet.screenshot(`add-value-review-${size.name}`);
      await add.getByRole("button", { name: "Pay $10.00" }).click();
      await expect(add.getByRole("status")).toContainText("$10.00 added. New balance: $25.00");
      await expect(add.getByRole("link", { name: /View order summary/ })).toBeVisible();
      await wallet.portal.checkAccessibility();
      await add.getByRole("button", { name: "Close" }).click();

      // A weekly autoload on Wednesdays.
      const autoload = wallet.panel("Autoload");
      await autoload.getByRole("button", { name: "Add autoload" }).click();
      await autoload.getByRole("radio", { name: "Every week" }).click({ force: true });
      await autoload.getByRole("combobox", { name: "Day of the week" }).selectOption("Wednesday");
      await wallet.screenshot(`autoload-form-${size.name}`);
      await wallet.portal.checkAccessibility();
      await autoload.getByRole("button", { name: "Save autoload" }).click();
      await expect(autoload.getByText("Every week on Wednesday")).toBeVisible();
      await expect(autoload.getByText("Visa •••• 4242")).toBeVisible();
      await wallet.portal.checkAccessibility();

      // Removing asks first.
      await autoload.getByRole("button", { name: "Remove autoload" }).click();
      const question = page.getByRole("alertdialog", { name: "Remove autoload?" });
      await expect(question).toBeVisible();
      await wallet.portal.checkAccessibility();
      await question.getByRole("button", { name: "Keep autoload" }).click();
      await expect(question).toBeHidden();
      await expect(autoload.getByText("Every week on Wednesday")).toBeVisible();
    });

    test("an autoload whose card is declined pauses, and the card says why with Resume", async ({ page }) => {
      const wallet = new WalletPage(page);
      await wallet.signInAsNewRider(`wallet-pause-${size.name}`);
      const commute = await wallet.linkNewCard("Commute", 2_000);
      await wallet.linkNewCard("Spare", 0);
      await wallet.saveVisa("4000000000009995");

      // Load $20 when the balance is at or below $5, paid by a card that declines when charged.
      await wallet.openCard(commute);
      const autoload = wallet.panel("Autoload");
      await autoload.getByRole("button", { name: "Add autoload" }).click();
      await expect(autoload.getByRole("radio", { name: "The balance is low" })).toBeChecked();
      await autoload.getByRole("textbox", { name: "When the balance is at or below" }).fill("5.00");
      await autoload.getByRole("button", { name: "Save autoload" }).click();
      await expect(autoload.getByText("When the balance is at or below $5.00")).toBeVisible();

      // A transfer leaves $4: the autoload runs at once, is declined and pauses.
      await wallet.actions(commute).getByRole("button", { name: "Transfer balance" }).click();
      const transfer = wallet.panel("Transfer balance");
      await transfer.getByRole("textbox", { name: "Amount" }).fill("16");
      await transfer.getByRole("button", { name: "Review transfer" }).click();
      await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
      await expect(transfer.getByRole("status")).toHaveText("$16.00 moved to Spare.");
      await expect(autoload.getByText(/^Paused:/)).toBeVisible();
      await expect(autoload.getByRole("button", { name: "Resume" })).toBeVisible();
      await wallet.screenshot(`autoload-paused-${size.name}`);
      await wallet.portal.checkAccessibility();
    });

    test("the wallet's balance and Add value on the payment methods page", async ({ page }) => {
      const wallet = new WalletPage(page);
      await wallet.signInAsNewRider(`wallet-load-${size.name}`);
      await wallet.saveVisa();
      const panel = page.getByRole("region", { name: "Wallet" });
      await expect(panel.getByText("$0.00")).toBeVisible();
      await panel.getByRole("button", { name: "Add value to wallet" }).click();
      const add = wallet.panel("Add value to your wallet");
      await add.getByRole("textbox", { name: "Other amount" }).fill("2");
      await add.getByRole("button", { name: "Continue" }).click();
      await expect(add.getByRole("textbox", { name: "Other amount" })).toHaveAccessibleDescription(
        /Amount is not valid\./,
      );
      await add.getByRole("textbox", { name: "Other amount" }).fill("12.50");
      await add.getByRole("button", { name: "Continue" }).click();
      await add.getByRole("button", { name: "Review" }).click();
      await add.getByRole("button", { name: "Pay $12.50" }).click();
      await expect(add.getByRole("status")).toContainText("New balance: $12.50");
      await expect(panel.getByText("$12.50").first()).toBeVisible();
      await wallet.screenshot(`wallet-${size.name}`);
      await wallet.portal.checkAccessibility();
    });

    test("the wallet's own autoload: set up, shown after a reload, changed and removed", async ({ page }) => {
      const wallet = new WalletPage(page);
      await wallet.signInAsNewRider(`wallet-autoload-${size.name}`);
      await wallet.saveVisa();
      const panel = page.getByRole("region", { name: "Wallet" });
      const autoload = panel.getByRole("region", { name: "Autoload" });
      // The form comes when asked for (the page does not download it).
      await panel.getByRole("button", { name: "Set up autoload" }).click();
      await autoload.getByRole("button", { name: "Add autoload" }).click();
      await expect(autoload.getByRole("radio", { name: "The balance is low" })).toBeChecked();
      await autoload.getByRole("textbox", { name: "When the balance is at or below" }).fill("7.50");
      await autoload.getByRole("button", { name: "Save autoload" }).click();
      await expect(autoload.getByText("When the balance is at or below $7.50")).toBeVisible();
      await expect(autoload.getByText("Visa •••• 4242")).toBeVisible();
      await wallet.screenshot(`wallet-autoload-${size.name}`);
      await wallet.portal.checkAccessibility();

      // Kept by the server: a reload says it is on, and it is the wallet's, not a card's.
      await page.reload();
      await expect(panel.getByText("Autoload is on.")).toBeVisible();
      await wallet.portal.checkAccessibility();
      await panel.getByRole("button", { name: "Manage autoload" }).click();
      await expect(autoload.getByText("When the balance is at or below $7.50")).toBeVisible();
      await autoload.getByRole("button", { name: "Edit autoload" }).click();
      await autoload.getByRole("radio", { name: "Every month" }).click({ force: true });
      await autoload.getByRole("button", { name: "Save autoload" }).click();
      await expect(autoload.getByText(/^Every month on day/)).toBeVisible();

      await autoload.getByRole("button", { name: "Remove autoload" }).click();
      const question = page.getByRole("alertdialog", { name: "Remove autoload?" });
      await wallet.portal.seeCentred(question);
      await expect(question).toContainText("Value is no longer loaded automatically into your wallet.");
      await question.getByRole("button", { name: "Remove autoload" }).click();
      await expect(autoload.getByRole("button", { name: "Add autoload" })).toBeVisible();
      await page.reload();
      await expect(panel.getByRole("button", { name: "Set up autoload" })).toBeVisible();
      await expect(panel.getByText("Autoload is on.")).toHaveCount(0);

      // In Spanish, switched on the page: the wallet's autoload says and asks it in Spanish.
      await wallet.portal.chooseLanguage("Language", "Español");
      const billetera = page.getByRole("region", { name: "Billetera" });
      await billetera.getByRole("button", { name: "Configurar la recarga automática" }).click();
      const recarga = billetera.getByRole("region", { name: "Recarga automática" });
      await recarga.getByRole("button", { name: "Agregar recarga automática" }).click();
      await expect(recarga.getByRole("button", { name: "Guardar recarga automática" })).toBeVisible();
      await wallet.screenshot(`wallet-autoload-es-${size.name}`);
      await wallet.portal.checkAccessibility();
    });
  });
}
