import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AddressField } from "../../src/domain/payments/address.ts";
import type { SavedAddress } from "../../src/domain/payments/saved.ts";
import { addressesMachine, type SaveAddressInput } from "../../src/machines/addresses.machine.ts";
import type { AddressBookRequest, Prepared, PrepareInput } from "../../src/machines/checkout.machine.ts";
import { home } from "./specs/addresses.ts";
import { guestAddress, guestQuote, inputs, recording, riderQuote, shippedQuote } from "./specs/checkout.ts";

/** A guest's address book as the portal provides it: nothing saved anywhere, the address kept. */
const guestBook = addressesMachine.provide({
  actors: {
    loadAddresses: fromPromise<SavedAddress[]>(async () => []),
    saveAddress: fromPromise<SavedAddress, SaveAddressInput>(async ({ input }) => ({
      ...input.body,
      address_2: input.body.address_2 ?? null,
      email: input.body.email ?? null,
      isDefault: false,
      id: "guest-address",
      created_at: "2026-12-07T00:00:00.000Z",
    })),
  },
});

describe("checkout runs the address book", () => {
  it("opens a guest's empty book at once, and hears the address it saves", async () => {
    const guest = inputs.findIndex((input) => input.guest && input.items[0]?.shipping_enabled);
    const checkout = createActor(
      recording.provide({
        actors: {
          prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
            quote: guestQuote,
            addresses: [],
            methods: [],
          })),
          quote: fromPromise(async () => shippedQuote),
          loadAddressBook: fromPromise(async ({ input }) => (input.ships && input.guest ? guestBook : null)),
        },
      }),
      { input: inputs[guest] },
    ).start();
    const book = await waitFor(checkout, (snapshot) => snapshot.context.addressBook !== null).then(
      (snapshot) => snapshot.context.addressBook,
    );
    if (!book) throw new Error("no address book");
    await waitFor(book, (snapshot) => snapshot.matches("editing"));
    const fields: AddressField[] = [
      "firstName",
      "lastName",
      "address_1",
      "country",
      "state",
      "city",
      "zipCode",
    ];
    for (const field of fields) {
      book.send({ type: "address.change", field, value: String(guestAddress[field] ?? "") });
    }
    book.send({ type: "address.save" });
    await waitFor(checkout, (snapshot) => snapshot.context.guestAddress !== null);
    expect(checkout.getSnapshot().context.guestAddress).toMatchObject({
      firstName: guestAddress.firstName,
      zipCode: guestAddress.zipCode,
      country: "US",
    });
    // The checkout priced the order again, for that address, and offers its shipping methods.
    await waitFor(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
    expect(checkout.getSnapshot().context.country).toBe("US");
    expect(book.getSnapshot().matches("list")).toBe(true);
  });

  it("hands a rider's book the addresses preparing fetched, so it does not ask the server again", async () => {
    const rider = inputs.findIndex((input) => !input.guest && input.items[0]?.shipping_enabled);
    const asked: AddressBookRequest[] = [];
    const checkout = createActor(
      recording.provide({
        actors: {
          prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
            quote: shippedQuote,
            addresses: [home],
            methods: [],
          })),
          quote: fromPromise(async () => shippedQuote),
          loadAddressBook: fromPromise(async ({ input }) => {
            asked.push(input);
            return null;
          }),
        },
      }),
      { input: inputs[rider] },
    ).start();
    await waitFor(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([{ ships: true, guest: false, kept: null, saved: [home] }]);
  });

  it("asks for no book for a cart that ships nothing", async () => {
    const rider = inputs.findIndex((input) => !input.guest && !input.items[0]?.shipping_enabled);
    const asked: boolean[] = [];
    const checkout = createActor(
      recording.provide({
        actors: {
          prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
            quote: riderQuote,
            addresses: [],
            methods: [],
          })),
          loadAddressBook: fromPromise(async ({ input }) => {
            asked.push(input.ships);
            return input.ships ? guestBook : null;
          }),
        },
      }),
      { input: inputs[rider] },
    ).start();
    await waitFor(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([false]);
    expect(checkout.getSnapshot().context.addressBook).toBeNull();
  });
});
