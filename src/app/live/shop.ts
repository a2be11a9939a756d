import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import type { Filter, ProductPage } from "../../domain/catalog.ts";
import { fareCardChoiceMachine } from "../../machines/fareCardChoice.machine.ts";
import { productsMachine, type SearchInput } from "../../machines/products.machine.ts";
import type { CurrentFareCard } from "../../services/storage.ts";
import type { LiveDeps } from "./deps.ts";
import { languageChanges } from "./language-changes.ts";

/** The shop: the products page, and choosing the fare card digital products are bought for. */
export interface ShopLogic {
  /** The products page: filters and product list, by product search. */
  products: typeof productsMachine;
  /** /digital: choosing the fare card to buy digital products for. */
  fareCardChoice: typeof fareCardChoiceMachine;
  /** The fare card digital products are bought for (chosen on /digital), if any. */
  currentFareCard: () => CurrentFareCard | null;
}

export function createShopLogic(deps: LiveDeps): ShopLogic {
  const { storage, bus, catalog } = deps;
  return {
    currentFareCard: () => storage.get("currentFareCard"),
    fareCardChoice: fareCardChoiceMachine.provide({
      actors: { loadCards: fromPromise(() => deps.fareMedia.list()) },
      actions: {
        clearCart: () => bus.send({ type: "cart.clear" }),
        buyFor: (_, card) => {
          storage.set("currentFareCard", {
            nickname: card.nickname,
            faremediaId: card.faremedia_id,
            cardNumber: card.printed_card_number,
            category: card.category,
            storedValue: card.stored_value,
          });
          storage.set("faremediaId", card.faremedia_id);
          storage.set("purchaseFlowType", "digital");
          navigate("/products/null/digital");
        },
      },
    }),
    products: productsMachine.provide({
      actors: {
        languageChanges: languageChanges(deps, () => ({ type: "products.reload" })),
        fetchFilters: fromPromise<Filter[], SearchInput>(({ input }) =>
          catalog.filters(input.applied, input.faremediaId),
        ),
        fetchProducts: fromPromise<ProductPage, SearchInput>(({ input }) =>
          catalog.products(input.applied, input.faremediaId),
        ),
      },
    }),
  };
}
