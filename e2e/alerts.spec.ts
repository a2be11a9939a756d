import { expect, test } from "./fixtures.ts";
import { FareCardsPage } from "./models/fare-cards.ts";
import { mailTo } from "./models/riders.ts";

/*
 * Alerts a rider chooses (issue 35), against the real server at a phone's and a desktop's width: the
 * rider sets the low-balance amount under Account → Notifications, a tap at a reader (the simulator)
 * takes the card under it, and the alert is in the dev mailbox once, in the rider's language; a second
 * tap sends no other. The desktop run is in Vietnamese.
 */

for (const { label, viewport, vietnamese } of [
  { label: "390", viewport: { width: 390, height: 844 }, vietnamese: false },
  { label: "1280", viewport: { width: 1280, height: 800 }, vietnamese: true },
] as const) {
  test(`a low-balance alert arrives once after a tap takes the card under the rider's amount (${label} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const screen = new FareCardsPage(page);
    const rider = await screen.signInAsNewRider(`alerts-${label}`);
    const card = await screen.issueCard(700);
    await screen.open();
    await screen.linkCard({ number: card.card_number, code: card.security_code, nickname: "Commute" });
    await screen.seeNotice("The card was linked to your account.");

    const words = vietnamese
      ? {
          menu: "Thông báo",
          toggle: "Khi số dư thẻ xuống dưới một mức",
          amount: "Báo khi dưới",
          save: "Lưu thông báo",
          saved: "Đã lưu các thông báo của bạn.",
          bad: /Nhập số tiền từ/,
          subject: "Số dư thẻ của bạn sắp hết",
        }
      : {
          menu: "Notifications",
          toggle: "When a card's balance goes under an amount",
          amount: "Tell me under",
          save: "Save alerts",
          saved: "Your alerts are saved.",
          bad: /Enter an amount from \$1\.00 to \$1,000\.00\./,
          subject: "Your card's balance is low",
        };
    await page.goto("/account/profile");
    if (vietnamese) await screen.portal.chooseLanguage("Language", "Tiếng Việt");
    await page.getByRole("navigation").getByRole("link", { name: words.menu }).first().click();
    await expect(page).toHaveURL(/\/account\/notifications$/);
    await expect(page.getByRole("checkbox", { name: words.toggle })).toBeChecked();
    const amount = page.getByRole("textbox", { name: words.amount });
    await expect(amount).toHaveValue("5.00");
    // An amount that is not one is refused in the form; nothing is saved.
    await amount.fill("lots");
    await page.getByRole("button", { name: words.save }).click();
    await expect(amount).toHaveAccessibleDescription(words.bad);
    await amount.fill("6.00");
    await page.getByRole("button", { name: words.save }).click();
    await screen.seeNotice(words.saved);
    await screen.portal.checkAccessibility();
    await page.screenshot({ path: `.tmp/alerts-${label}.png`, fullPage: true });
    // The saved amount is what the page shows after a reload.
    await page.reload();
    await expect(page.getByRole("textbox", { name: words.amount })).toHaveValue("6.00");

    // 7.00 less a 2.50 bus fare is 4.50: under 6.00.
    const tapped = await page.request.post("/dev/transit/taps", {
      data: { route: "10", fare_medium: card.id, key: "alerts-1" },
    });
    expect(tapped.status(), await tapped.text()).toBe(201);
    const lowBalance = /\/faremedia\/[0-9a-f-]{36}/;
    await expect(async () => expect(await mailTo(page, rider.email, lowBalance)).toHaveLength(1)).toPass({
      timeout: 10_000,
    });
    await page.goto("/dev/mailbox");
    await expect(page.getByText(words.subject).first()).toBeVisible();
    const again = await page.request.post("/dev/transit/taps", {
      data: { route: "10", fare_medium: card.id, key: "alerts-2" },
    });
    expect(again.status()).toBe(201);
    expect(await mailTo(page, rider.email, lowBalance)).toHaveLength(1);
  });
}
