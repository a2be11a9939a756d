import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { button } from "../../../styled-system/recipes";
import { card } from "./Screen.tsx";

/** An empty list or cart: what is missing, and the way to the products. */
export function NothingHere({ children, className = card }: { children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <p>{children}</p>
      <p>
        <Link href="/products" className={button()}>
          <Trans>Browse products</Trans>
        </Link>
      </p>
    </div>
  );
}
