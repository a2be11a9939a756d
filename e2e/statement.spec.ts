import { readFile } from "node:fs/promises";
import { parseCsv } from "../tests/support/csv-reader.ts";
import { expect, test } from "./fixtures.ts";
import { FareCardsPage } from "./models/fare-cards.ts";
import { PassesPage } from "./models/passes.ts";

/*
 * A rider's statement (issue 35), against the real server at a phone's and a desktop's width: a new
 * rider buys a pass, loads a card with a commuter benefits card and rides twice; the statement for the
 * days around today lists each apart with its total, prints alone, and downloads as a CSV whose Total
 * rows are the sums of its rows, as a spreadsheet would add them. The desktop run is in Vietnamese.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const { label, viewport, vietnamese } of [
  { label: "390", viewport: { width: 390, height: 844 }, vietnamese: false },
  { label: "1280", viewport: { width: 1280, height: 800 }, vietnamese: true },
] as const) {
  test(`a statement lists purchases, loads, trips and commuter benefits apart, prints and downloads as CSV (${label} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const screen = new FareCardsPage(page);
    await screen.signInAsNewRider(`statement-${label}`);
    const token = await page.evaluate(() => localStorage.getItem("auth_token"));
    const headers = { authorization: `Bearer ${token}` };
    const card = await screen.issueCard(0);
    const linked = await page.request.post("/transit/faremedia/link", {
      headers,
      data: { card_number: card.card_number, security_code: card.security_code, nickname: "Work card" },
    });
    expect(linked.status(), await linked.text()).toBe(201);
    const tokenized = await page.request.post("/sandbox-gateway/v1/tokens", {
      data: {
        number: "5555555555554444",
        exp_month: 12,
        exp_year: 2030,
        cvc: "123",
        postal_code: "94105",
        name: "Rider",
      },
    });
    const saved = await page.request.post("/transit/payment_methods", {
      headers,
      data: {
        token: (await tokenized.json()).data.token,
        commuter_benefits: true,
        billing: { last_name: "Rider", address_1: "1 Main St", zip_code: "94105" },
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const benefits: string = (await saved.json()).data.payment_method.id;
    const loaded = await page.request.post(`/transit/faremedia/${card.id}/loads`, {
      headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
      data: {
        amount: 2_000,
        expected_total: 2_000,
        payments: [{ kind: "saved", payment_method: benefits, amount: 2_000 }],
      },
    });
    expect(loaded.status(), await loaded.text()).toBe(201);
    await new PassesPage(page).buyYouthPass(null);
    for (const key of ["ride-1", "ride-2"]) {
      const tapped = await page.request.post("/dev/transit/taps", {
        data: { route: "10", fare_medium: card.id, stop: "Main St & 5th Ave", key },
      });
      expect(tapped.status(), await tapped.text()).toBe(201);
    }

    const words = vietnamese
      ? {
          menu: "Bảng kê",
          first: "Ngày đầu",
          last: "Ngày cuối",
          show: "Xem bảng kê",
          download: "Tải CSV",
          purchases: "Mua hàng",
          loads: "Nạp tiền",
          trips: "Chuyến đi",
          benefits: "Phúc lợi đi lại đã dùng",
          order: "Ngày kết thúc phải bằng hoặc sau ngày bắt đầu.",
        }
      : {
          menu: "Statement",
          first: "First day",
          last: "Last day",
          show: "Show statement",
          download: "Download CSV",
          purchases: "Purchases",
          loads: "Loads",
          trips: "Trips",
          benefits: "Commuter benefits used",
          order: "The end date must be on or after the start date.",
        };
    await page.goto("/account/profile");
    if (vietnamese) await screen.portal.chooseLanguage("Language", "Tiếng Việt");
    await page.getByRole("navigation").getByRole("link", { name: words.menu }).first().click();
    await expect(page).toHaveURL(/\/account\/statement$/);

    // An end before the start is refused in the form, and nothing is asked.
    await page.getByLabel(words.first).fill(day(2));
    await page.getByLabel(words.last).fill(day(-2));
    await page.getByRole("button", { name: words.show }).click();
    await expect(page.getByLabel(words.last)).toHaveAccessibleDescription(words.order);
    await page.getByLabel(words.first).fill(day(-2));
    await page.getByLabel(words.last).fill(day(2));
    await page.getByRole("button", { name: words.show }).click();

    const sheet = page.getByTestId("statement");
    await expect(sheet.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(sheet.getByRole("table", { name: words.purchases }).getByRole("row")).toHaveCount(2);
    await expect(sheet.getByRole("table", { name: words.loads }).getByRole("row")).toHaveCount(2);
    await expect(sheet.getByRole("table", { name: words.trips }).getByRole("row")).toHaveCount(3);
    await expect(sheet.getByRole("table", { name: words.benefits })).toContainText("Mastercard •••• 4444");
    const totals = page.getByTestId("statement-totals");
    await expect(totals).toContainText(/20[.,]00/);
    await expect(totals).toContainText(/5[.,]00/);
    await screen.portal.checkAccessibility();
    await page.screenshot({ path: `.tmp/statement-${label}.png`, fullPage: true });

    // Printed, the statement stands alone: no top bar, menus, form or buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: words.show })).toBeHidden();
    await expect(page.getByRole("button", { name: words.download })).toBeHidden();
    await expect(page.locator("header").first()).toBeHidden();
    await expect(sheet).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: words.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${day(-2)}-to-${day(2)}.csv`);
    const text = await readFile(await download.path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    // The rows, a blank line, then one Total row per section.
    const blank = rows.findIndex((row) => row.length === 1 && row[0] === "");
    const sections = new Map<string, number>();
    for (const row of rows.slice(1, blank))
      sections.set(row[0] ?? "", (sections.get(row[0] ?? "") ?? 0) + Math.round(Number(row[8]) * 100));
    const totalRows = rows.slice(blank + 1).map((row) => Math.round(Number(row[8]) * 100));
    // Purchases, loads, trips and commuter benefits: each Total is its section's rows added up.
    expect(totalRows).toEqual([...sections.values()]);
    expect(totalRows.slice(1)).toEqual([2_000, 500, 2_000]);
  });
}
