import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { css } from "../../../styled-system/css";
import { useActionBlocked, useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { createAccountLogic } from "../../app/live/account.ts";
import { createSecurityQuestionsLogic } from "../../app/live/security-questions.ts";
import { createShopLogic } from "../../app/live/shop.ts";
import { useFeature } from "../../app/logic.tsx";
import { selectLocale } from "../../machines/language.machine.ts";
import { selectUser } from "../../machines/session.machine.ts";
import { AccountDeletionView } from "../account/AccountDeletionView.tsx";
import { ProfileView, TwoFactorSetupView } from "../account/AccountViews.tsx";
import { DeactivationView } from "../account/DeactivationView.tsx";
import { ResendVerification } from "../account/ResendVerification.tsx";
import { SecurityQuestionsView } from "../account/SecurityQuestionsView.tsx";
import { accountNavItems } from "../layout/nav-items.ts";
import { SignInPanel } from "../session/SessionViews.tsx";
import { FormFlow } from "../shared/FormFlow.tsx";
import { NavLink } from "../shared/NavLink.tsx";
import { card, Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { FareCardChoice } from "../shop/FareCardChoiceView.tsx";
import { ShippingAddresses } from "./AddressesScreen.tsx";
import { PaymentMethods } from "./PaymentMethodsScreen.tsx";

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

export function PaymentMethodsScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Payment Methods`}>
      <PaymentMethods />
    </AccountScreen>
  );
}

/** The signed-in rider; account screens render only behind the login guard. */
function useRider() {
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

export function ShippingAddressScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Shipping Address`}>
      <ShippingAddresses />
    </AccountScreen>
  );
}

export function SecurityScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Security`}>
      <Security />
    </AccountScreen>
  );
}

const sectionHeading = css({ fontSize: "xl", fontWeight: "bold" });

function Security() {
  const { t } = useLingui();
  const user = useRider();
  const config = useConfig();
  const { forms, twoFactorSetup } = useFeature(createAccountLogic);
  const setup = useActorRef(twoFactorSetup, { input: { user } });
  return (
    <>
      <section className={card} aria-labelledby="change-password">
        <h2 id="change-password" className={sectionHeading}>
          <Trans>Change password</Trans>
        </h2>
        <FormFlow
          logic={forms.changePassword}
          method="CHANGE_PASSWORD"
          submitLabel={t`Change password`}
          done={
            <p role="status">
              <Trans>Your password was changed. Other devices will need to sign in again.</Trans>
            </p>
          }
        />
      </section>
      {config.multifactorAuth.enable ? (
        <section className={card} aria-labelledby="two-factor">
          <h2 id="two-factor" className={sectionHeading}>
            <Trans>Two-factor authentication</Trans>
          </h2>
          <TwoFactorSetupView setup={setup} />
        </section>
      ) : null}
      <section className={card} aria-labelledby="security-questions">
        <h2 id="security-questions" className={sectionHeading}>
          <Trans>Security questions</Trans>
        </h2>
        {config.securityQuestions.enabled ? (
          <SecurityQuestions />
        ) : (
          <p>
            <Trans>
              This agency does not use security questions: your password and two-factor authentication protect
              your account.
            </Trans>
          </p>
        )}
      </section>
      {config.allowAccountDeactivation ? <Deactivation /> : null}
      {config.disableDeleteAccount ? null : <AccountDeletion />}
    </>
  );
}

function SecurityQuestions() {
  const actor = useActorRef(useFeature(createSecurityQuestionsLogic).securityQuestions);
  return <SecurityQuestionsView questions={actor} />;
}

function AccountDeletion() {
  const { accountDeletion } = useFeature(createAccountLogic);
  const language = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(accountDeletion, { input: { language } });
  return (
    <section className={card} aria-labelledby="delete-account">
      <h2 id="delete-account" className={sectionHeading}>
        <Trans>Delete account</Trans>
      </h2>
      <AccountDeletionView accountDeletion={actor} language={language} />
    </section>
  );
}

function Deactivation() {
  const { deactivation } = useFeature(createAccountLogic);
  const language = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(deactivation, { input: { language } });
  return (
    <section className={card} aria-labelledby="deactivate-account">
      <h2 id="deactivate-account" className={sectionHeading}>
        <Trans>Deactivate account</Trans>
      </h2>
      <DeactivationView deactivation={actor} money={useMoney()} language={language} />
    </section>
  );
}

/** /digital: the rider's fare cards to buy for; guests get the sign-in form inside the page. */
export function DigitalScreen() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return (
    <Screen title={t`Choose a fare card`}>
      {signedIn ? <DigitalChoice /> : <InlineSignIn from="/digital" />}
    </Screen>
  );
}

function DigitalChoice() {
  const choice = useActorRef(useFeature(createShopLogic).fareCardChoice);
  return <FareCardChoice choice={choice} cart={useChild("cart")} money={useMoney()} />;
}

/** The session's sign-in form, inside the page; signing in comes back here. */
function InlineSignIn({ from }: { from: string }) {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const state: unknown = window.history.state;
    const remembered = typeof state === "object" && state !== null && "from" in state ? state.from : null;
    if (remembered !== from) navigate(location, { replace: true, state: { from } });
  }, [from, location, navigate]);
  return (
    <div className={card}>
      <p>
        <Trans>Sign in to see the fare cards on your account.</Trans>
      </p>
      <SignInPanel session={useChild("session")} />
    </div>
  );
}
