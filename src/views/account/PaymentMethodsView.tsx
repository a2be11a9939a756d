import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useId } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { cardBrandName, defaultSupportedBrands } from "../../domain/payments/names.ts";
import type { SavedPaymentMethod } from "../../domain/payments/saved.ts";
import { type paymentMethodsMachine, selectTarget } from "../../machines/paymentMethods.machine.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { card as panel } from "../shared/Screen.tsx";
import { BankForm } from "./BankForm.tsx";
import { CardForm } from "./CardForm.tsx";
import { BrandMark, brandName, methodName } from "./methodNames.tsx";
import { failureText, noticeText } from "./paymentTexts.ts";

type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

const sectionHeading = css({ fontSize: "xl", fontWeight: "bold" });
const list = css({ display: "grid", gap: "3" });
const item = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "3",
  p: "4",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
});
const badge = css({
  display: "inline-block",
  px: "2",
  py: "0.5",
  borderRadius: "full",
  fontSize: "sm",
  fontWeight: "semibold",
  borderWidth: "1px",
});
const pad = (value: number) => String(value).padStart(2, "0");

/** The Payment Methods screen: the saved methods, adding one of each kind, removing, the default. */
export function PaymentMethodsView({ methods }: { methods: PaymentMethodsRef }) {
  const { i18n } = useLingui();
  const loading = useSelector(methods, (s) => s.hasTag("busy") && !s.matches("ready"));
  const loadFailed = useSelector(methods, (s) => s.matches("loadFailed"));
  const ready = useSelector(methods, (s) => s.matches("ready"));
  const saved = useSelector(methods, (s) => s.context.methods);
  const notice = useSelector(methods, (s) => s.context.notice);
  const listFailure = useSelector(methods, (s) =>
    s.matches({ ready: "listing" }) || s.matches({ ready: "settingDefault" }) ? s.context.failure : null,
  );

  return (
    <>
      <section className={panel} aria-labelledby="saved-methods" aria-busy={loading}>
        <h2 id="saved-methods" className={sectionHeading}>
          <Trans>Your payment methods</Trans>
        </h2>
        {notice ? (
          <p role="status" className={css({ color: "brand.success", fontWeight: "semibold" })}>
            {noticeText(i18n, notice)}
          </p>
        ) : null}
        {listFailure ? (
          <p role="alert" className={errorLine}>
            {failureText(i18n, listFailure)}
          </p>
        ) : null}
        {loading ? (
          <p role="status">
            <Trans>Loading your payment methods…</Trans>
          </p>
        ) : null}
        {loadFailed ? <LoadFailed methods={methods} /> : null}
        {ready && saved.length === 0 ? (
          <p>
            <Trans>You have no saved payment methods yet. Add one below to pay faster at checkout.</Trans>
          </p>
        ) : null}
        {ready && saved.length > 0 ? (
          <ul className={list}>
            {saved.map((method) => (
              <MethodItem key={method.id} method={method} methods={methods} />
            ))}
          </ul>
        ) : null}
      </section>
      {ready ? <AddSection methods={methods} /> : null}
      <RemoveQuestion methods={methods} />
    </>
  );
}

function LoadFailed({ methods }: { methods: PaymentMethodsRef }) {
  const { i18n } = useLingui();
  const failure = useSelector(methods, (s) => s.context.failure);
  return (
    <div role="alert" className={css({ display: "grid", gap: "3", justifyItems: "start" })}>
      <p>{failure ? failureText(i18n, failure) : null}</p>
      <button
        type="button"
        className={button({ variant: "outline" })}
        onClick={() => methods.send({ type: "methods.retry" })}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

function MethodItem({ method, methods }: { method: SavedPaymentMethod; methods: PaymentMethodsRef }) {
  const { t, i18n } = useLingui();
  const name = methodName(i18n, method);
  const canSetDefault = useSelector(methods, (s) => s.can({ type: "default.set", id: method.id }));
  const supportsDefault = useSelector(methods, (s) => s.context.supportsDefault);
  const listing = useSelector(methods, (s) => s.matches({ ready: "listing" }));
  const settingThis = useSelector(
    methods,
    (s) => s.matches({ ready: "settingDefault" }) && s.context.target === method.id,
  );
  const markKey = method.kind === "card" ? (method.brand ?? "") : method.kind;
  const brandLabel =
    method.kind === "paypal"
      ? "PayPal"
      : method.kind === "bank_account"
        ? t`Bank account`
        : (brandName(method.brand) ?? t`Card`);
  return (
    <li className={item} data-method={method.kind}>
      <BrandMark markKey={markKey} label={brandLabel} />
      <div className={css({ flex: "1 1 12rem", display: "grid", gap: "1", minWidth: "0" })}>
        <p className={css({ fontWeight: "semibold" })}>{name}</p>
        {method.nickname ? <p>{method.nickname}</p> : null}
        {method.kind === "card" && method.exp_month && method.exp_year ? (
          <p className={css({ color: "muted", fontSize: "sm" })}>
            <Trans>
              Expires {pad(method.exp_month)}/{pad(method.exp_year % 100)}
            </Trans>
          </p>
        ) : null}
        {method.paypal_email ? (
          <p className={css({ color: "muted", fontSize: "sm", overflowWrap: "anywhere" })}>
            {method.paypal_email}
          </p>
        ) : null}
        {method.is_default || method.commuter_benefits ? (
          <p className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
            {method.is_default ? (
              <span className={badge} style={{ borderColor: "currentColor" }}>
                <Trans>Default</Trans>
              </span>
            ) : null}
            {method.commuter_benefits ? (
              <span className={badge}>
                <Trans>Commuter benefits</Trans>
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {supportsDefault && !method.is_default ? (
          <button
            type="button"
            className={button({ variant: "outline", size: "sm" })}
            disabled={!canSetDefault}
            aria-busy={settingThis}
            aria-label={t`Set as default: ${name}`}
            onClick={() => methods.send({ type: "default.set", id: method.id })}
          >
            <Trans>Set as default</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          disabled={!listing}
          aria-label={t`Remove ${name}`}
          onClick={() => methods.send({ type: "remove.ask", id: method.id })}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}

function AddSection({ methods }: { methods: PaymentMethodsRef }) {
  const editingCard = useSelector(
    methods,
    (s) => s.matches({ ready: "editingCard" }) || s.matches({ ready: "savingCard" }),
  );
  const editingBank = useSelector(
    methods,
    (s) => s.matches({ ready: "editingBank" }) || s.matches({ ready: "savingBank" }),
  );
  const canAdd = useSelector(methods, (s) => s.can({ type: "bank.open" }));
  const atLimit = useSelector(
    methods,
    (s) => s.matches({ ready: "listing" }) && !s.can({ type: "bank.open" }),
  );
  const leaving = useSelector(methods, (s) => s.matches({ ready: "leavingForPayPal" }));
  const brands = defaultSupportedBrands.map((brand) => cardBrandName(brand)).join(", ");
  return (
    <section className={panel} aria-labelledby="add-method">
      <h2 id="add-method" className={sectionHeading}>
        <Trans>Add a payment method</Trans>
      </h2>
      {editingCard ? <CardForm methods={methods} /> : null}
      {editingBank ? <BankForm methods={methods} /> : null}
      {editingCard || editingBank ? null : (
        <>
          <ul
            className={css({
              display: "grid",
              gap: "3",
              gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
            })}
          >
            <li>
              <AddButton
                disabled={!canAdd}
                onClick={() => methods.send({ type: "card.open", commuterBenefits: false })}
                detail={brands}
              >
                <Trans>Card</Trans>
              </AddButton>
            </li>
            <li>
              <AddButton
                disabled={!canAdd}
                busy={leaving}
                onClick={() => methods.send({ type: "payPal.start" })}
                detail={<Trans>You approve on PayPal's page and come back here.</Trans>}
              >
                PayPal
              </AddButton>
            </li>
            <li>
              <AddButton
                disabled={!canAdd}
                onClick={() => methods.send({ type: "bank.open" })}
                detail={<Trans>A US checking or savings account.</Trans>}
              >
                <Trans>Bank account</Trans>
              </AddButton>
            </li>
            <li>
              <AddButton
                disabled={!canAdd}
                onClick={() => methods.send({ type: "card.open", commuterBenefits: true })}
                detail={<Trans>Pays into a fare card's commuter benefits balance.</Trans>}
              >
                <Trans>Commuter benefits card</Trans>
              </AddButton>
            </li>
          </ul>
          {atLimit ? (
            <p>
              <Trans>You have saved as many payment methods as allowed. Remove one to add another.</Trans>
            </p>
          ) : null}
          {leaving ? (
            <p role="status">
              <Trans>Taking you to PayPal…</Trans>
            </p>
          ) : null}
        </>
      )}
      <div
        className={css({ borderTopWidth: "1px", borderColor: "border", pt: "4", display: "grid", gap: "2" })}
      >
        <h3 className={css({ fontWeight: "semibold" })}>
          <Trans>Added in the mobile app</Trans>
        </h3>
        <ul className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <li className={badge}>Apple Pay</li>
          <li className={badge}>Google Pay</li>
          <li className={badge}>
            <Trans>Cash at a store</Trans>
          </li>
        </ul>
        <p className={css({ color: "muted", fontSize: "sm" })}>
          <Trans>
            Apple Pay, Google Pay and cash at a store cannot be added here: add them in the mobile app.
          </Trans>
        </p>
      </div>
    </section>
  );
}

function AddButton({
  children,
  detail,
  disabled,
  busy = false,
  onClick,
}: {
  children: ReactNode;
  detail: ReactNode;
  disabled: boolean;
  busy?: boolean;
  onClick: () => void;
}) {
  const detailId = useId();
  return (
    <button
      type="button"
      disabled={disabled}
      aria-busy={busy}
      aria-describedby={detailId}
      onClick={onClick}
      className={css({
        width: "100%",
        height: "100%",
        display: "grid",
        gap: "1",
        textAlign: "start",
        p: "4",
        borderWidth: "2px",
        borderColor: "brand.button",
        borderRadius: "md",
        bg: "surface",
        cursor: "pointer",
        _hover: { bg: "brand.container" },
        _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
        _disabled: { opacity: 0.55, cursor: "not-allowed" },
      })}
    >
      <span className={css({ fontWeight: "bold", color: "brand.button" })}>{children}</span>
      <span id={detailId} aria-hidden="true" className={css({ fontSize: "sm", color: "muted" })}>
        {detail}
      </span>
    </button>
  );
}

function RemoveQuestion({ methods }: { methods: PaymentMethodsRef }) {
  const { i18n } = useLingui();
  const open = useSelector(
    methods,
    (s) => s.matches({ ready: "confirmingRemove" }) || s.matches({ ready: "removing" }),
  );
  const removing = useSelector(methods, (s) => s.matches({ ready: "removing" }));
  const target = useSelector(methods, selectTarget);
  const failure = useSelector(methods, (s) =>
    s.matches({ ready: "confirmingRemove" }) ? s.context.failure : null,
  );
  const keep = () => methods.send({ type: "remove.cancel" });
  const name = target ? methodName(i18n, target) : "";
  return (
    <ConfirmDialog
      open={open}
      busy={removing}
      title={<Trans>Remove this payment method?</Trans>}
      error={failure ? failureText(i18n, failure) : null}
      confirmLabel={<Trans>Remove</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep</Trans>}
      onConfirm={() => methods.send({ type: "remove.confirm" })}
      onCancel={keep}
    >
      <Trans>{name} will no longer be offered at checkout.</Trans>
    </ConfirmDialog>
  );
}
