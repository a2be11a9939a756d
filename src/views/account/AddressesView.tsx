import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { countryName } from "../../domain/payments/names.ts";
import { maxAddresses, type SavedAddress } from "../../domain/payments/saved.ts";
import { apiErrorMessage } from "../../i18n/forms.ts";
import {
  type addressesMachine,
  selectAddressToRemove,
  selectAtLimit,
} from "../../machines/addresses.machine.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { LoadFailed } from "../shared/LoadFailed.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { AddressForm } from "./AddressForm.tsx";

type AddressesRef = ActorRefFrom<typeof addressesMachine>;

const box = css({ display: "grid", gap: "5" });
const statusText = css({ color: "brand.success", fontWeight: "semibold" });
const list = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" },
  gap: "4",
});
const item = css({
  display: "flex",
  flexDirection: "column",
  justifyContent: "space-between",
  gap: "4",
  p: "5",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "lg",
  bg: "surface",
  minWidth: "0",
  "&[data-default]": { borderColor: "brand.button", boxShadow: "0 0 0 1px token(colors.brand.button)" },
});
const badge = css({
  display: "inline-block",
  px: "2",
  py: "0.5",
  borderRadius: "full",
  bg: "brand.button",
  color: "brand.buttonText",
  fontSize: "xs",
  fontWeight: "bold",
  textTransform: "uppercase",
  letterSpacing: "wide",
});
const sectionHeading = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });
const lines = css({ fontStyle: "normal", display: "grid", gap: "0.5", overflowWrap: "anywhere" });

/** The rider's shipping addresses: the list, the form to add or edit one, and the removal question. */
export function AddressesView({ addresses }: { addresses: AddressesRef }) {
  const { i18n } = useLingui();
  const loading = useSelector(addresses, (snapshot) => snapshot.matches("loading"));
  const loadFailed = useSelector(addresses, (snapshot) => snapshot.matches("loadFailed"));
  const editing = useSelector(
    addresses,
    (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"),
  );
  const error = useSelector(addresses, (snapshot) => snapshot.context.error);

  if (loading) {
    return (
      <p role="status">
        <Trans>Loading your addresses…</Trans>
      </p>
    );
  }
  if (loadFailed) {
    return (
      <LoadFailed className={box} onRetry={() => addresses.send({ type: "addresses.retry" })}>
        <Trans>Failed to load your addresses.</Trans> {error === null ? null : apiErrorMessage(i18n, error)}
      </LoadFailed>
    );
  }
  if (editing) return <AddressForm addresses={addresses} />;
  return <AddressList addresses={addresses} />;
}

function AddressList({ addresses }: { addresses: AddressesRef }) {
  const saved = useSelector(addresses, (snapshot) => snapshot.context.addresses);
  const notice = useSelector(addresses, (snapshot) => snapshot.context.notice);
  // A removed address takes its Remove button along: focus goes on from the list's heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>(notice === "removed" ? saved : null);
  // In the list, an error is a default that could not be set (the others stay in their form or dialog).
  const defaultFailed = useSelector(
    addresses,
    (snapshot) => snapshot.matches("list") && snapshot.context.error !== null,
  );
  const canAdd = useSelector(addresses, (snapshot) => snapshot.can({ type: "address.add" }));
  const atLimit = useSelector(addresses, selectAtLimit);
  const busy = useSelector(addresses, (snapshot) => snapshot.hasTag("busy"));
  const add = (
    <button
      type="button"
      className={button()}
      disabled={!canAdd}
      onClick={() => addresses.send({ type: "address.add" })}
    >
      <Trans>Add address</Trans>
    </button>
  );
  return (
    <div className={box}>
      <h2 id="addresses-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        <Trans>Your addresses</Trans>
      </h2>
      {notice ? (
        <p role="status" className={statusText}>
          {notice === "added" ? (
            <Trans>The address was added.</Trans>
          ) : notice === "updated" ? (
            <Trans>The address was updated.</Trans>
          ) : notice === "removed" ? (
            <Trans>The address was removed.</Trans>
          ) : (
            <Trans>Your default address was changed.</Trans>
          )}
        </p>
      ) : null}
      {defaultFailed ? (
        <p role="alert" className={errorLine}>
          <Trans>Failed to set the default address. Please try again.</Trans>
        </p>
      ) : null}
      {saved.length === 0 ? (
        <div className={css({ display: "grid", gap: "4", justifyItems: "start" })}>
          <p>
            <Trans>You have no saved shipping addresses yet.</Trans>
          </p>
          {add}
        </div>
      ) : (
        <>
          <ul className={list} aria-labelledby="addresses-title">
            {saved.map((address) => (
              <AddressItem key={address.id} address={address} addresses={addresses} busy={busy} />
            ))}
          </ul>
          {atLimit ? (
            <p className={css({ fontWeight: "semibold" })}>
              <Trans>
                You have saved {maxAddresses} addresses, the most you can keep. Remove one to add another.
              </Trans>
            </p>
          ) : (
            <p>{add}</p>
          )}
        </>
      )}
      <RemoveQuestion addresses={addresses} />
    </div>
  );
}

function AddressItem({
  address,
  addresses,
  busy,
}: {
  address: SavedAddress;
  addresses: AddressesRef;
  busy: boolean;
}) {
  const nameId = `address-${address.id}`;
  // Two addresses of one person differ by their street: both name the item and its buttons.
  const labelIds = `${nameId} ${nameId}-line`;
  return (
    <li className={item} data-default={address.isDefault ? "" : undefined} aria-labelledby={labelIds}>
      <AddressLines address={address} nameId={nameId} />
      <p className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          disabled={busy}
          aria-describedby={labelIds}
          onClick={() => addresses.send({ type: "address.edit", id: address.id })}
        >
          <Trans>Edit</Trans>
        </button>
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          disabled={busy}
          aria-describedby={labelIds}
          onClick={() => addresses.send({ type: "address.remove", id: address.id })}
        >
          <Trans>Remove</Trans>
        </button>
        {address.isDefault ? null : (
          <button
            type="button"
            className={button({ variant: "outline", size: "sm" })}
            disabled={busy}
            aria-describedby={labelIds}
            onClick={() => addresses.send({ type: "address.setDefault", id: address.id })}
          >
            <Trans>Set as default</Trans>
          </button>
        )}
      </p>
    </li>
  );
}

/** An address as the post writes it, with the country named in the rider's language. */
function AddressLines({ address, nameId }: { address: SavedAddress; nameId?: string }) {
  const { i18n } = useLingui();
  return (
    <address className={lines}>
      <span className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
        <strong id={nameId}>
          {address.firstName} {address.lastName}
        </strong>
        {address.isDefault ? (
          <span className={badge}>
            <Trans>Default</Trans>
          </span>
        ) : null}
      </span>
      <span id={nameId ? `${nameId}-line` : undefined}>{address.address_1}</span>
      {address.address_2 ? <span>{address.address_2}</span> : null}
      <span>
        {address.city}, {address.state} {address.zipCode}
      </span>
      <span>{countryName(address.country, i18n.locale)}</span>
      {address.email ? <span>{address.email}</span> : null}
    </address>
  );
}

/** "Remove this address?": a centred alert dialog; a failed removal keeps it open with the reason. */
function RemoveQuestion({ addresses }: { addresses: AddressesRef }) {
  const open = useSelector(
    addresses,
    (snapshot) => snapshot.matches("confirmRemove") || snapshot.matches("removing"),
  );
  const removing = useSelector(addresses, (snapshot) => snapshot.matches("removing"));
  const address = useSelector(addresses, selectAddressToRemove);
  const failed = useSelector(
    addresses,
    (snapshot) => snapshot.matches("confirmRemove") && snapshot.context.error !== null,
  );
  const keep = () => {
    if (!removing) addresses.send({ type: "address.keep" });
  };
  return (
    <ConfirmDialog
      open={open}
      busy={removing}
      title={<Trans>Remove this address?</Trans>}
      bodyLayout="block"
      error={failed ? <Trans>Failed to remove the address. Please try again.</Trans> : null}
      confirmLabel={<Trans>Remove</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep</Trans>}
      onConfirm={() => addresses.send({ type: "address.confirmRemove" })}
      onCancel={keep}
    >
      {address ? <AddressLines address={address} /> : null}
    </ConfirmDialog>
  );
}
