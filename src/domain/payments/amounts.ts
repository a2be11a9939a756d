import { minorUnitDigits } from "../money.ts";

/*
 * The amounts a rider types into a payment (checkout, Add value, a transfer, autoload) and how a total
 * splits over two methods: pure arithmetic on minor units, shared by every machine that moves money,
 * so that none of them has to bring the checkout's machine with it.
 */

/** Which of a split payment's two methods: the first (typed amount) or the second (the rest). */
export type Leg = 0 | 1;

/** A typed amount ("12.50") as minor units of `currency`, or null when it is not one. */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(?:[.,]\\d{1,${digits}})?$`);
  const typed = text.trim();
  if (!pattern.test(typed)) return null;
  const [whole = "0", fraction = ""] = typed.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as the amount field shows them ("12.50"). */
export function amountText(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(amount);
  const whole = Math.trunc(amount / 10 ** digits);
  return `${whole}.${String(amount % 10 ** digits).padStart(digits, "0")}`;
}

/**
 * The two legs of a split: the first as typed, the second the rest. Null unless both are positive
 * whole minor units that sum to the total.
 */
export function splitLegs(total: number, first: number | null): [number, number] | null {
  if (first === null || !Number.isSafeInteger(first) || !Number.isSafeInteger(total)) return null;
  if (first < 1 || first > total - 1) return null;
  return [first, total - first];
}
