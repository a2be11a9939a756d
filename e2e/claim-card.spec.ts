import { expect, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";
import { signUpRider } from "./models/riders.ts";

/*
 * "Keep this card in an account" on /manage-card (issue 35), against the real server at a phone's and
 * a desktop's width: a guest opens a fresh card by number and security code, is taken to sign in and
 * comes back to the same card, adds it, and lands on it in their fare cards with its balance; a second
 * rider who opens the same card is told it is already on an account. The desktop run is in Vietnamese.
 */

for (const { label, viewport, vietnamese } of [
  { label: "390", viewport: { width: 390, height: 844 }, vietnamese: false },
  { label: "1280", viewport: { width: 1280, height: 800 }, vietnamese: true },
] as const) {
  test(`a guest's card is added to their account after signing in (${label} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const portal = new Portal(page);
    const rider = await signUpRider(portal, { confirmed: true, prefix: `claim-${label}` });
    const issued = await page.request.post("/dev/transit/fare_media", { data: { balance: 2_500 } });
    expect(issued.status(), await issued.text()).toBe(201);
    const card = (await issued.json()).data as { id: string; card_number: string; security_code: string };

    await portal.open("/manage-card");
    if (vietnamese) await portal.chooseLanguage("Language", "Tiếng Việt");
    const words = vietnamese
      ? {
          number: "Số thẻ",
          code: "Mã bảo mật",
          view: "Xem thẻ",
          keep: "Lưu thẻ này vào một tài khoản",
          signIn: "Đăng nhập để thêm thẻ",
          add: "Thêm vào tài khoản của tôi",
          added: "Thẻ đã có trong tài khoản của bạn.",
        }
      : {
          number: "Card number",
          code: "Security code",
          view: "View card",
          keep: "Keep this card in an account",
          signIn: "Sign in to add it",
          add: "Add to my account",
          added: "The card is now in your account.",
        };
    await page.getByLabel(words.number).fill(card.card_number);
    await page.getByLabel(words.code).fill(card.security_code);
    await page.getByRole("button", { name: words.view }).click();
    const claim = page.getByTestId("claim-card");
    await expect(claim.getByRole("heading", { name: words.keep })).toBeVisible();
    await portal.checkAccessibility();
    await claim.getByRole("button", { name: words.signIn }).click();

    // Sign-in, then back to the same card without typing it again.
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("textbox", { name: "Email" }).fill(rider.email);
    await page.getByRole("textbox", { name: vietnamese ? "Mật khẩu" : "Password" }).fill(rider.password);
    await page.getByRole("button", { name: vietnamese ? "Đăng nhập" : "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/manage-card$/);
    await expect(
      page.getByTestId("guest-card").getByRole("heading", { name: card.card_number }),
    ).toBeVisible();
    await page.screenshot({ path: `.tmp/claim-card-${label}.png`, fullPage: true });
    await portal.checkAccessibility();
    await claim.getByRole("button", { name: words.add }).click();
    await expect(page.getByRole("status").filter({ hasText: words.added })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/faremedia/${card.id}$`));
    await expect(page.getByTestId("card-number")).toHaveText(card.card_number);
    await expect(page.getByTestId("general-funds")).toContainText(/25[.,]00/);
    await portal.checkAccessibility();
    // The guest's card token went with the claim.
    expect(await portal.storedValue("card_token")).toBeNull();
    expect(await portal.storedValue("isGuestUser")).toBeNull();
  });
}

test("a card already on an account cannot be claimed again (1280 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const portal = new Portal(page);
  const first = await signUpRider(portal, { confirmed: true, prefix: "claim-first" });
  const second = await signUpRider(portal, { confirmed: true, prefix: "claim-second" });
  const issued = await page.request.post("/dev/transit/fare_media", { data: { balance: 100 } });
  const card = (await issued.json()).data as { id: string; card_number: string; security_code: string };
  const openAndAdd = async () => {
    await portal.open("/manage-card");
    await page.getByLabel("Card number").fill(card.card_number);
    await page.getByLabel("Security code").fill(card.security_code);
    await page.getByRole("button", { name: "View card" }).click();
    await page.getByTestId("claim-card").getByRole("button", { name: "Add to my account" }).click();
  };
  await portal.open("/login");
  await portal.signIn(first.email, first.password);
  await portal.seeHeading("My Profile");
  await openAndAdd();
  await expect(page).toHaveURL(new RegExp(`/faremedia/${card.id}$`));

  // Another browser: nothing of the first rider's session.
  await page.evaluate(() => localStorage.clear());
  await portal.open("/login");
  await portal.signIn(second.email, second.password);
  await portal.seeHeading("My Profile");
  await openAndAdd();
  await expect(page.getByTestId("claim-card").getByRole("alert")).toHaveText(
    "This card is already linked to an account.",
  );
  await expect(page).toHaveURL(/\/manage-card$/);
  await portal.checkAccessibility();
});

test("a guest blocks a lost card nobody's account holds; a reader refuses it (390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const portal = new Portal(page);
  const issued = await page.request.post("/dev/transit/fare_media", { data: { balance: 700 } });
  const card = (await issued.json()).data as { id: string; card_number: string; security_code: string };
  await portal.open("/manage-card");
  await page.getByLabel("Card number").fill(card.card_number);
  await page.getByLabel("Security code").fill(card.security_code);
  await page.getByRole("button", { name: "View card" }).click();
  await page.getByRole("button", { name: "Block this card" }).click();
  const question = page.getByRole("alertdialog", { name: "Block this card?" });
  await portal.seeCentred(question);
  await expect(question).toContainText("only customer service can unblock it");
  await portal.checkAccessibility();
  await question.getByRole("button", { name: "Block card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The card is blocked." })).toBeVisible();
  await expect(page.getByTestId("status-note")).toContainText("A card kept in an account is replaced online");
  await expect(page.getByRole("button", { name: "Block this card" })).toHaveCount(0);
  // Blocked, it is no longer offered to an account, and its balance stays on it.
  await expect(page.getByTestId("claim-card")).toHaveCount(0);
  await expect(page.getByTestId("general-funds")).toHaveText("$7.00");
  await portal.checkAccessibility();
  await page.screenshot({ path: ".tmp/guest-block-390.png", fullPage: true });
  const routes = await page.request.get("/dev/transit/routes");
  const [route] = (await routes.json()).data.routes as Array<{ code: string }>;
  if (!route) throw new Error("no transit route to tap on");
  const tapped = await page.request.post("/dev/transit/taps", {
    data: { route: route.code, card_number: card.card_number },
  });
  expect((await tapped.json()).data.tap).toMatchObject({
    outcome: "declined",
    declined_reason: "card_blocked",
  });
});
