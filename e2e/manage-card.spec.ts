import { expect, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";

/*
 * /manage-card for a guest against the real server, at a phone's and a desktop's width: a wrong
 * security code gets the one message, the right pair opens card 6000 0000 0000 0031 (the seed's
 * demoGuestCard: $8.00 and two passes), Done forgets it. axe scans each state.
 */

const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const guestCard = { number: "6000 0000 0000 0031", securityCode: "731" };

for (const size of sizes) {
  test(`a guest manages a card by its number and security code (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const portal = new Portal(page);
    await portal.open("/manage-card");
    await portal.seeHeading("Manage Card");
    await portal.checkAccessibility();

    await page.getByLabel("Card number").fill(guestCard.number);
    await page.getByLabel("Security code").fill("000");
    await page.getByRole("button", { name: "View card" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "No matches found. Check the card number and security code and try again.",
    );
    await expect(page.getByLabel("Security code")).toHaveValue("");
    await portal.checkAccessibility();

    await page.getByLabel("Security code").fill(guestCard.securityCode);
    await page.getByRole("button", { name: "View card" }).click();
    const card = page.getByTestId("guest-card");
    await expect(card.getByRole("heading", { name: guestCard.number })).toBeVisible();
    await expect(card.getByTestId("general-funds")).toHaveText("$8.00");
    await expect(page.getByTestId("pass")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await portal.seeStored("isGuestUser", "true");
    await portal.checkAccessibility();
    await page.screenshot({ path: `.tmp/manage-card-${size.width}.png`, fullPage: true });

    // Another visit keeps the card open while the token lives.
    await page.reload();
    await expect(page.getByTestId("guest-card")).toBeVisible();

    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("You are done with this card.")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await portal.seeStored("card_token", null);
    await portal.checkAccessibility();
  });
}
