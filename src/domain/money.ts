/** Money is integer minor units; formatting is the only place it becomes a decimal. */
export function formatMoney(
  minorUnits: number,
  {
    currency,
    locale,
    hideZeroDecimals = false,
  }: { currency: string; locale: string; hideZeroDecimals?: boolean },
): string {
  const whole = minorUnits % 100 === 0;
  const digits = hideZeroDecimals && whole ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorUnits / 100);
}
