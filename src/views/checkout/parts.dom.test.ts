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
});
