import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";
import { css } from "../../../styled-system/css";
import { useActionBlocked, useChild } from "../../app/children.ts";
import { selectUser } from "../../machines/session.machine.ts";
import { ResendVerification } from "../account/ResendVerificationOnDemand.ts";
import { accountNavItems } from "../layout/nav-items.ts";
import { NavLink } from "../shared/NavLink.tsx";
import { Screen } from "../shared/Screen.tsx";

/*
 * The frame of every account page (its heading, the account menu, the confirmed-email gate), apart
 * from ./AccountScreens.tsx so a page in it does not bring the profile and its machines along.
 */

/**
 * The account menu: on a phone, one row that scrolls sideways (nine sections would otherwise fill the
 * first screen before any content), kept scrolled to the section shown; from `md` up, rows that wrap.
 */
function AccountNav() {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each section shown is one to bring into view.
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>("[aria-current='page']");
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // Sideways only: the page itself does not move.
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [location]);
  return (
    <nav aria-label={t`Account`}>
      <ul
        ref={list}
        className={css({
          position: "relative",
          display: "flex",
          flexWrap: { base: "nowrap", md: "wrap" },
          overflowX: { base: "auto", md: "visible" },
          scrollSnapType: { base: "x proximity", md: "none" },
          scrollbarWidth: "thin",
          gap: "2",
          pb: { base: "1", md: "0" },
        })}
      >
        {accountNavItems.map((item) => (
          <li key={item.href} className={css({ flexShrink: 0, scrollSnapAlign: "start" })}>
            <NavLink
              href={item.href}
              section={item.section ?? false}
              className={css({
                display: "inline-block",
                whiteSpace: "nowrap",
                px: "3",
                py: "2",
                borderRadius: "md",
                bg: "surface",
                borderWidth: "1px",
                borderColor: "border",
                textDecoration: "none",
                _current: { bg: "brand.button", color: "brand.buttonText", borderColor: "brand.button" },
              })}
            >
              {i18n._(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An account page: its heading, the account menu, and its content once the email is confirmed. */
export function AccountScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Screen title={title}>
      <AccountNav />
      <VerifiedOnly>{children}</VerifiedOnly>
    </Screen>
  );
}

/** Account pages wait for a confirmed email when the deployment requires it ("Action Blocked"). */
function VerifiedOnly({ children }: { children?: ReactNode }) {
  if (useActionBlocked()) return <ResendVerification />;
  return <>{children}</>;
}

/** The signed-in rider; account screens render only behind the login guard. */
export function useRider() {
  const user = useSelector(useChild("session"), selectUser);
  if (!user) throw new Error("An account screen rendered without a signed-in rider");
  return user;
}
