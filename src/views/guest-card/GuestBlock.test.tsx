import { I18nProvider } from "@lingui/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { i18n } from "../../i18n/i18n.ts";
import { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { GuestBlock } from "./GuestBlock.tsx";

const mount = (canBlock: boolean, block: () => Promise<void>) => {
  const calls: string[] = [];
  const actor = createActor(
    cardBlockMachine.provide({
      actors: { block: fromPromise(block) },
      actions: { notify: (_, code) => void calls.push(code) },
    }),
    { input: { cardId: "c1", canBlock, canUnblock: false } },
  ).start();
  actor.on("changed", () => void calls.push("changed"));
  render(
    <I18nProvider i18n={i18n}>
      <GuestBlock actor={actor} />
    </I18nProvider>,
  );
  return { actor, calls };
};

describe("GuestBlock (issue 35)", () => {
  it("asks first, says only customer service unblocks, then blocks once", async () => {
    const user = userEvent.setup();
    let blocked = 0;
    const { calls } = mount(true, async () => void blocked++);
    await user.click(screen.getByRole("button", { name: "Block this card" }));
    const question = within(screen.getByRole("alertdialog", { name: "Block this card?" }));
    expect(question.getByText(/only customer service can unblock it/)).toBeVisible();
    await user.click(question.getByRole("button", { name: "Block card" }));
    await waitFor(() => expect(calls).toEqual(["cardBlocked", "changed"]));
    expect(blocked).toBe(1);
  });

  it("keeps the question open with why when the block fails, and offers nothing for a card it cannot block", async () => {
    const user = userEvent.setup();
    mount(true, () => Promise.reject(new Error("offline")));
    await user.click(screen.getByRole("button", { name: "Block this card" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Block card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The card could not be blocked. Please try again.",
    );
  });

  it("shows no button for a card in an account or already blocked", () => {
    mount(false, async () => undefined);
    expect(screen.queryByRole("button", { name: "Block this card" })).toBeNull();
  });
});
