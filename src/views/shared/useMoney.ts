import { useSelector } from "@xstate/react";
import { useCallback } from "react";
import { useChild, useConfig } from "../../app/children.ts";
import { formatMoney } from "../../domain/money.ts";
import { selectLocale } from "../../machines/language.machine.ts";

/** Formats minor units in the deployment's currency (whole amounts without decimals when it says so) and the rider's language. */
export function useMoney(): (minorUnits: number) => string {
  const config = useConfig();
  const locale = useSelector(useChild("language"), selectLocale);
  return useCallback(
    (minorUnits: number) =>
      formatMoney(minorUnits, {
        currency: config.currency_code,
        locale,
        hideZeroDecimals: config.hideZeroDecimals,
      }),
    [config.currency_code, config.hideZeroDecimals, locale],
  );
}
