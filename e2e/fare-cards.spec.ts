import { asDemoRider, expect, test } from "./fixtures.ts";
import { FareCardsPage } from "./models/fare-cards.ts";
import { openProfile } from "./models/signed-in.ts";

/*
 * The fare cards screen against the real server, in Chromium at a desktop's and a phone's width: the
 * demo rider's cards and a card's details and activity (looked at only), and a new rider who links a
 * fresh card from the server's development route (a wrong code first), names it, blocks it after the
 * question and unblocks it. The demo guest card (6000 0000 0000 0031) is never linked.
 */

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;

test.describe("fare cards", () => {
  test("a guest is asked to sign in", async ({ page }) => {
    const screen = new FareCardsPage(page);
    await screen.portal.open("/faremedia");
    await screen.portal.seeHeading("Fare cards");
    await expect(page.getByText("Sign in to see the fare cards on your account.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  });

  test("a guest opening a card's page signs in and lands on that card, not the list (issue 47)", async ({
    page,
  }) => {
    const signedIn = await page.request.post("/accounts/users/login", {
      data: { email: "rider@example.com", password: "transit-demo-2026" },
    });
    const token: string = (await signedIn.json()).data.access_token;
    const list = await page.request.get("/transit/faremedia", {
      headers: { authorization: `Bearer ${token}` },
    });
    const cards: Array<{ faremedia_id: string; nickname: string }> = (await list.json()).data.fare_mediums;
    const commute = cards.find((card) => card.nickname === "Commute card");
    expect(commute).toBeDefined();
    const screen = new FareCardsPage(page);
    await screen.portal.open(`/faremedia/${commute?.faremedia_id}`);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await screen.portal.seeHeading("Sign in");
    await page.getByLabel("Email", { exact: true }).fill("rider@example.com");
    await page.getByLabel("Password", { exact: true }).fill("transit-demo-2026");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/faremedia/${commute?.faremedia_id}$`));
    await expect(page.getByTestId("card-number")).toHaveText("6000 0000 0000 0015");
  });

  asDemoRider("the demo rider's cards beside a card's details and activity (desktop)", async ({ page }) => {
    await page.setViewportSize(desktop);
    const screen = new FareCardsPage(page);
    await openProfile(screen.portal);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Fare cards" }).click();
    await screen.portal.seeHeading("Fare cards");
    await expect(screen.cardLink("Commute card")).toBeVisible();
    await expect(screen.cardLink("Lost card")).toContainText("Blocked");
    await expect(page.getByText("Choose a card to see its balance, passes and activity.")).toBeVisible();
    await screen.portal.checkAccessibility();

    await screen.openCard("Commute card");
    await expect(page).toHaveURL(/\/faremedia\/[0-9a-f-]{36}$/);
    await expect(screen.cardLink("Commute card")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("card-number")).toHaveText("6000 0000 0000 0015");
    await expect(screen.status()).toHaveText("Active");
    await expect(page.getByRole("heading", { name: "Balance" })).toBeVisible();
    await expect(page.getByText(/^As of /)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Passes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Block card" })).toBeVisible();
    await screen.portal.checkAccessibility();
    await screen.screenshot("commute-1280");

    await screen.openCard("Lost card");
    await expect(screen.status()).toHaveText("Blocked");
    await expect(page.getByTestId("status-note")).toContainText("until you unblock it");
    await expect(page.getByRole("button", { name: "Unblock card" })).toBeVisible();
    await screen.portal.checkAccessibility();

    // An id that is not one of the rider's cards.
    await screen.open("/faremedia/ffffffff-0000-4000-8000-00000000dead");
    await expect(page.getByRole("heading", { name: "Fare card not found" })).toBeVisible();
  });

  for (const [label, size] of [
    ["desktop", desktop],
    ["phone", phone],
  ] as const) {
    asDemoRider(
      `a language switch on a card's page says its caps, category and routes in it (${label})`,
      async ({ page }) => {
        await page.setViewportSize(size);
        const screen = new FareCardsPage(page);
        await screen.open("/faremedia");
        await screen.openCard("Kid's card");
        const caps = page.getByTestId("fare-caps");
        await expect(caps.getByText("Daily cap")).toBeVisible();
        // Dates as the deployment writes them in each language (issue 47): MM/dd/yyyy hh:mm a in
        // English, dd/MM/yyyy HH:mm in Vietnamese and Spanish.
        const firstDate = page.getByTestId("activity-row").first().locator('[data-cell="date"]');
        const english = (await firstDate.textContent()) ?? "";
        const parts = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) (AM|PM)$/.exec(english);
        expect(parts, english).not.toBeNull();
        const [, month, dayOfMonth, year, hour, minute, half] = parts ?? [];
        const hours24 = (Number(hour) % 12) + (half === "PM" ? 12 : 0);
        const dayFirst = `${dayOfMonth}/${month}/${year} ${String(hours24).padStart(2, "0")}:${minute}`;
        await screen.portal.chooseLanguage("Language", "Tiếng Việt");
        await expect(firstDate).toHaveText(dayFirst);
        // The server's names come again in Vietnamese; the category is said as the rider type is.
        const main = page.getByRole("main");
        await expect(main.getByText("Giới hạn ngày").first()).toBeVisible();
        await expect(main.getByText(/Phà Cảng/).first()).toBeVisible();
        for (const english of ["Daily cap", "Youth", "Fare caps", "Activity"]) {
          await expect(main.getByText(english, { exact: true })).toHaveCount(0);
        }
        await screen.portal.checkAccessibility();
        await screen.portal.chooseLanguage("Ngôn ngữ", "Español");
        await expect(main.getByRole("heading", { name: "Actividad" })).toBeVisible();
        await expect(firstDate).toHaveText(dayFirst);
      },
    );
  }

  asDemoRider("on a phone the list comes first, then a card's own page (390 px)", async ({ page }) => {
    await page.setViewportSize(phone);
    const screen = new FareCardsPage(page);
    await openProfile(screen.portal);
    await screen.open();
    await expect(screen.cardLink("Commute card")).toBeVisible();
    await screen.portal.checkAccessibility();
    await screen.screenshot("list-390");
    await screen.openCard("Commute card");
    await expect(screen.list()).toBeHidden();
    await expect(page.getByRole("link", { name: "All fare cards" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await expect(page.getByTestId("balance")).toBeVisible();
    await screen.portal.checkAccessibility();
    await screen.screenshot("commute-390");
    await page.getByRole("link", { name: "All fare cards" }).click();
    await expect(screen.cardLink("Commute card")).toBeVisible();
  });

  test("a new rider links a fresh card, names it, blocks and unblocks it (390 px)", async ({ page }) => {
    await page.setViewportSize(phone);
    const screen = new FareCardsPage(page);
    const card = await screen.issueCard(1_500);
    await screen.signInAsNewRider("fare-cards");
    await screen.open();
    await expect(page.getByText(/There are no fare cards on your account yet/)).toBeVisible();
    await screen.portal.checkAccessibility();

    const wrongCode = card.security_code === "999" ? "998" : "999";
    await screen.linkCard({ number: card.card_number, code: wrongCode });
    await screen.seeAlert("No matches found. Check the card number and security code and try again.");
    await expect(screen.linkDialog().getByLabel("Security code")).toHaveValue("");
    await screen.portal.seeCentred(screen.linkDialog());
    await screen.portal.checkAccessibility();
    await screen.screenshot("link-refused-390");

    await screen.linkCard({ number: card.card_number, code: card.security_code, nickname: "Bus card" });
    await screen.seeNotice("The card was linked to your account.");
    await screen.portal.seeNoDialogLeft();
    await expect(page).toHaveURL(new RegExp(`/faremedia/${card.id}$`));
    await screen.seeCard("Bus card");
    await expect(page.getByTestId("general-funds")).toContainText("15.00");

    await page.getByRole("button", { name: "Edit nickname" }).click();
    await page.getByRole("textbox", { name: "Nickname" }).fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("textbox", { name: "Nickname" })).toHaveAccessibleDescription(
      "Nickname can not be empty.",
    );
    // A card number is no nickname: refused where it is typed, before anything is sent.
    await page.getByRole("textbox", { name: "Nickname" }).fill("My Visa 4242 4242 4242 4242");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("textbox", { name: "Nickname" })).toHaveAccessibleDescription(
      "Nickname is not valid.",
    );
    await page.getByRole("textbox", { name: "Nickname" }).fill("Night bus card");
    await page.getByRole("button", { name: "Save" }).click();
    await screen.seeCard("Night bus card");

    await page.getByRole("button", { name: "Block card" }).click();
    const question = page.getByRole("alertdialog", { name: "Block this card?" });
    await screen.portal.seeCentred(question);
    await expect(question).toContainText("lost or stolen");
    await screen.portal.checkAccessibility();
    await question.getByRole("button", { name: "Block card" }).click();
    await screen.seeNotice("The card is blocked.");
    await screen.portal.seeNoDialogLeft();
    await expect(screen.status()).toHaveText("Blocked");
    await expect(page.getByTestId("activity-row").first()).toContainText("Card blocked");
    await screen.portal.checkAccessibility();
    await screen.screenshot("blocked-390");

    await page.getByRole("button", { name: "Unblock card" }).click();
    await screen.seeNotice("The card is unblocked.");
    await expect(screen.status()).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Block card" })).toBeVisible();
  });

  test("a card still holding value cannot be removed; an empty one is removed after the question (desktop)", async ({
    page,
  }) => {
    await page.setViewportSize(desktop);
    const screen = new FareCardsPage(page);
    const full = await screen.issueCard(500);
    const empty = await screen.issueCard(0);
    await screen.signInAsNewRider("fare-cards-remove");
    await screen.open();
    await screen.linkCard({ number: full.card_number, code: full.security_code, nickname: "Spare card" });
    await screen.seeCard("Spare card");
    await expect(page.getByTestId("remove-note")).toHaveText(
      "A card that still holds value or usable passes cannot be removed: transfer its balance to another card first.",
    );
    await expect(page.getByRole("button", { name: "Remove card" })).toHaveCount(0);

    await screen.linkCard({ number: empty.card_number, code: empty.security_code, nickname: "Old card" });
    await screen.seeCard("Old card");
    await expect(screen.cardLink("Spare card")).toBeVisible();
    await screen.portal.checkAccessibility();
    await screen.screenshot("two-cards-1280");
    await page.getByRole("button", { name: "Remove card" }).click();
    const question = page.getByRole("alertdialog", { name: "Remove this card?" });
    await screen.portal.seeCentred(question);
    await screen.portal.checkAccessibility();
    await question.getByRole("button", { name: "Remove card" }).click();
    await screen.seeNotice("The card was removed.");
    await screen.portal.seeNoDialogLeft();
    await expect(page).toHaveURL(/\/faremedia$/);
    await expect(screen.cardLink("Old card")).toHaveCount(0);
    await expect(screen.cardLink("Spare card")).toBeVisible();
  });
});
