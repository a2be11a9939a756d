import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useSignedIn } from "../../app/children.ts";
import { accountNavItems } from "../layout/nav-items.ts";
import { NavLink } from "../shared/NavLink.tsx";
import { card, Screen } from "../shared/Screen.tsx";

function AccountNav() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Account`}>
      <ul className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {accountNavItems.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
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

function AccountScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Screen title={title}>
      <AccountNav />
      {children}
    </Screen>
  );
}

/** An account section: its heading and the account menu; each section's content arrives with its issue. */
function AccountSection({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <AccountScreen title={i18n._(title)} />;
}

export const AccountHomeScreen = () => <AccountSection title={msg`My Account`} />;
export const ProfileScreen = () => <AccountSection title={msg`My Profile`} />;
export const SecurityScreen = () => <AccountSection title={msg`Security`} />;
export const PaymentMethodsScreen = () => <AccountSection title={msg`Payment Methods`} />;
export const DevicesScreen = () => <AccountSection title={msg`Devices`} />;
export const OrdersScreen = () => <AccountSection title={msg`Order History`} />;
export const PassHistoryScreen = () => <AccountSection title={msg`Pass History`} />;

export function ManageCardScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Manage Card`}>
      <p>
        <Trans>Check a fare card with its card number and security code, no account needed.</Trans>
      </p>
    </Screen>
  );
}

export function FareMediaScreen() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return <Screen title={t`Fare cards`}>{signedIn ? null : <SignInPrompt from="/faremedia" />}</Screen>;
}

/** /digital: guests see the sign-in prompt inside the page. */
export function DigitalScreen() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return <Screen title={t`Choose a fare card`}>{signedIn ? null : <SignInPrompt from="/digital" />}</Screen>;
}

function SignInPrompt({ from }: { from: string }) {
  return (
    <div className={card}>
      <p>
        <Trans>Sign in to see the fare cards on your account.</Trans>
      </p>
      <p>
        <Link href="/login" state={{ from }} className={button()}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </div>
  );
}
