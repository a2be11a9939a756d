import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { css } from "../../../styled-system/css";
import { type CardBrand, cardBrandName } from "../../domain/payments/names.ts";
import type { SavedPaymentMethod } from "../../domain/payments/saved.ts";

/*
 * A saved payment method as the rider knows it (its mark and name), wherever one is listed or chosen:
 * the Payment Methods screen, the checkout, the loads and the autoload and auto-renew settings.
 */

const mark = css({
  flexShrink: "0",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "14",
  height: "9",
  borderRadius: "sm",
  fontSize: "xs",
  fontWeight: "bold",
  letterSpacing: "wide",
  color: "white",
});
const markColours: Record<string, string> = {
  visa: "#1a1f71",
  mastercard: "#c2410c",
  "american-express": "#1f6fb2",
  discover: "#b45309",
  paypal: "#003087",
  bank_account: "#334e68",
};
const markLetters: Record<string, string> = {
  visa: "VISA",
  mastercard: "MC",
  "american-express": "AMEX",
  discover: "DISC",
  paypal: "PP",
  bank_account: "BANK",
};

/** A card brand's printed name, the brand as given when no brand is called so, or null for none. */
export function brandName(brand: string | null): string | null {
  if (!brand) return null;
  try {
    return cardBrandName(brand as CardBrand);
  } catch {
    return brand;
  }
}

/** A method's brand mark (VISA, BANK, PP...) in its colours, named for screen readers. */
export function BrandMark({ markKey, label }: { markKey: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={mark}
      style={{ background: markColours[markKey] ?? "#52606d" }}
    >
      {markLetters[markKey] ?? "CARD"}
    </span>
  );
}

/** The mark and the brand's name of a saved method. */
export function markOf(i18n: I18n, method: SavedPaymentMethod): { markKey: string; label: string } {
  const markKey = method.kind === "card" ? (method.brand ?? "") : method.kind;
  const label =
    method.kind === "paypal"
      ? "PayPal"
      : method.kind === "bank_account"
        ? i18n._(msg`Bank account`)
        : (brandName(method.brand) ?? i18n._(msg`Card`));
  return { markKey, label };
}

/** The method's name as a rider reads it: "Visa •••• 4242", "Sandbox Bank checking •••• 6789", "PayPal". */
export function methodName(i18n: I18n, method: SavedPaymentMethod): string {
  const last4 = method.last4 ? ` •••• ${method.last4}` : "";
  if (method.kind === "paypal") return "PayPal";
  if (method.kind === "bank_account") {
    const type = method.account_type === "savings" ? i18n._(msg`savings`) : i18n._(msg`checking`);
    return `${method.bank_name ?? i18n._(msg`Bank account`)} ${type}${last4}`;
  }
  return `${brandName(method.brand) ?? i18n._(msg`Card`)}${last4}`;
}
