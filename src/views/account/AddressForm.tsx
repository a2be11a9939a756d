import { shownOnDemand } from "../shared/PartLoading.tsx";
import type { AddressForm as Form } from "./AddressFormParts.tsx";

/*
 * The address form, with its country list, state select and postal-code rules (./AddressFormParts.tsx),
 * loads when a rider first adds or edits an address, not with the screens that list addresses.
 */

/** Adding or editing one address: the shared checks run before anything is sent. */
export const AddressForm = shownOnDemand<Parameters<typeof Form>[0]>(() =>
  import("./AddressFormParts.tsx").then((module) => module.AddressForm),
);
