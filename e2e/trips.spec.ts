import { expect, test } from "./fixtures.ts";
import { FareCardsPage } from "./models/fare-cards.ts";

/*
 * A fare card's trip history (issue 35), against the real server at a phone's and a desktop's width: a
 * new rider's card makes 14 taps through the reader simulator (three paid bus rides and two capped ones
 * on one November day, then nine rail rides), and the rider pages through them from the card's page.
 * Times are the agency's (New York) wall clock; the desktop run reads them in Spanish.
 */

/** Taps of the card, oldest first: [UTC time, route, stop]. */
const taps: Array<[string, string, string | null]> = [
  ...[12, 13, 14, 15, 16].map((hour): [string, string, string] => [
    `2026-11-03T${hour}:15:00.000Z`,
    "10",
    "Main St & 5th Ave",
  ]),
  ...[4, 5, 6, 9, 10, 11, 12, 13, 16].map((day, index): [string, string, string | null] => [
    `2026-11-${String(day).padStart(2, "0")}T13:40:00.000Z`,
    "RED",
    index === 8 ? null : "Union Station",
  ]),
];

for (const { label, viewport, spanish } of [
  { label: "390", viewport: { width: 390, height: 844 }, spanish: false },
  { label: "1280", viewport: { width: 1280, height: 800 }, spanish: true },
] as const) {
  test(`a card's trips page by page, on the agency's clock, and one trip's facts (${label} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const screen = new FareCardsPage(page);
    await screen.signInAsNewRider(`trips-${label}`);
    const card = await screen.issueCard(5_000);
    await screen.open();
    await screen.linkCard({ number: card.card_number, code: card.security_code, nickname: "Work card" });
    await screen.seeNotice("The card was linked to your account.");
    for (const [at, route, stop] of taps) {
      const reply = await page.request.post("/dev/transit/taps", {
        data: { route, fare_medium: card.id, at, ...(stop ? { stop } : {}) },
      });
      expect(reply.status(), await reply.text()).toBe(201);
    }
    const words = spanish
      ? {
          history: "Historial de viajes",
          page: (n: number) => `Viajes, página ${n}`,
          zone: /Las horas son la hora local de la agencia \(.+\)\./,
          next: "Siguiente",
          // 12:15 UTC on November 3, 2026 is 07:15 in New York (standard time since November 1).
          oldest: "03/11/2026 07:15",
          capped: /Gratis, límite de tarifa alcanzado/,
          paid: "Valor almacenado",
          notRecorded: "No registrada",
          trip: "Viaje en 10 Transversal",
          back: "Volver al historial de viajes",
        }
      : {
          history: "Trip history",
          page: (n: number) => `Trips, page ${n}`,
          zone: "Times are the agency's local time (Eastern Time).",
          next: "Next",
          oldest: "11/03/2026 07:15 AM",
          capped: /Free, fare cap reached/,
          paid: "Stored value",
          notRecorded: "Not recorded",
          trip: "Trip on 10 Crosstown",
          back: "Back to trip history",
        };
    if (spanish) await screen.portal.chooseLanguage("Language", "Español");

    await page.getByRole("link", { name: words.history }).click();
    await expect(page).toHaveURL(new RegExp(`/faremedia/${card.id}/trips/1$`));
    const table = page.getByRole("table", { name: words.page(1) });
    await expect(table.getByRole("row")).toHaveCount(13);
    await expect(page.getByText(words.zone)).toBeVisible();
    // Newest first: the last rail ride, whose reader named no stop; the day's capped bus rides are free.
    await expect(table.getByRole("row").nth(1)).toContainText(words.notRecorded);
    await expect(table.getByRole("row").filter({ hasText: words.capped })).toHaveCount(2);
    await screen.portal.checkAccessibility();
    await page.screenshot({ path: `.tmp/trips-page-${label}.png`, fullPage: true });

    await page.getByRole("link", { name: words.next }).click();
    const second = page.getByRole("table", { name: words.page(2) });
    await expect(second.getByRole("row")).toHaveCount(3);
    const oldest = second.getByRole("row").nth(2);
    await expect(oldest).toContainText("Main St & 5th Ave");
    await expect(oldest).toContainText(words.paid);
    await expect(oldest).toContainText(/2[.,]50/);
    // A reload of page 2 walks to it again from the first page.
    await page.reload();
    await expect(page.getByRole("table", { name: words.page(2) }).getByRole("row")).toHaveCount(3);

    await page.getByRole("link", { name: words.oldest }).click();
    const detail = page.getByTestId("trip-detail");
    await expect(detail.getByRole("heading", { name: words.trip })).toBeFocused();
    await expect(detail).toContainText(words.oldest);
    await expect(detail).toContainText("Main St & 5th Ave");
    // 50.00 less one 2.50 ride.
    await expect(detail).toContainText(/47[.,]50/);
    await screen.portal.checkAccessibility();
    await page.screenshot({ path: `.tmp/trips-detail-${label}.png`, fullPage: true });

    await page.getByRole("link", { name: words.back }).click();
    await expect(page.getByRole("table", { name: words.page(2) })).toBeVisible();
    await page.goBack();
    await expect(detail).toBeVisible();
  });
}
