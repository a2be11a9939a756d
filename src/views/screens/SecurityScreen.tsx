import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { useChild, useConfig } from "../../app/children.ts";
import { createAccountLogic } from "../../app/live/account.ts";
import { createSecurityQuestionsLogic } from "../../app/live/security-questions.ts";
import { createTwoFactorLogic } from "../../app/live/two-factor.ts";
import { useFeature } from "../../app/logic.tsx";
import { selectLocale } from "../../machines/language.machine.ts";
import { AccountDeletionView } from "../account/AccountDeletionView.tsx";
import { TwoFactorSetupView } from "../account/AccountViews.tsx";
import { DeactivationView } from "../account/DeactivationView.tsx";
import { SecurityQuestionsView } from "../account/SecurityQuestionsView.tsx";
import { FormFlow } from "../shared/FormFlow.tsx";
import { card } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AccountScreen, useRider } from "./AccountScreen.tsx";

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
  const { forms } = useFeature(createAccountLogic);
  const { twoFactorSetup } = useFeature(createTwoFactorLogic);
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
      <AccountDeletionView accountDeletion={actor} />
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
      <DeactivationView deactivation={actor} money={useMoney()} />
    </section>
  );
}
