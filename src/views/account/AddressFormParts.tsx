import { Checkbox } from "@ark-ui/react/checkbox";
import { useListCollection } from "@ark-ui/react/collection";
import { Combobox } from "@ark-ui/react/combobox";
import { useFilter } from "@ark-ui/react/locale";
import { Portal } from "@ark-ui/react/portal";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useId, useMemo, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import {
  type AddressField,
  type AddressProblem,
  addressMaxLengths,
  countryName,
  countryOptions,
  subdivisionChoices,
  subdivisionsOf,
} from "../../domain/payments/address.ts";
import { maxAddresses } from "../../domain/payments/saved.ts";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { addressesMachine } from "../../machines/addresses.machine.ts";
import * as Field from "../../ui/field.ts";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { errorLine, fieldColumn, fieldError, fieldInput } from "../shared/fieldStyles.ts";
import { SubmitRow } from "../shared/SubmitRow.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";

/*
 * The machine's module, though the form only reads the machine through the actor it is given: the
 * form's chunk then reaches XState as the screens do, and the bundler keeps XState in one chunk
 * instead of splitting it in two (one more download on every page).
 */
import "../../machines/addresses.machine.ts";

type AddressesRef = ActorRefFrom<typeof addressesMachine>;

/** A field of the address form: the shared input, in the text colour. */
const input = cx(fieldInput, css({ color: "text" }));
const fieldBox = css({ display: "flex", flexDirection: "column", gap: "1", minWidth: "0" });
const labelText = css({ fontWeight: "semibold" });
const optional = css({ fontWeight: "normal", color: "muted", fontSize: "sm" });
const grid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", md: "1fr 1fr" },
  columnGap: "4",
  rowGap: "4",
});
const wide = css({ gridColumn: { md: "1 / -1" } });
const listbox = css({ maxHeight: "18rem", overflowY: "auto" });

/** The spec's texts for an address field's problem (section 5), with the field's label. */
function addressProblemMessage(i18n: I18n, problem: AddressProblem, label: string, field: AddressField) {
  switch (problem) {
    case "required":
      return i18n._(msg`${label} can not be empty.`);
    case "tooLong": {
      const max = addressMaxLengths[field];
      return i18n._(msg`${label} must not exceed ${max} characters`);
    }
    case "emailInvalid":
      return i18n._(msg`Invalid Email Address`);
    default:
      return i18n._(msg`${label} is not valid.`);
  }
}

/** A refused save that names no field. */
function saveErrorMessage(i18n: I18n, code: number): string {
  if (code === ErrorCode.limitReached) {
    return i18n._(msg`You can keep up to ${maxAddresses} addresses. Remove one to add another.`);
  }
  if (code === ErrorCode.notFound) return i18n._(msg`This address no longer exists.`);
  return apiErrorMessage(i18n, code);
}

/** The labels of the fields, as the spec names them (section 3, Address). */
function useLabels(): Record<AddressField, string> {
  const { t } = useLingui();
  return {
    firstName: t`First Name`,
    lastName: t`Last Name`,
    address_1: t`Address Line 1`,
    address_2: t`Address Line 2`,
    country: t`Country`,
    state: t`State`,
    city: t`City`,
    zipCode: t`Zip Code`,
    email: t`Email`,
  };
}

/** Adding or editing one address: the shared checks run before anything is sent. */
export function AddressForm({
  addresses,
  offerDefault = true,
}: {
  addresses: AddressesRef;
  /** False where nothing is kept (a guest's address for one order): no "Make default". */
  offerDefault?: boolean;
}) {
  const { i18n } = useLingui();
  const labels = useLabels();
  const isNew = useSelector(addresses, (snapshot) => snapshot.context.editingId === null);
  const saving = useSelector(addresses, (snapshot) => snapshot.matches("saving"));
  const error = useSelector(addresses, (snapshot) => snapshot.context.error);
  const country = useSelector(addresses, (snapshot) => snapshot.context.draft.country);
  const isDefault = useSelector(addresses, (snapshot) => snapshot.context.draft.isDefault);
  // The default stays the default until another address takes its place.
  const editsDefault = useSelector(addresses, (snapshot) =>
    snapshot.context.addresses.some(
      (address) => address.id === snapshot.context.editingId && address.isDefault,
    ),
  );
  const listed = subdivisionsOf(country);
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  const text = (field: AddressField, autoComplete: string, extra?: { className?: string; type?: string }) => (
    <TextField
      addresses={addresses}
      field={field}
      label={labels[field]}
      autoComplete={autoComplete}
      className={extra?.className}
      type={extra?.type}
      optional={field === "address_2" || field === "email"}
    />
  );

  return (
    <form
      noValidate
      aria-labelledby="address-form-title"
      className={css({ display: "grid", gap: "5" })}
      onSubmit={(event) => {
        event.preventDefault();
        addresses.send({ type: "address.save" });
      }}
    >
      <h2
        id="address-form-title"
        ref={heading}
        tabIndex={-1}
        className={css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } })}
      >
        {isNew ? <Trans>Add address</Trans> : <Trans>Edit address</Trans>}
      </h2>
      {error !== null ? (
        <p role="alert" className={errorLine}>
          {saveErrorMessage(i18n, error)}
        </p>
      ) : null}
      <div className={grid}>
        {text("firstName", "shipping given-name")}
        {text("lastName", "shipping family-name")}
        {text("address_1", "shipping address-line1", { className: wide })}
        {text("address_2", "shipping address-line2", { className: wide })}
        <CountryField addresses={addresses} label={labels.country} />
        {listed ? (
          <StateSelect addresses={addresses} label={labels.state} country={country} />
        ) : (
          text("state", "shipping address-level1")
        )}
        {text("city", "shipping address-level2")}
        {text("zipCode", "shipping postal-code")}
        {text("email", "shipping email", { className: wide, type: "email" })}
      </div>
      {!offerDefault ? null : editsDefault ? (
        <p>
          <Trans>This is your default address.</Trans>
        </p>
      ) : (
        <Checkbox.Root
          checked={isDefault}
          onCheckedChange={({ checked }) =>
            addresses.send({ type: "address.makeDefault", value: checked === true })
          }
          className={css({
            display: "inline-flex",
            alignItems: "center",
            gap: "3",
            cursor: "pointer",
            width: "fit-content",
          })}
        >
          <Checkbox.Control
            className={css({
              width: "5",
              height: "5",
              borderWidth: "2px",
              borderColor: "text",
              borderRadius: "sm",
              display: "inline-flex",
              alignItems: "center",
              justifyContent: "center",
              _checked: { bg: "brand.button", borderColor: "brand.button", color: "brand.buttonText" },
              _peerFocusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
              "[data-focus-visible] > &": { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
            })}
          >
            <Checkbox.Indicator>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
            </Checkbox.Indicator>
          </Checkbox.Control>
          <Checkbox.Label>
            <Trans>Make default</Trans>
          </Checkbox.Label>
          <Checkbox.HiddenInput />
        </Checkbox.Root>
      )}
      <SubmitRow
        as="p"
        className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}
        busy={saving}
        submitLabel={<Trans>Save address</Trans>}
        onCancel={() => addresses.send({ type: "address.cancel" })}
      />
    </form>
  );
}

function useProblem(addresses: AddressesRef, field: AddressField) {
  return useSelector(addresses, (snapshot) => snapshot.context.problems[field] ?? null);
}

function FieldError({
  problem,
  label,
  field,
}: {
  problem: AddressProblem | null;
  label: string;
  field: AddressField;
}) {
  const { i18n } = useLingui();
  return (
    <Field.ErrorText className={fieldError}>
      {problem ? addressProblemMessage(i18n, problem, label, field) : null}
    </Field.ErrorText>
  );
}

function FieldLabel({ label, optional: isOptional }: { label: string; optional?: boolean }): ReactNode {
  return (
    <Field.Label className={labelText}>
      {label}
      {isOptional ? (
        <>
          {" "}
          <span className={optional}>
            <Trans>(optional)</Trans>
          </span>
        </>
      ) : null}
    </Field.Label>
  );
}

function TextField({
  addresses,
  field,
  label,
  autoComplete,
  optional: isOptional = false,
  className,
  type = "text",
}: {
  addresses: AddressesRef;
  field: AddressField;
  label: string;
  autoComplete: string;
  optional?: boolean;
  className?: string | undefined;
  type?: string | undefined;
}) {
  const value = useSelector(addresses, (snapshot) => snapshot.context.draft[field]);
  const problem = useProblem(addresses, field);
  const errorId = useId();
  return (
    <Field.Root
      invalid={problem !== null}
      required={!isOptional}
      ids={{ errorText: errorId }}
      className={cx(fieldBox, className)}
    >
      <FieldLabel label={label} optional={isOptional} />
      <Field.Input
        className={input}
        name={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={addressMaxLengths[field]}
        aria-describedby={problem ? errorId : undefined}
        value={value}
        onChange={(event) =>
          addresses.send({ type: "address.change", field, value: event.currentTarget.value })
        }
      />
      <FieldError problem={problem} label={label} field={field} />
    </Field.Root>
  );
}

/** Every country, named in the rider's language, filtered as the rider types. */
function CountryField({ addresses, label }: { addresses: AddressesRef; label: string }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const country = useSelector(addresses, (snapshot) => snapshot.context.draft.country);
  const problem = useProblem(addresses, "country");
  const options = useMemo(
    () => countryOptions(locale).map((option) => ({ value: option.code, label: option.name })),
    [locale],
  );
  const { contains } = useFilter({ sensitivity: "base" });
  const { collection, filter, reset } = useListCollection({ initialItems: options, filter: contains });
  const chosen = country ? countryName(country, locale) : "";
  // What the rider types to find a country: the widget's own text, not the address.
  const [text, setText] = useState(chosen);
  const errorId = useId();
  return (
    <Field.Root invalid={problem !== null} required ids={{ errorText: errorId }} className={fieldBox}>
      <Combobox.Root
        collection={collection}
        value={country ? [country] : []}
        inputValue={text}
        openOnClick
        invalid={problem !== null}
        onInputValueChange={({ inputValue, reason }) => {
          setText(inputValue);
          if (reason === "input-change") filter(inputValue);
        }}
        // Closed without a pick (Escape, a click elsewhere): the field names the chosen country again.
        onOpenChange={({ open }) => {
          if (open) return;
          reset();
          setText(chosen);
        }}
        onValueChange={({ value }) => {
          const [code] = value;
          if (code && code !== country)
            addresses.send({ type: "address.change", field: "country", value: code });
        }}
        positioning={{ sameWidth: true }}
        className={fieldColumn}
      >
        <Combobox.Label className={labelText}>{label}</Combobox.Label>
        <Combobox.Control className={css({ position: "relative" })}>
          <Combobox.Input
            className={cx(input, css({ pr: "10" }))}
            autoComplete="off"
            aria-describedby={problem ? errorId : undefined}
          />
          <Combobox.Trigger
            className={css({
              position: "absolute",
              insetEnd: "1",
              top: "50%",
              transform: "translateY(-50%)",
              display: "inline-flex",
              p: "2",
              cursor: "pointer",
            })}
          >
            <ChevronDownIcon />
          </Combobox.Trigger>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner className={css({ zIndex: "dropdown" })}>
            <Combobox.Content className={cx(select().content, listbox)}>
              <Combobox.Empty className={css({ px: "3", py: "2" })}>
                <Trans>No country matches.</Trans>
              </Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.value} item={item} className={select().item}>
                  <Combobox.ItemText>{item.label}</Combobox.ItemText>
                  <Combobox.ItemIndicator className={css({ color: "brand.button" })}>
                    ✓
                  </Combobox.ItemIndicator>
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <FieldError problem={problem} label={label} field="country" />
    </Field.Root>
  );
}

/** The country's states or provinces, where its addresses take one from a list. */
function StateSelect({
  addresses,
  label,
  country,
}: {
  addresses: AddressesRef;
  label: string;
  country: string;
}) {
  const { t, i18n } = useLingui();
  const state = useSelector(addresses, (snapshot) => snapshot.context.draft.state);
  const problem = useProblem(addresses, "state");
  const locale = i18n.locale;
  const options = useMemo(
    () => subdivisionChoices(country, locale).map((entry) => ({ value: entry.code, label: entry.name })),
    [country, locale],
  );
  const errorId = useId();
  return (
    <Field.Root invalid={problem !== null} required ids={{ errorText: errorId }} className={fieldBox}>
      <SelectField
        options={options}
        value={state || null}
        onPick={(code) => addresses.send({ type: "address.change", field: "state", value: code })}
        label={label}
        placeholder={t`Choose a state`}
        invalid={problem !== null}
        describedBy={problem ? errorId : undefined}
        hiddenSelect={{ name: "state" }}
        classNames={{
          root: fieldColumn,
          label: labelText,
          trigger: cx(
            input,
            css({
              display: "flex",
              alignItems: "center",
              justifyContent: "space-between",
              gap: "2",
              cursor: "pointer",
            }),
          ),
          content: listbox,
        }}
      />
      <FieldError problem={problem} label={label} field="state" />
    </Field.Root>
  );
}
