import { fromPromise } from "xstate";
import type { SavedAddress } from "../../domain/payments/saved.ts";
import { addressesMachine, type SaveAddressInput } from "../../machines/addresses.machine.ts";
import { createAddressesService } from "../../services/addresses.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Shipping addresses: the rider's saved ones, and a guest's for one order. */
export interface AddressesLogic {
  /** /account/addresses: the rider's shipping addresses. */
  addresses: typeof addressesMachine;
  /** A guest's shipping address: the address form and its checks, kept for this order only. */
  guestAddress: typeof addressesMachine;
}

export function createAddressesLogic(deps: LiveDeps): AddressesLogic {
  const addresses = createAddressesService(deps.http, deps.transitBase);
  return {
    addresses: addressesMachine.provide({
      actors: {
        loadAddresses: fromPromise(() => addresses.list()),
        saveAddress: fromPromise(({ input }) => addresses.save(input.id, input.body)),
        removeAddress: fromPromise(({ input }) => addresses.remove(input.id)),
        setDefaultAddress: fromPromise(({ input }) => addresses.setDefault(input.id)),
      },
    }),
    guestAddress: addressesMachine.provide({
      actors: {
        loadAddresses: fromPromise<SavedAddress[]>(async () => []),
        // Nothing is saved for a guest: the checked address is kept for this order.
        saveAddress: fromPromise<SavedAddress, SaveAddressInput>(async ({ input }) => ({
          ...input.body,
          address_2: input.body.address_2 ?? null,
          email: input.body.email ?? null,
          id: input.id ?? "guest-address",
          isDefault: false,
          created_at: new Date().toISOString(),
        })),
        removeAddress: fromPromise<void, { id: string }>(async () => {}),
        setDefaultAddress: fromPromise<SavedAddress[], { id: string }>(async () => []),
      },
    }),
  };
}
