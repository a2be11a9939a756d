import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import type { profileMachine } from "../../machines/profile.machine.ts";
import type { SetupField, twoFactorSetupMachine } from "../../machines/twoFactorSetup.machine.ts";
import * as Field from "../../ui/field.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { linkList } from "../shared/Screen.tsx";
import { ServerForm } from "../shared/ServerForm.tsx";

const sectionHeading = css({ fontSize: "xl", fontWeight: "bold" });
const details = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "max-content 1fr" },
  columnGap: "6",
  rowGap: "2",
  "& dt": { fontWeight: "semibold" },
});

/** The rider's details, and the PROFILE form while editing. */
export function ProfileView({ profile }: { profile: ActorRefFrom<typeof profileMachine> }) {
  const { t } = useLingui();
  const editing = useSelector(profile, (snapshot) => snapshot.matches("editing"));
  const user = useSelector(profile, (snapshot) => snapshot.context.user);
  const saved = useSelector(profile, (snapshot) => snapshot.context.saved);
  const form = useSelector(profile, (snapshot) => snapshot.children.profileForm) as
    | ActorRefFrom<typeof formMachine>
    | undefined;

  if (editing) {
    return (
      <section aria-labelledby="profile-edit" className={css({ display: "grid", gap: "4" })}>
        <h2 id="profile-edit" className={sectionHeading}>
          <Trans>Edit profile</Trans>
        </h2>
        <p className={css({ fontSize: "sm" })}>
          <Trans>Your current password is needed only to change your email or mobile number.</Trans>
        </p>
        {form ? (
          <ServerForm
            form={form}
            submitLabel={t`Save changes`}
            failure={t`Failed to update Profile. Please try later.`}
          />
        ) : null}
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => profile.send({ type: "profile.cancel" })}
          >
            <Trans>Cancel</Trans>
          </button>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="profile-details" className={css({ display: "grid", gap: "4" })}>
      <h2 id="profile-details" className={sectionHeading}>
        <Trans>Your details</Trans>
      </h2>
      {saved > 0 ? (
        <p role="status">
          <Trans>Your profile was updated.</Trans>
        </p>
      ) : null}
      <dl className={details}>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>
          {user.first_name} {user.last_name}
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>{user.email}</dd>
        <dt>
          <Trans>Mobile Number</Trans>
        </dt>
        <dd>{user.mobile ? user.mobile : <Trans>Not given</Trans>}</dd>
      </dl>
      <p>
        <button type="button" className={button()} onClick={() => profile.send({ type: "profile.edit" })}>
          <Trans>Edit profile</Trans>
        </button>
      </p>
    </section>
  );
}

/** One typed field of the two-factor steps, with its problem. */
function SetupInput({
  setup,
  field,
  label,
  type = "text",
  autoComplete,
  problem,
  inputMode,
}: {
  setup: ActorRefFrom<typeof twoFactorSetupMachine>;
  field: SetupField;
  label: string;
  type?: "text" | "tel" | "password";
  autoComplete: string;
  problem: string | null;
  inputMode?: "numeric" | "tel";
}) {
  const value = useSelector(setup, (snapshot) => snapshot.context.values[field]);
  return (
    <Field.Root invalid={problem !== null} required className={css({ display: "grid", gap: "1" })}>
      <Field.Label className={css({ fontWeight: "semibold" })}>{label}</Field.Label>
      <Field.Input
        className={css({
          minHeight: "11",
          px: "3",
          borderWidth: "1px",
          borderColor: "border",
          borderRadius: "md",
          bg: "surface",
          maxWidth: "20rem",
          "&[data-invalid]": { borderColor: "brand.error" },
        })}
        type={type}
        name={field}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        onChange={(event) => setup.send({ type: "setup.input", field, value: event.currentTarget.value })}
      />
      <Field.ErrorText className={css({ color: "brand.error", fontSize: "sm" })}>{problem}</Field.ErrorText>
    </Field.Root>
  );
}

/** Two-factor authentication by text message: on, off, and the steps between. */
export function TwoFactorSetupView({ setup }: { setup: ActorRefFrom<typeof twoFactorSetupMachine> }) {
  const { t, i18n } = useLingui();
  const step = useSelector(setup, (snapshot) => {
    if (snapshot.matches("on")) return "on";
    if (snapshot.matches({ enrolling: "phone" })) return "phone";
    if (snapshot.matches({ disabling: "password" })) return "password";
    if (snapshot.matches({ enrolling: "code" }) || snapshot.matches({ disabling: "code" })) return "code";
    if (snapshot.hasTag("busy")) return "busy";
    return "off";
  });
  const enrolling = useSelector(setup, (snapshot) => snapshot.matches("enrolling"));
  const phone = useSelector(setup, (snapshot) => snapshot.context.phone);
  const problem = useSelector(setup, (snapshot) => snapshot.context.problem);
  const error = useSelector(setup, (snapshot) => snapshot.context.error);
  const phoneProblem =
    problem === "countryRequired"
      ? t`Country code required.`
      : problem === "countryInvalid"
        ? t`Country code is not valid.`
        : problem === "invalid"
          ? t`Enter valid phone number.`
          : null;
  const passwordProblem = problem === "passwordRequired" ? t`Current Password can not be empty.` : null;
  const codeProblem = problem === "codeInvalid" ? t`Enter the 6-digit code.` : null;
  const rulesProblem =
    problem === "rulesUnavailable" ? t`The phone number check could not be loaded. Please try again.` : null;
  const send = (type: "setup.start" | "setup.cancel" | "setup.submit" | "setup.resend") =>
    setup.send({ type });

  if (step === "off" || step === "on") {
    return (
      <div className={css({ display: "grid", gap: "3" })}>
        <p role="status">
          {step === "on" ? (
            <Trans>Two-factor authentication is on. Codes are sent to {phone}.</Trans>
          ) : (
            <Trans>Two-factor authentication is off.</Trans>
          )}
        </p>
        <p>
          <button type="button" className={button()} onClick={() => send("setup.start")}>
            {step === "on" ? (
              <Trans>Turn off two-factor authentication</Trans>
            ) : (
              <Trans>Turn on two-factor authentication</Trans>
            )}
          </button>
        </p>
      </div>
    );
  }
  return (
    <form
      noValidate
      className={css({ display: "grid", gap: "4" })}
      onSubmit={(event) => {
        event.preventDefault();
        send("setup.submit");
      }}
    >
      {error !== null ? (
        <p role="alert" className={errorLine}>
          {apiErrorMessage(i18n, error)}
        </p>
      ) : null}
      {rulesProblem !== null ? (
        <p role="alert" className={errorLine}>
          {rulesProblem}
        </p>
      ) : null}
      {step === "phone" ? (
        <>
          <p>
            <Trans>Enter the mobile phone that will receive your codes, with its country code.</Trans>
          </p>
          <SetupInput
            setup={setup}
            field="countryCode"
            label={t`Country code`}
            type="tel"
            autoComplete="tel-country-code"
            inputMode="tel"
            problem={problem === "countryRequired" || problem === "countryInvalid" ? phoneProblem : null}
          />
          <SetupInput
            setup={setup}
            field="number"
            label={t`Phone number`}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            problem={problem === "invalid" ? phoneProblem : null}
          />
        </>
      ) : null}
      {step === "phone" || step === "password" ? (
        <SetupInput
          setup={setup}
          field="password"
          label={t`Current Password`}
          type="password"
          autoComplete="current-password"
          problem={passwordProblem}
        />
      ) : null}
      {step === "code" ? (
        <>
          <p>
            <Trans>We sent a 6-digit code by text message. It can take about a minute to arrive.</Trans>
          </p>
          <SetupInput
            setup={setup}
            field="code"
            label={t`Verification Code`}
            autoComplete="one-time-code"
            inputMode="numeric"
            problem={codeProblem}
          />
        </>
      ) : null}
      {step === "busy" ? (
        <p role="status">
          <Trans>Please wait…</Trans>
        </p>
      ) : null}
      <div className={linkList}>
        <button type="submit" className={button()} disabled={step === "busy"}>
          {step === "code" ? (
            enrolling ? (
              <Trans>Verify and turn on</Trans>
            ) : (
              <Trans>Verify and turn off</Trans>
            )
          ) : (
            <Trans>Send code</Trans>
          )}
        </button>
        {step === "code" ? (
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => send("setup.resend")}
          >
            <Trans>Send a new code</Trans>
          </button>
        ) : null}
        <button type="button" className={button({ variant: "ghost" })} onClick={() => send("setup.cancel")}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
