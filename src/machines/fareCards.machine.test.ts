import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { commuteDetail, emptyLoad } from "../../tests/support/fare-cards.ts";
import { languageNeverChanges } from "../../tests/support/language.ts";
import { cardLinkMachine } from "./cardLink.machine.ts";
import { fareCardsMachine } from "./fareCards.machine.ts";

describe("fare cards machine wiring", () => {
  it("runs the link dialog's machine and opens the card it links", async () => {
    const openCard = vi.fn();
    const notify = vi.fn();
    const cards = createActor(
      fareCardsMachine.provide({
        actors: {
          load: fromPromise(async () => emptyLoad),
          languageChanges: languageNeverChanges,
          cardLink: cardLinkMachine.provide({
            actors: { link: fromPromise(async () => commuteDetail) },
            actions: { notify },
          }),
        },
        actions: { openCard: (_, id) => openCard(id), showList: () => {}, notify: () => {} },
      }),
      { input: { cardId: null, pageSize: 10 } },
    ).start();
    await waitFor(cards, (snapshot) => snapshot.matches("listing"));
    const link = cards.getSnapshot().children.cardLink;
    if (!link) throw new Error("the fare cards machine runs no link machine");
    link.send({ type: "link.open" });
    link.send({ type: "link.change", values: { number: "6000 0000 0000 0015", code: "123" } });
    link.send({ type: "link.submit" });
    await waitFor(link, (snapshot) => snapshot.matches("closed"));
    expect(notify).toHaveBeenCalledWith(expect.anything(), "cardLinked");
    expect(openCard).toHaveBeenCalledWith(commuteDetail.faremedia_id);
    // The same dialog machine stays at hand for the next card.
    expect(cards.getSnapshot().children.cardLink).toBe(link);
  });
});
