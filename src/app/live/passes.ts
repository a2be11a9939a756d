import { fromPromise } from "xstate";
import { devicesMachine } from "../../machines/devices.machine.ts";
import { guestCardMachine } from "../../machines/guestCard.machine.ts";
import { passHistoryMachine } from "../../machines/passHistory.machine.ts";
import { passMoveMachine } from "../../machines/passMove.machine.ts";
import { purchaseHistoryMachine } from "../../machines/purchaseHistory.machine.ts";
import { unattachedPassesMachine } from "../../machines/unattachedPasses.machine.ts";
import { createFareMediaService } from "../../services/catalog.service.ts";
import { createDevicesService } from "../../services/devices.service.ts";
import { createPassesService } from "../../services/passes.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Passes, devices, pass and purchase history, and the guest's /manage-card (issue 13). */
export interface PassesLogic {
  /** A pass's "Send to cloud" / "Send to a device" (the design card's pass transfer machine). */
  passMove: typeof passMoveMachine;
  /** /account/unattachedpasses: passes on no card, attached to one of the rider's active cards. */
  unattachedPasses: typeof unattachedPassesMachine;
  /** /account/devices: the rider's phones, renamed and removed. */
  devices: typeof devicesMachine;
  /** /account/passhistory/:page/:id?: every pass by keyset pages, and one pass's details. */
  passHistory: typeof passHistoryMachine;
  /** Purchase history on the pass history screen: bank-card taps. */
  purchaseHistory: typeof purchaseHistoryMachine;
  /** /manage-card: a card opened by its number and security code (a card token). */
  guestCard: typeof guestCardMachine;
  /** Whether a guest's card token is kept from an earlier visit. */
  holdsCardToken: () => boolean;
}

export function createPassesLogic(deps: LiveDeps): PassesLogic {
  const passes = createPassesService(deps.http, deps.transitBase);
  const devices = createDevicesService(deps.http, deps.transitBase);
  const fareMedia = createFareMediaService(deps.http, deps.transitBase);
  const guest = deps.guestCard;
  const success = (
    code: "passToCloud" | "passToDevice" | "passAttached" | "deviceUpdated" | "deviceRemoved",
  ) => deps.bus.send({ type: "notify.success", code });
  return {
    passMove: passMoveMachine.provide({
      actors: {
        loadDevices: fromPromise(() => devices.list()),
        movePass: fromPromise(({ input }) => passes.move(input.id, input.to)),
      },
      actions: {
        notifyMoved: ({ context }) =>
          success(context.pass.location === "cloud" ? "passToCloud" : "passToDevice"),
      },
    }),
    unattachedPasses: unattachedPassesMachine.provide({
      actors: {
        loadUnattached: fromPromise(async () => {
          const [list, cards] = await Promise.all([passes.unattached(), fareMedia.list()]);
          return { passes: list, cards };
        }),
        attachPass: fromPromise(({ input }) => passes.attach(input.id, input.card)),
      },
      actions: { notifyAttached: () => success("passAttached") },
    }),
    devices: devicesMachine.provide({
      actors: {
        loadDevices: fromPromise(() => devices.list()),
        renameDevice: fromPromise(({ input }) => devices.rename(input.id, input.nickname)),
        removeDevice: fromPromise(({ input }) => devices.remove(input.id)),
      },
      actions: {
        notifyUpdated: () => success("deviceUpdated"),
        notifyRemoved: () => success("deviceRemoved"),
      },
    }),
    passHistory: passHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => passes.page(input.limit, input.after)),
        loadDetail: fromPromise(({ input }) => passes.detail(input.id)),
      },
    }),
    purchaseHistory: purchaseHistoryMachine.provide({
      actors: {
        loadTransactions: fromPromise(({ input }) => passes.transactions(input.limit, input.after)),
      },
    }),
    guestCard: guestCardMachine.provide({
      actors: {
        openCard: fromPromise(({ input }) => guest.open(input.cardNumber, input.securityCode)),
        loadCard: fromPromise(() => guest.card()),
        loadActivity: fromPromise(({ input }) => guest.activity(input.limit, input.after)),
        finish: fromPromise(() => guest.done()),
      },
    }),
    holdsCardToken: () => guest.holdsToken(),
  };
}
