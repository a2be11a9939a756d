import { asDemoRider, expect, test } from "./fixtures.ts";
import { PassesPage } from "./models/passes.ts";
import { signInAsNewRider } from "./models/riders.ts";
import { openProfile } from "./models/signed-in.ts";

/*
 * Devices, pass history and unattached passes against the real server, in Chromium at a phone's and a
 * desktop's width, as the demo rider (seeded with two devices, passes on the Pixel and two unattached
 * passes). What a test changes it changes back (a pass moved to a device comes back to the cloud), so
 * the demo data stays as seeded. axe scans every screen and dialog.
 */

const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const size of sizes) {
  test.describe(`passes (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    asDemoRider(
      "the demo rider's devices: listed, renamed only when asked, kept when the removal is declined",
      async ({ page }) => {
        const passes = new PassesPage(page);
        await openProfile(passes.portal);
        await passes.openFromMenu("Devices");
        await passes.seeDevice("Riley's Pixel", "Pixel 9");
        await passes.seeDevice("Work iPhone", "iPhone 16");
        await passes.portal.checkAccessibility();
        await page.screenshot({ path: `.tmp/passes-devices-${size.width}.png`, fullPage: true });

        await page.getByRole("button", { name: "Edit Work iPhone" }).click();
        const edit = page.getByRole("dialog", { name: "Edit device" });
        await passes.portal.seeCentred(edit);
        await expect(edit.getByLabel("Nickname")).toHaveValue("Work iPhone");
        await edit.getByLabel("Nickname").fill("");
        await edit.getByRole("button", { name: "Save" }).click();
        await expect(edit.getByLabel("Nickname")).toHaveAccessibleDescription("Nickname can not be empty.");
        await passes.portal.checkAccessibility();
        await edit.getByRole("button", { name: "Cancel" }).click();
        await passes.portal.seeNoDialogLeft();

        await page.getByRole("button", { name: "Remove Riley's Pixel" }).click();
        const question = page.getByRole("alertdialog", { name: "Remove Riley's Pixel?" });
        await passes.portal.seeCentred(question);
        await expect(question).toContainText("go back to the cloud");
        await passes.portal.checkAccessibility();
        await question.getByRole("button", { name: "Keep device" }).click();
        await passes.portal.seeNoDialogLeft();
        await passes.seeDevice("Riley's Pixel", "Pixel 9");
      },
    );

    asDemoRider(
      "pass history: a pass's details, moved to a device and back to the cloud; purchase history",
      async ({ page }) => {
        const passes = new PassesPage(page);
        await openProfile(passes.portal);
        await passes.openFromMenu("Pass History");
        await expect(page).toHaveURL(/\/account\/passhistory\/1$/);
        await expect(passes.historyTable(1)).toBeVisible();
        await expect(page.getByRole("heading", { name: "Purchase history" })).toBeVisible();
        await passes.portal.checkAccessibility();
        await page.screenshot({ path: `.tmp/passes-history-${size.width}.png`, fullPage: true });

        await passes.openMovablePass(1);
        await expect(passes.location()).toHaveText("Cloud");
        await passes.portal.checkAccessibility();
        await passes.moveTo("Work iPhone", "Pass successfully transferred to device.");
        await expect(passes.location()).toHaveText("On Work iPhone");
        await page.screenshot({ path: `.tmp/passes-detail-${size.width}.png`, fullPage: true });
        // Back where it was: the demo data stays as seeded.
        await passes.moveTo("Cloud", "Pass successfully transferred to cloud.");
        await expect(passes.location()).toHaveText("Cloud");

        await page.getByRole("link", { name: "Back to pass history" }).click();
        await expect(passes.historyTable(1)).toBeVisible();
      },
    );

    test("an active pass says why it cannot move; an unknown pass is not found", async ({ page }) => {
      const passes = new PassesPage(page);
      await signInAsNewRider(passes.portal, "active-pass");
      const card = await passes.freshYouthCard();
      const pass = await passes.buyYouthPass(card.id);
      await passes.tap(card.number);
      await passes.openFromMenu("Pass History");
      await passes.historyTable(1).getByRole("link", { name: pass }).click();
      await expect(page.getByTestId("pass-detail").getByTestId("pass-status")).toHaveText("Active");
      await expect(page.getByTestId("immovable")).toHaveText(
        "This pass is active: a pass in use cannot be moved.",
      );
      await expect(page.getByRole("button", { name: "Move pass" })).toHaveCount(0);
      await passes.portal.checkAccessibility();

      await passes.portal.open("/account/passhistory/1/00000000-0000-4000-8000-00000000beef");
      await expect(page.getByRole("heading", { name: "Pass not found" })).toBeVisible();
      await expect(page.getByText("Pass details not found.")).toBeVisible();
      await passes.portal.checkAccessibility();
    });

    asDemoRider("an unattached youth pass is refused by an adult card", async ({ page }) => {
      const passes = new PassesPage(page);
      await openProfile(passes.portal);
      await passes.openFromMenu("Unattached Passes");
      const youth = passes.unattached(/7-Day/);
      await expect(youth).toBeVisible();
      await passes.portal.checkAccessibility();
      await page.screenshot({ path: `.tmp/passes-unattached-${size.width}.png`, fullPage: true });
      await youth.getByRole("button", { name: /to a fare card/ }).click();
      const dialog = page.getByRole("dialog", { name: /^Attach / });
      await passes.portal.seeCentred(dialog);
      await dialog.getByRole("radio", { name: /Commute card/ }).check();
      await dialog.getByRole("button", { name: "Attach pass" }).click();
      await expect(dialog.getByRole("alert")).toHaveText(
        "The selected passes are not eligible for this fare media.",
      );
      await passes.portal.checkAccessibility();
      await page.screenshot({ path: `.tmp/passes-attach-${size.width}.png` });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await passes.portal.seeNoDialogLeft();
      await expect(youth).toBeVisible();
    });

    test("a fresh rider attaches an unattached pass to their card of its rider type", async ({ page }) => {
      const passes = new PassesPage(page);
      await signInAsNewRider(passes.portal, "attach");
      const { card, pass } = await passes.freshYouthCardAndUnattachedPass();
      await passes.openFromMenu("Unattached Passes");
      const item = passes.unattached(new RegExp(pass));
      await expect(item).toHaveCount(1);
      await item.getByRole("button", { name: /to a fare card/ }).click();
      const dialog = page.getByRole("dialog", { name: `Attach ${pass}` });
      await passes.portal.seeCentred(dialog);
      // The rider's only card is chosen already.
      await expect(dialog.getByRole("radio", { name: new RegExp(card) })).toBeChecked();
      await dialog.getByRole("button", { name: "Attach pass" }).click();
      await expect(page.getByText("The pass was attached to the fare card.")).toBeVisible();
      await passes.portal.seeNoDialogLeft();
      await expect(page.getByText(/You have no unattached passes/)).toBeVisible();
      await passes.portal.checkAccessibility();
    });
  });
}
