import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { unattachedPassesMachine } from "../../machines/unattachedPasses.machine.ts";
import { createFareMediaService } from "../../services/catalog.service.ts";
import { createPassesService } from "../../services/passes.service.ts";
import type { LiveDeps } from "./deps.ts";

/** /account/unattachedpasses (issue 13): a feature of its own, so the page brings only its machine. */
export interface UnattachedPassesLogic {
  /** Passes on no card, attached to one of the rider's active cards. */
  unattachedPasses: typeof unattachedPassesMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const unattachedPassesNotices = {
  passAttached: msg`The pass was attached to the fare card.`,
} satisfies NoticeTexts;

export function createUnattachedPassesLogic(deps: LiveDeps): UnattachedPassesLogic {
  addNoticeTexts(unattachedPassesNotices);
  const passes = createPassesService(deps.http, deps.transitBase);
  const fareMedia = createFareMediaService(deps.http, deps.transitBase);
  return {
    unattachedPasses: unattachedPassesMachine.provide({
      actors: {
        loadUnattached: fromPromise(async () => {
          const [list, cards] = await Promise.all([passes.unattached(), fareMedia.list()]);
          return { passes: list, cards };
        }),
        attachPass: fromPromise(({ input }) => passes.attach(input.id, input.card)),
      },
      actions: { notifyAttached: () => deps.bus.send({ type: "notify.success", code: "passAttached" }) },
    }),
  };
}
