import { afterAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../domain/envelope.ts";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { failureMessage } from "./parts.tsx";

const failure = (code: number, message = "") => ({ code, message, leg: null, reason: null, declined: null });

describe("what a refused order says", () => {
  afterAll(() => activateLocale("en"));

  it("an order whose attempt stopped says it was not placed and the money came back, in the rider's language", async () => {
    const stopped = failure(
      ErrorCode.orderNotPlaced,
      "Your order was not placed, and any payment taken for it has been returned. Please place it again.",
    );
    expect(failureMessage(i18n, stopped, () => null, false)).toBe(stopped.message);
    await activateLocale("es");
    expect(failureMessage(i18n, stopped, () => null, false)).toMatch(/^Su pedido no se realizó/);
    await activateLocale("vi");
    expect(failureMessage(i18n, stopped, () => null, false)).toMatch(/^Đơn hàng của bạn chưa được đặt/);
  });

  it("a card of a brand the portal does not take is said as its card form says it, in the rider's language", async () => {
    const refused = failure(ErrorCode.cardTypeUnsupported, "Unsupported Card Type");
    await activateLocale("es");
    expect(failureMessage(i18n, refused, () => null, false)).toBe("Tipo de tarjeta no admitido");
    await activateLocale("vi");
    expect(failureMessage(i18n, refused, () => null, false)).toBe("Loại thẻ không được hỗ trợ");
  });

  it("a declined leg says once what happened, by its cause, and that the other leg was not charged", async () => {
    await activateLocale("en");
    const declined = (reason: string | null) => ({
      code: ErrorCode.paymentMethodDeclined,
      message: "Your payment method was declined. Please choose another method.",
      leg: 1,
      reason,
      declined: null,
    });
    const names = (leg: number) => (leg === 1 ? "Visa •••• 9995" : "Visa •••• 4242");
    const said = (reason: string | null) => failureMessage(i18n, declined(reason), names, true);
    expect(said("expired_card")).toBe(
      "Visa •••• 9995 has expired. Visa •••• 4242 was not charged. Please choose another method.",
    );
    expect(said("incorrect_cvc")).toBe(
      "The security code (CVV) of Visa •••• 9995 is not correct. Visa •••• 4242 was not charged. Please check the security code or choose another method.",
    );
    expect(said("processing_error")).toMatch(
      /processing error\. .* Please try again or choose another method\.$/,
    );
    expect(said("insufficient_funds")).toMatch(/^Visa •••• 9995 was declined for insufficient funds\./);
    expect(said("card_declined")).toMatch(/^Visa •••• 9995 was declined\. Visa/);
    expect(said(null)).toMatch(/^Visa •••• 9995 was declined\. Visa/);
    // The server's words are never repeated after the portal's.
    const reasons = [
      "expired_card",
      "incorrect_cvc",
      "processing_error",
      "insufficient_funds",
      "card_declined",
    ];
    for (const reason of reasons) expect(said(reason)).not.toContain("Your payment method was declined");
    const alone = failureMessage(i18n, { ...declined("expired_card"), leg: 0 }, names, false);
    expect(alone).toBe("Visa •••• 4242 has expired. Please choose another method.");
    for (const locale of ["es", "vi"] as const) {
      await activateLocale(locale);
      const texts = reasons.map(said);
      // Each cause reads apart, and none of it is left in English.
      expect(new Set(texts).size).toBe(reasons.length);
      for (const text of texts)
        expect(text).not.toMatch(/declined|expired|charged|choose another|security code/);
    }
  });
});
