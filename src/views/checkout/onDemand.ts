import { shownOnDemand } from "../shared/PartLoading.tsx";

/*
 * The checkout's parts, each downloaded when first shown: /checkout with an empty cart loads only the
 * page that says so, never the checkout's machine, its payment choices or its address book.
 */

/** The purchase itself (./Purchase.tsx): its machine and views, once the cart has something to buy. */
export const PurchaseOnDemand = shownOnDemand(() =>
  import("./Purchase.tsx").then((module) => module.Purchase),
);

/**
 * The details step (./CheckoutDetails.tsx): shipping, promo code, the payment's choices and the
 * one-time card, once the prices are checked and the rider has choices to make.
 */
export const CheckoutDetailsOnDemand = shownOnDemand(() =>
  import("./CheckoutDetails.tsx").then((module) => module.CheckoutDetails),
);

/**
 * The details step's shipping part (./AddressBookShipping.tsx), with the address book and its checks
 * (countries, subdivisions, postal codes): only a cart with something to ship loads it.
 */
export const ShippingOnDemand = shownOnDemand(() =>
  import("./AddressBookShipping.tsx").then((module) => module.AddressBookShipping),
);
