import type { PassDetail, PassPage, PassSummary } from "../domain/transit/passes.ts";
import { createKeysetHistoryMachine } from "./keysetHistory.ts";

/*
 * Pass history (/account/passhistory/:page/:id?): the keyset history (keysetHistory.ts) of the rider's
 * passes; `notFound` is also a pass that is not the rider's ("Pass details not found."). In `detail`,
 * the pass moves through its own machine (passMove), and `detail.changed` shows where it went.
 */
export const passHistoryMachine = createKeysetHistoryMachine<PassPage, PassSummary, PassDetail>({
  id: "passHistory",
  itemsOf: (page) => page.passes,
  changes: true,
});
