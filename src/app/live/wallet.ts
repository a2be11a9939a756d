import { msg } from "@lingui/core/macro";
import { assign, fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { type AddValueContext, addValueMachine } from "../../machines/addValue.machine.ts";
import { autoloadMachine } from "../../machines/autoload.machine.ts";
import { type CardTransferContext, cardTransferMachine } from "../../machines/cardTransfer.machine.ts";
import { createWalletService } from "../../services/wallet.service.ts";
import type { LiveDeps } from "./deps.ts";
import { guestCardService } from "./guestCardService.ts";
import { cardEntry, paymentMethodsService } from "./payment-gateway.ts";

/** The machines of transfers, loads and autoload (issue 13), given their services. */
export interface WalletLogic {
  /** A card's "Transfer balance" to another of the rider's cards. */
  cardTransfer: typeof cardTransferMachine;
  /** "Add value" to a rider's card, the rider's wallet, or (input `guest`) the card a guest's token opens. */
  addValue: typeof addValueMachine;
  /** A card's or the wallet's autoload: add, edit, resume, remove. */
  autoload: typeof autoloadMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const walletNotices = {
  balanceTransferred: msg`Balance transferred.`,
  valueAdded: msg`Value added. It is pending until the payment settles.`,
  autoloadSaved: msg`Autoload saved.`,
  autoloadRemoved: msg`Autoload removed.`,
} satisfies NoticeTexts;

export function createWalletLogic(deps: LiveDeps): WalletLogic {
  addNoticeTexts(walletNotices);
  const { http, bus, browser } = deps;
  const wallet = createWalletService(http, deps.transitBase);
  const methods = paymentMethodsService(deps);
  const newKey = () => browser.crypto.randomUUID();
  return {
    cardTransfer: cardTransferMachine.provide({
      actors: {
        transfer: fromPromise(({ input }) => wallet.transfer(input.body, input.idempotencyKey)),
      },
      actions: {
        assignKey: assign(({ context }: { context: CardTransferContext }) =>
          context.key !== null ? {} : { key: newKey() },
        ),
        transferred: () => bus.send({ type: "notify.success", code: "balanceTransferred" }),
      },
    }),
    addValue: addValueMachine.provide({
      actors: {
        loadMethods: fromPromise(() => methods.list()),
        // The number and code go to the gateway's token endpoint only; the load gets the token.
        cardEntry: cardEntry(deps),
        load: fromPromise(async ({ input }) => {
          if (input.guest) {
            // The guest card service names the card token itself, so this works for a signed-in
            // rider on /manage-card too (their Bearer session stays their own).
            const reply = await guestCardService(deps).load(input.body, input.idempotencyKey);
            return { order: reply.order, balance: reply.fare_medium.balance.general_funds };
          }
          if (input.target.kind === "wallet") {
            const reply = await wallet.loadWallet(input.body, input.idempotencyKey);
            return { order: reply.order, balance: reply.wallet.balance };
          }
          const reply = await wallet.loadCard(input.target.id, input.body, input.idempotencyKey);
          return { order: reply.order, balance: reply.fare_medium.balance.general_funds };
        }),
      },
      actions: {
        assignKey: assign(({ context }: { context: AddValueContext }) =>
          context.key !== null ? {} : { key: newKey() },
        ),
        loaded: () => bus.send({ type: "notify.success", code: "valueAdded" }),
      },
    }),
    autoload: autoloadMachine.provide({
      actors: {
        loadMethods: fromPromise(() => methods.list()),
        saveAutoload: fromPromise(({ input }) => wallet.saveAutoload(input.target, input.body)),
        removeAutoload: fromPromise(({ input }) => wallet.removeAutoload(input.target)),
      },
      actions: {
        saved: () => bus.send({ type: "notify.success", code: "autoloadSaved" }),
        removed: () => bus.send({ type: "notify.success", code: "autoloadRemoved" }),
      },
    }),
  };
}
