import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import type { IdentityProvider } from "../../src/domain/identity.ts";
import { accountOf } from "../../src/machines/connectedAccounts.machine.ts";
import { ConnectedAccountsView } from "../../src/views/account/ConnectedAccountsView.tsx";
import { connectedAccountsModel } from "./specs/connectedAccounts.ts";
import { describeViewModel } from "./view-harness.tsx";

const names: Record<IdentityProvider, string> = { apple: "Apple", google: "Google", facebook: "Facebook" };

/** A provider's Connect or Disconnect, when its row offers it (a disconnected one has no Disconnect). */
async function clickOnRow(user: UserEvent, provider: IdentityProvider, action: "Connect" | "Disconnect") {
  const row = document.querySelector<HTMLElement>(`[data-provider="${provider}"]`);
  const target = row ? within(row).queryByRole("button", { name: `${action} ${names[provider]}` }) : null;
  if (target) await user.click(target);
}

const reasons: Record<number, string> = {
  42225: "This is your only way to sign in. Set a password first (Forgot password) before you disconnect it.",
  42226: "That Google account is connected to another rider.",
};

describeViewModel({
  model: connectedAccountsModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <ConnectedAccountsView accounts={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadAccounts",
    "xstate.error.actor.loadAccounts",
    "xstate.done.actor.beginLink",
    "xstate.error.actor.beginLink",
    "xstate.done.actor.disconnectAccount",
    "xstate.error.actor.disconnectAccount",
  ],
  gestures: {
    "accounts.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "connect.start": async (user, event: AnyEventObject) => clickOnRow(user, event.provider, "Connect"),
    "disconnect.ask": async (user, event: AnyEventObject) => clickOnRow(user, event.provider, "Disconnect"),
    "disconnect.confirm": async (user) =>
      user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Disconnect" })),
    "disconnect.cancel": async (user) =>
      user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Keep connected" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your connected accounts…"),
    shown: (snapshot) => {
      const rows = screen.getAllByTestId("connected-account");
      expect(rows.map((row) => row.dataset.provider)).toEqual(snapshot.context.providers);
      for (const provider of snapshot.context.providers) {
        const row = within(rows.find((entry) => entry.dataset.provider === provider) as HTMLElement);
        expect(row.getByText(names[provider], { selector: "h3" })).toBeVisible();
        const account = accountOf(snapshot, provider);
        if (account === null) expect(row.getByText("Not connected")).toBeVisible();
        else if (account.email) {
          expect(row.getByText(`Connected as ${account.email}`, { exact: false })).toBeVisible();
          expect(row.getByText(/^since /)).toBeVisible();
        } else expect(row.getByText("Connected", { exact: false })).toBeVisible();
      }
      const { failure } = snapshot.context;
      if (
        failure &&
        !snapshot.matches({ shown: "confirming" }) &&
        !snapshot.matches({ shown: "disconnecting" })
      ) {
        const text =
          failure.code !== null && reasons[failure.code]
            ? reasons[failure.code]
            : failure.kind === "connect"
              ? `${names[failure.provider ?? "google"]} was not connected. Please try again.`
              : `${names[failure.provider ?? "google"]} could not be disconnected. Please try again.`;
        expect(screen.getByRole("alert")).toHaveTextContent(text ?? "");
      } else if (!failure) expect(screen.queryByRole("alert")).toBeNull();
    },
    "shown.listing": () => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
      for (const button of screen.getAllByRole("button", { name: /^(Connect|Disconnect) / })) {
        expect(button).toBeEnabled();
      }
    },
    "shown.leaving": (snapshot) => {
      const row = document.querySelector<HTMLElement>(`[data-provider="${snapshot.context.target}"]`);
      expect(within(row as HTMLElement).getByRole("button", { name: /^Connect / })).toHaveTextContent(
        "Please wait…",
      );
    },
    "shown.left": () => {
      for (const button of screen.getAllByRole("button", { name: /^(Connect|Disconnect) / })) {
        expect(button).toBeDisabled();
      }
    },
    "shown.confirming": (snapshot) => {
      const name = names[snapshot.context.target ?? "google"];
      const dialog = screen.getByRole("alertdialog", { name: `Disconnect ${name}?` });
      expect(dialog).toHaveAccessibleDescription(
        `You will no longer be able to sign in with ${name}. You can connect it again later.`,
      );
      expect(within(dialog).getByRole("button", { name: "Disconnect" })).toBeEnabled();
    },
    "shown.disconnecting": () =>
      expect(
        within(screen.getByRole("alertdialog")).getByRole("button", { name: "Please wait…" }),
      ).toBeDisabled(),
    empty: () => {
      expect(screen.getByText(/offers no other way to sign in/)).toBeVisible();
      expect(screen.queryAllByTestId("connected-account")).toHaveLength(0);
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your connected accounts could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
