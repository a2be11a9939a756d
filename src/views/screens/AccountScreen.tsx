import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
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

function AccountNav() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Account`}>
      <ul className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {accountNavItems.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
              section={item.section ?? false}
              className={css({
                display: "inline-block",
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
