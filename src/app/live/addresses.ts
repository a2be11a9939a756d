import { fromPromise } from "xstate";
import type { AddressInput } from "../../domain/payments/address.ts";
import type { SavedAddress } from "../../domain/payments/saved.ts";
import { addressesMachine, type SaveAddressInput } from "../../machines/addresses.machine.ts";
import { createAddressesService } from "../../services/addresses.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Shipping addresses: the rider's saved ones, and a guest's for one order. */
export interface AddressesLogic {
  /** /account/addresses: the rider's shipping addresses. */
  addresses: typeof addressesMachine;
  /**
   * A guest's shipping address: the address form and its checks, kept for this order only. The book
   * starts from the address the checkout kept, if any (drawn again after Review or a decline, it is
   * shown with "Change address", never asked for again on an empty form).
   */
  guestAddress: (kept: AddressInput | null) => typeof addressesMachine;
  /**
   * The rider's book in the checkout: it starts from the list the checkout already fetched (no second
   * GET /addresses); a new address is saved to the account as on /account/addresses.
   */
  savedAddresses: (listed: SavedAddress[]) => typeof addressesMachine;
}

/** A guest's address as the address book lists it (nothing is saved anywhere). */
const guestSaved = (address: AddressInput, id: string): SavedAddress => ({
  ...address,
  address_2: address.address_2 ?? null,
  email: address.email ?? null,
  id,
  isDefault: false,
  created_at: new Date().toISOString(),
});

/** The rider's saved addresses (the checkout lists them with the address book's download). */
export const listAddresses = (deps: LiveDeps) => createAddressesService(deps.http, deps.transitBase).list();

export function createAddressesLogic(deps: LiveDeps): AddressesLogic {
  const addresses = createAddressesService(deps.http, deps.transitBase);
  const book = addressesMachine.provide({
    actors: {
      loadAddresses: fromPromise(() => addresses.list()),
      saveAddress: fromPromise(({ input }) => addresses.save(input.id, input.body)),
      removeAddress: fromPromise(({ input }) => addresses.remove(input.id)),
      setDefaultAddress: fromPromise(({ input }) => addresses.setDefault(input.id)),
    },
  });
  return {
    addresses: book,
    savedAddresses: (listed) =>
      book.provide({ actors: { loadAddresses: fromPromise<SavedAddress[]>(async () => listed) } }),
    guestAddress: (kept) =>
      addressesMachine.provide({
        actors: {
          loadAddresses: fromPromise<SavedAddress[]>(async () =>
            kept ? [guestSaved(kept, "guest-address")] : [],
          ),
          // Nothing is saved for a guest: the checked address is kept for this order.
          saveAddress: fromPromise<SavedAddress, SaveAddressInput>(async ({ input }) =>
            guestSaved(input.body, input.id ?? "guest-address"),
          ),
          removeAddress: fromPromise<void, { id: string }>(async () => {}),
          setDefaultAddress: fromPromise<SavedAddress[], { id: string }>(async () => []),
        },
      }),
  };
}
