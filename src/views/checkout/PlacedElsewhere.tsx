import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { card } from "../shared/Screen.tsx";
import type { CheckoutRef } from "./parts.tsx";

/** Another tab placed this cart's order first: said, with the way to that order; nothing was charged. */
export function PlacedElsewhere({ checkout }: { checkout: CheckoutRef }) {
  const elsewhere = useSelector(checkout, (snapshot) => snapshot.context.elsewhere);
  if (!elsewhere) return null;
  const number = elsewhere.number;
  return (
    <div role="status" className={`${card} ${css({ display: "grid", gap: "3" })}`}>
      <p>
        <Trans>
          This cart was already ordered in another tab: order {number}. Nothing more was charged here.
        </Trans>
      </p>
      <p>
        <Link href={elsewhere.path} className={button()}>
          <Trans>View the order</Trans>
        </Link>
      </p>
    </div>
  );
}
