import { expect, test } from "./fixtures.ts";
import { FareCardsPage } from "./models/fare-cards.ts";
import { PassesPage } from "./models/passes.ts";

/*
 * Report lost or stolen (issue 35), against the real server at a phone's and a desktop's width: a new
 * rider's card with a balance and a pass is reported, the question asked first; the rider lands on the
 * new digital card holding both, the old card says where everything went, and a tap of the old card at
 * a reader (the dev tap simulator) is declined. The desktop run does it in Spanish.
 */

for (const { label, viewport, spanish } of [
  { label: "390", viewport: { width: 390, height: 844 }, spanish: false },
  { label: "1280", viewport: { width: 1280, height: 800 }, spanish: true },
] as const) {
  test(`a lost card is blocked and replaced by a digital card with its balance and pass (${label} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const screen = new FareCardsPage(page);
    await screen.signInAsNewRider(`lost-${label}`);
    const issued = await page.request.post("/dev/transit/fare_media", {
      data: { rider_type: "YOUTH", balance: 1_800 },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const card = (await issued.json()).data as { id: string; card_number: string; security_code: string };
    await screen.open();
    await screen.linkCard({ number: card.card_number, code: card.security_code, nickname: "School card" });
    await screen.seeNotice("The card was linked to your account.");
    const pass = await new PassesPage(page).buyYouthPass(card.id);
    await page.reload();
    await screen.seeCard("School card");
    await expect(page.getByTestId("general-funds")).toContainText("18.00");

    const words = spanish
      ? {
          report: "Denunciar pérdida o robo",
          question: "¿Denunciar esta tarjeta como perdida o robada?",
          confirm: "Bloquear y reemplazar",
          notice: "Su tarjeta perdida está bloqueada.",
          replaced: /Reemplazada por la tarjeta terminada en \d{4}/,
          open: "Abrir la nueva tarjeta",
        }
      : {
          report: "Report lost or stolen",
          question: "Report this card lost or stolen?",
          confirm: "Block and replace",
          notice: "Your lost card is blocked.",
          replaced: /Replaced by card ending \d{4}/,
          open: "Open the new card",
        };
    if (spanish) await screen.portal.chooseLanguage("Language", "Español");

    await page.getByRole("button", { name: words.report }).click();
    const question = page.getByRole("alertdialog", { name: words.question });
    await screen.portal.seeCentred(question);
    await screen.portal.checkAccessibility();
    await screen.screenshot(`lost-question-${label}`);
    await question.getByRole("button", { name: words.confirm }).click();
    await screen.seeNotice(new RegExp(words.notice));
    await screen.portal.seeNoDialogLeft();

    // The new digital card's page: the balance and the pass came with it.
    await expect(page).not.toHaveURL(new RegExp(`/faremedia/${card.id}$`));
    await screen.seeCard("School card");
    const newNumber = (await page.getByTestId("card-number").textContent())?.trim() ?? "";
    expect(newNumber).toMatch(/^6000( \d{4}){3}$/);
    expect(newNumber).not.toBe(card.card_number);
    await expect(page.getByTestId("general-funds")).toContainText(/18[.,]00/);
    // The pass moved too (named in the page's language: the English name only in English).
    await expect(page.getByTestId("pass")).toHaveCount(1);
    if (!spanish) await expect(page.getByTestId("pass")).toContainText(pass);
    await screen.portal.checkAccessibility();
    await screen.screenshot(`lost-replacement-${label}`);

    // The old card, in the list and on its page, says where everything went.
    await page.goto("/faremedia");
    await expect(page.getByTestId("replaced-by")).toHaveText(words.replaced);
    await page.goto(`/faremedia/${card.id}`);
    await expect(page.getByTestId("status-note")).toContainText(newNumber.slice(-4));
    await expect(page.getByTestId("general-funds")).toContainText(/\b0[.,]00/);
    await expect(page.getByRole("button", { name: words.report })).toHaveCount(0);
    await expect(page.getByTestId("pass")).toHaveCount(0);
    await screen.portal.checkAccessibility();

    // A reader refuses the old card.
    const routes = await page.request.get("/dev/transit/routes");
    const [route] = (await routes.json()).data.routes as Array<{ code: string }>;
    if (!route) throw new Error("no transit route to tap on");
    const tapped = await page.request.post("/dev/transit/taps", {
      data: { route: route.code, card_number: card.card_number },
    });
    expect(tapped.status()).toBe(201);
    expect((await tapped.json()).data.tap).toMatchObject({
      outcome: "declined",
      declined_reason: "card_blocked",
    });

    await page.getByRole("link", { name: words.open }).click();
    await expect(page.getByTestId("card-number")).toHaveText(newNumber);
  });
}
