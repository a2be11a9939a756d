import { minorUnitDigits } from "../money.ts";

/*
 * The amounts a rider types into a payment (checkout, Add value, a transfer, autoload) and how a total
 * splits over two methods: pure arithmetic on minor units, shared by every machine that moves money,
 * so that none of them has to bring the checkout's machine with it.
 */

/** Which of a split payment's two methods: the first (typed amount) or the second (the rest). */
export type Leg = 0 | 1;

/**
 * A typed amount as minor units of `currency`, or null when it is not one. Read the way the portal
 * shows money, so a rider may type back what the page displays: "20", "12.50", "12,50", "$20.00",
 * "US$ 1.234,50", "20,00 US$", "1 000,50 €" (issue 34). At most one currency sign or the currency's
 * code on either side; digits of any width (NFKC); groups of three split by ",", "." or a space; the
 * decimal separator, "." or ",", is the last one when at most the currency's minor digits follow it and
 * it is not the grouping's. No sign: an amount to pay is never negative.
 */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const code = currency.toUpperCase().replace(/[^A-Z]/g, "");
  const sign = `(?:[A-Za-z]{0,3}\\p{Sc}[A-Za-z]{0,3}|${code || "\\p{Sc}"})`;
  const body = text
    .normalize("NFKC")
    .trim()
    .replace(new RegExp(`^${sign}\\s*`, "u"), "")
    .replace(new RegExp(`\\s*${sign}$`, "iu"), "");
  if (!/^\d(?:[\d., ]*\d)?$/.test(body)) return null;
  let whole = body;
  let fraction = "";
  const last = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
  if (last >= 0) {
    const tail = body.slice(last + 1);
    const separator = body.charAt(last);
    if (/^\d+$/.test(tail) && tail.length <= digits && !body.slice(0, last).includes(separator)) {
      whole = body.slice(0, last);
      fraction = tail;
    }
  }
  if (!/^\d{1,9}$/.test(whole)) {
    const grouped = /^\d{1,3}(?<separator>[., ])\d{3}(?:\k<separator>\d{3})*$/.exec(whole);
    if (!grouped) return null;
    whole = whole.replace(/[., ]/g, "");
    if (whole.length > 9) return null;
  }
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
