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
 * The details step's shipping part (./Shipping.tsx), with the address form and its checks (countries,
 * subdivisions, postal codes): only a cart with something to ship loads it. Its address book is the
 * checkout machine's child (src/app/live/checkout.ts downloads it).
 */
export const ShippingOnDemand = shownOnDemand(() =>
  import("./Shipping.tsx").then((module) => module.Shipping),
);

/**
 * Where the cart's passes go (./Destination.tsx): only a cart that names no fare card for its passes
 * asks, so a purchase for a chosen card never downloads the choice.
 */
export const DestinationOnDemand = shownOnDemand(() =>
  import("./Destination.tsx").then((module) => module.Destination),
);

/** The review step (./Review.tsx): what will be charged, once the rider asks to review it. */
export const ReviewOnDemand = shownOnDemand(() => import("./Review.tsx").then((module) => module.Review));

/** Review's line on where the passes go (./DestinationSummary.tsx), for a cart that asked it. */
export const DestinationSummaryOnDemand = shownOnDemand(() =>
  import("./DestinationSummary.tsx").then((module) => module.DestinationSummary),
);

/** What a second tab says when the first placed this cart's order (./PlacedElsewhere.tsx): rare. */
export const PlacedElsewhereOnDemand = shownOnDemand(() =>
  import("./PlacedElsewhere.tsx").then((module) => module.PlacedElsewhere),
);

/** The cart could not be priced, was refused, or a price changed (./Setback.tsx): rare. */
export const SetbackOnDemand = shownOnDemand(() => import("./Setback.tsx").then((module) => module.Setback));
