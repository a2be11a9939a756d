import { shownOnDemand } from "../shared/PartLoading.tsx";
import type { CardForm as Form } from "./CardFormParts.tsx";

/*
 * The card form and its card-number rules (./CardFormParts.tsx) load when a rider first adds a card,
 * not with the screens that list cards or take a saved one.
 */

/** The card form (spec section 3, Payment card), also for a commuter benefits card. */
export const CardForm = shownOnDemand<Parameters<typeof Form>[0]>(() =>
  import("./CardFormParts.tsx").then((module) => module.CardForm),
);
