import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { useActionBlocked, useChild } from "../../app/children.ts";
import { createAccountLogic } from "../../app/live/account.ts";
import { useFeature } from "../../app/logic.tsx";
import { selectLocale } from "../../machines/language.machine.ts";
import { selectUser } from "../../machines/session.machine.ts";
import { ProfileView } from "../account/AccountViews.tsx";
import { ResendVerification } from "../account/ResendVerification.tsx";
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

/** An account section: its heading and the account menu; each section's content arrives with its issue. */
function AccountSection({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <AccountScreen title={i18n._(title)} />;
}

export const AccountHomeScreen = () => <AccountSection title={msg`My Account`} />;

/** The signed-in rider; account screens render only behind the login guard. */
export function useRider() {
  const user = useSelector(useChild("session"), selectUser);
  if (!user) throw new Error("An account screen rendered without a signed-in rider");
  return user;
}

export function ProfileScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`My Profile`}>
      <Profile />
    </AccountScreen>
  );
}

function Profile() {
  const user = useRider();
  const { profile } = useFeature(createAccountLogic);
  const language = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(profile, { input: { user, language } });
  return (
    <div className={card}>
      <ProfileView profile={actor} language={language} />
    </div>
  );
}
