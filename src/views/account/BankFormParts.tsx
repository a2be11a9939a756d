import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { holderNameMaxLength } from "../../domain/payments/bank.ts";
import { nicknameMaxLength } from "../../domain/payments/saved.ts";
import type { BankDraft, paymentMethodsMachine } from "../../machines/paymentMethods.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { SubmitRow } from "../shared/SubmitRow.tsx";
import { MakeDefault } from "./MakeDefault.tsx";
import { errorLine, formActions, formGrid, problemText, TextField, wide } from "./paymentParts.tsx";
import { failureText } from "./paymentTexts.ts";

/*
 * The machine's module, though the form only reads the machine through the actor it is given: the
 * form's chunk then reaches XState as the screens do, and the bundler keeps XState in one chunk
 * instead of splitting it in two (one more download on every page).
 */
import "../../machines/paymentMethods.machine.ts";

type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

/** A US bank account for ACH payments: the routing and account numbers go to the gateway only. */
export function BankForm({ methods }: { methods: PaymentMethodsRef }) {
  const { t, i18n } = useLingui();
  const bank = useSelector(methods, (s) => s.context.bank);
  const problems = useSelector(methods, (s) => s.context.bankProblems);
  const supportsDefault = useSelector(methods, (s) => s.context.supportsDefault);
  const saving = useSelector(methods, (s) => s.matches({ ready: "savingBank" }));
  const failure = useSelector(methods, (s) =>
    s.matches({ ready: "editingBank" }) ? s.context.failure : null,
  );
  // The button that opened the form is gone: keyboard and screen reader users start at its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const change = (values: Partial<BankDraft>) => methods.send({ type: "bank.change", values });
  const labels = {
    nickname: t`Nickname (optional)`,
    holderName: t`Account Holder Name`,
    routingNumber: t`Routing Number`,
    accountNumber: t`Account Number`,
    accountType: t`Account Type`,
  };
  const problem = (key: keyof typeof labels) => {
    const found = problems[key];
    const max = key === "nickname" ? nicknameMaxLength : holderNameMaxLength;
    return found ? problemText(i18n, found, labels[key], max) : null;
  };
  const typeProblem = problem("accountType");
  const accountType =
    bank.accountType === "checking" || bank.accountType === "savings" ? bank.accountType : null;

  return (
    <form
      noValidate
      aria-label={t`Add a bank account`}
      className={formGrid}
      onSubmit={(event) => {
        event.preventDefault();
        methods.send({ type: "bank.submit" });
      }}
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className={`${css({ fontSize: "lg", fontWeight: "bold", outline: "none" })} ${wide}`}
      >
        <Trans>Add a bank account</Trans>
      </h3>
      {failure ? (
        <p role="alert" className={`${errorLine} ${wide}`}>
          {failureText(i18n, failure)}
        </p>
      ) : null}
      <TextField
        label={labels.holderName}
        name="holderName"
        autoComplete="name"
        value={bank.holderName}
        problem={problem("holderName")}
        onChange={(holderName) => change({ holderName })}
      />
      <TextField
        label={labels.nickname}
        name="nickname"
        value={bank.nickname}
        problem={problem("nickname")}
        required={false}
        onChange={(nickname) => change({ nickname })}
      />
      <TextField
        label={labels.routingNumber}
        name="routingNumber"
        inputMode="numeric"
        value={bank.routingNumber}
        problem={problem("routingNumber")}
        onChange={(routingNumber) => change({ routingNumber })}
      />
      <TextField
        label={labels.accountNumber}
        name="accountNumber"
        inputMode="numeric"
        value={bank.accountNumber}
        problem={problem("accountNumber")}
        onChange={(accountNumber) => change({ accountNumber })}
      />
      <div className={wide}>
        <Choice
          label={labels.accountType}
          value={accountType}
          options={[
            { value: "checking", title: t`Checking` },
            { value: "savings", title: t`Savings` },
          ]}
          onPick={(picked) => change({ accountType: picked })}
        />
        {typeProblem ? (
          <p className={css({ color: "brand.error", fontSize: "sm", mt: "1" })}>{typeProblem}</p>
        ) : null}
      </div>
      {supportsDefault ? (
        <MakeDefault
          label={t`Make default`}
          checked={bank.makeDefault}
          onChange={(makeDefault) => change({ makeDefault })}
        />
      ) : null}
      <SubmitRow
        className={formActions}
        busy={saving}
        submitLabel={<Trans>Save bank account</Trans>}
        onCancel={() => methods.send({ type: "form.cancel" })}
      />
    </form>
  );
}
