import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { countryName } from "../../domain/payments/names.ts";
import type { AddressBook } from "../../machines/checkout.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { AddressForm } from "../account/AddressForm.tsx";
import { PartLoading } from "../shared/PartLoading.tsx";
import { card } from "../shared/Screen.tsx";
import { type CheckoutRef, errorText, sectionHeading, useQuoteMoney } from "./parts.tsx";

type AddressesRef = ActorRefFrom<AddressBook>;

const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" });

/** What the details step gives its shipping part. */
export interface ShippingProps {
  checkout: CheckoutRef;
  guest: boolean;
}

/**
 * Where the order goes: an address (the rider's saved ones, or a guest's), then a shipping method.
 * The address book is the checkout machine's own child (it hears what the book saves); this part
 * only draws it.
 */
export function Shipping({ checkout, guest }: ShippingProps) {
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
  const book = useSelector(checkout, (snapshot) => snapshot.context.addressBook);
  return (
    <section aria-labelledby="checkout-shipping" className={card}>
      <h2 id="checkout-shipping" className={sectionHeading}>
        <Trans>Shipping</Trans>
      </h2>
      {guest ? (
        <GuestAddress checkout={checkout} book={book} />
      ) : (
        <RiderAddresses checkout={checkout} book={book} />
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
/** The book is null until it has downloaded: the saved addresses show at once, "Add address" waits. */
function RiderAddresses({ checkout, book }: { checkout: CheckoutRef; book: AddressesRef | null }) {
  const { t, i18n } = useLingui();
  const saved = useSelector(checkout, (snapshot) => snapshot.context.addresses);
  const chosen = useSelector(checkout, (snapshot) => snapshot.context.addressId);
  const idle = useSelector(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
  const editing = useBookState(book, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));
  const ready = useBookState(book, (snapshot) => snapshot.matches("list"));
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
      {book && editing ? (
        <AddressForm addresses={book} />
      ) : (
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={!ready || !idle}
            onClick={() => book?.send({ type: "address.add" })}
          >
            <Trans>Add address</Trans>
          </button>
        </p>
      )}
    </div>
  );
}

/** A guest types the address for this order only (the same form and checks; nothing is saved). */
function GuestAddress({ checkout, book }: { checkout: CheckoutRef; book: AddressesRef | null }) {
  const { i18n } = useLingui();
  const address = useSelector(checkout, (snapshot) => snapshot.context.guestAddress);
  const editing = useBookState(book, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));
  const listed = useBookState(book, (snapshot) =>
    snapshot.matches("list") ? snapshot.context.addresses : null,
  );
  if (book && editing) return <AddressForm addresses={book} offerDefault={false} />;
  if (!address) return book ? null : <PartLoading />;
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
          onClick={() => book?.send({ type: "address.edit", id: first.id })}
        >
          <Trans>Change address</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** What the address book shows; null until it has downloaded. */
function useBookState<T>(
  book: AddressesRef | null,
  select: (snapshot: ReturnType<AddressesRef["getSnapshot"]>) => T,
): T | null {
  return useSelector(book ?? undefined, (snapshot) => (snapshot ? select(snapshot) : null));
}
