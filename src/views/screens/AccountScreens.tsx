import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useChild } from "../../app/children.ts";
import { createAccountLogic } from "../../app/live/account.ts";
import { useFeature } from "../../app/logic.tsx";
import { selectLocale } from "../../machines/language.machine.ts";
import { ProfileView } from "../account/AccountViews.tsx";
import { card } from "../shared/Screen.tsx";
import { AccountScreen, useRider } from "./AccountScreen.tsx";

/** An account section: its heading and the account menu; each section's content arrives with its issue. */
function AccountSection({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <AccountScreen title={i18n._(title)} />;
}

export const AccountHomeScreen = () => <AccountSection title={msg`My Account`} />;

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
      <ProfileView profile={actor} />
    </div>
  );
}
