import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { countryName } from "../../domain/payments/names.ts";
import type { addressesMachine } from "../../machines/addresses.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { AddressForm } from "../account/AddressForm.tsx";
import { card } from "../shared/Screen.tsx";
import { type CheckoutRef, errorText, sectionHeading, useQuoteMoney } from "./parts.tsx";

type AddressesRef = ActorRefFrom<typeof addressesMachine>;

const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" });

/** What the details step gives its shipping part (the address book comes with the part). */
export interface ShippingProps {
  checkout: CheckoutRef;
  guest: boolean;
}

/** Where the order goes: an address (the rider's saved ones, or a guest's), then a shipping method. */
export function Shipping({
  checkout,
  addresses,
  guest,
}: ShippingProps & { addresses: typeof addressesMachine }) {
  const { t } = useLingui();
  const money = useQuoteMoney(checkout);
  const methods = useSelector(checkout, (snapshot) => snapshot.context.quote?.shipping_methods ?? []);
  const chosen = useSelector(checkout, (snapshot) => snapshot.context.shippingMethod);
  const refused = useSelector(checkout, (snapshot) => snapshot.context.shippingRefused);
  const hasAddress = useSelector(
    checkout,
    (snapshot) => snapshot.context.addressId !== null || snapshot.context.guestAddress !== null,
  );
  const idle = useSelector(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
  return (
    <section aria-labelledby="checkout-shipping" className={card}>
      <h2 id="checkout-shipping" className={sectionHeading}>
        <Trans>Shipping</Trans>
      </h2>
      {guest ? (
        <GuestAddress checkout={checkout} addresses={addresses} />
      ) : (
        <RiderAddresses checkout={checkout} addresses={addresses} />
      )}
      {hasAddress ? (
        <Choice
          label={t`Shipping method`}
          value={chosen}
          options={methods.map((method) => ({
            value: method.code,
            title: method.name,
            detail: money(method.price),
            disabled: !idle,
          }))}
          onPick={(code) => checkout.send({ type: "shipping.chooseMethod", code })}
        />
      ) : null}
      {refused ? (
        <p role="alert" className={errorText}>
          <Trans>Shipping method not available</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** The rider's saved addresses, and adding one through the addresses machine (saved to the account). */
function RiderAddresses({
  checkout,
  addresses,
}: {
  checkout: CheckoutRef;
  addresses: typeof addressesMachine;
}) {
  const { t, i18n } = useLingui();
  const saved = useSelector(checkout, (snapshot) => snapshot.context.addresses);
  const chosen = useSelector(checkout, (snapshot) => snapshot.context.addressId);
  const idle = useSelector(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
  const book = useActorRef(addresses);
  const editing = useSelector(book, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));
  const ready = useSelector(book, (snapshot) => snapshot.matches("list"));
  useAdded(book, (address) => checkout.send({ type: "shipping.addressAdded", address }));
  return (
    <div className={css({ display: "grid", gap: "4" })}>
      {saved.length > 0 ? (
        <Choice
          label={t`Shipping address`}
          value={chosen}
          options={saved.map((address) => ({
            value: address.id,
            title: `${address.firstName} ${address.lastName}, ${address.address_1}`,
            detail: `${address.city}, ${address.state} ${address.zipCode}, ${countryName(address.country, i18n.locale)}`,
            disabled: !idle,
          }))}
          onPick={(id) => checkout.send({ type: "shipping.chooseAddress", id })}
        />
      ) : (
        <p>
          <Trans>You have no saved shipping addresses yet.</Trans>
        </p>
      )}
      {editing ? (
        <AddressForm addresses={book} />
      ) : (
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={!ready || !idle}
            onClick={() => book.send({ type: "address.add" })}
          >
            <Trans>Add address</Trans>
          </button>
        </p>
      )}
    </div>
  );
}

/** A guest types the address for this order only (the same form and checks; nothing is saved). */
function GuestAddress({
  checkout,
  addresses,
}: {
  checkout: CheckoutRef;
  addresses: typeof addressesMachine;
}) {
  const { i18n } = useLingui();
  const address = useSelector(checkout, (snapshot) => snapshot.context.guestAddress);
  const book = useActorRef(addresses);
  const editing = useSelector(book, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));
  const listed = useSelector(book, (snapshot) =>
    snapshot.matches("list") ? snapshot.context.addresses : null,
  );
  useEffect(() => {
    if (listed && listed.length === 0) book.send({ type: "address.add" });
  }, [listed, book]);
  useAdded(book, (saved) => checkout.send({ type: "shipping.guestAddress", address: saved }), true);
  if (editing) return <AddressForm addresses={book} offerDefault={false} />;
  if (!address) return null;
  const first = listed?.[0];
  return (
    <div className={actions}>
      <p>
        {address.firstName} {address.lastName}, {address.address_1}, {address.city}, {address.state}{" "}
        {address.zipCode}, {countryName(address.country, i18n.locale)}
      </p>
      {first ? (
        <button
          type="button"
          className={button({ variant: "outline" })}
          onClick={() => book.send({ type: "address.edit", id: first.id })}
        >
          <Trans>Change address</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** Hears the addresses machine save an address ("added", or "updated" too when `edits`). */
function useAdded(
  book: AddressesRef,
  onSaved: (address: ReturnType<AddressesRef["getSnapshot"]>["context"]["addresses"][number]) => void,
  edits = false,
) {
  const handler = useRef(onSaved);
  handler.current = onSaved;
  useEffect(() => {
    let known = new Set(book.getSnapshot().context.addresses.map((address) => address.id));
    let notice = book.getSnapshot().context.notice;
    const subscription = book.subscribe((snapshot) => {
      const { addresses: list, notice: next } = snapshot.context;
      const fresh = list.find((address) => !known.has(address.id));
      if (
        snapshot.matches("list") &&
        next !== notice &&
        (next === "added" || (edits && next === "updated"))
      ) {
        const saved = fresh ?? list[0];
        if (saved) handler.current(saved);
      }
      known = new Set(list.map((address) => address.id));
      notice = next;
    });
    return () => subscription.unsubscribe();
  }, [book, edits]);
}
