import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AnyActorRef } from "xstate";
import { Boot } from "../../src/app/App.tsx";
import { createLiveApp } from "../../src/app/live.ts";
import { ScreenLogicProvider } from "../../src/app/logic.tsx";
import { RootActor } from "../../src/app/root-actor.ts";
import { appModel } from "./specs/app.ts";
import { describeViewModel } from "./view-harness.tsx";

let root: AnyActorRef | null = null;

/** Screens a menu link opens start their own machines; their requests never answer here. */
const screens = createLiveApp(window, () => new Promise<Response>(() => {})).logic;

/** Hands the walk the root actor the provider created. */
function Capture() {
  root = RootActor.useActorRef();
  return null;
}

/** Behind an open dialog the page is inert (aria-hidden) but still there. */
const mainNav = () => screen.getByRole("navigation", { name: "Main", hidden: true });

describeViewModel({
  model: appModel,
  mount(logic, options) {
    // A page open to guests and riders alike, so a session change does not redirect.
    window.history.replaceState(null, "", "/cart");
    root = null;
    return {
      element: (
        <RootActor.Provider logic={logic} options={options}>
          <Capture />
          <ScreenLogicProvider logic={screens}>
            <Boot />
          </ScreenLogicProvider>
        </RootActor.Provider>
      ),
      actor: () => {
        if (!root) throw new Error("the root actor is not mounted");
        return root;
      },
    };
  },
  environment: [
    "session.expired",
    "session.refresh",
    "session.userUpdated",
    "session.deleted",
    "session.handOver",
    "session.deactivated",
    "session.language",
    "cart.clear",
    // Another tab's storage event (src/app/live.ts).
    "cart.synced",
    "cart.repriced",
    "language.changed",
    "network.lost",
    "network.restored",
    "notify.success",
    "notify.error",
    "xstate.done.actor.loadConfig",
    "xstate.error.actor.loadConfig",
  ],
  gestures: {
    "app.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "menu.open": async (user) => user.click(screen.getByRole("button", { name: "Open menu" })),
    "menu.close": async (user) => user.click(screen.getByRole("button", { name: "Close menu" })),
    // Following a link in the side menu to another page.
    "route.changed": async (user) => {
      const menu = screen.getByRole("dialog", { name: "Menu" });
      const link = within(menu)
        .getAllByRole("link")
        .find((candidate) => candidate.getAttribute("href") !== window.location.pathname);
      if (!link) throw new Error("the menu has no link to another page");
      await user.click(link);
    },
  },
  sees: {
    booting: () => expect(screen.getByRole("progressbar", { name: "Loading" })).toBeInTheDocument(),
    failed: () => {
      expect(screen.getByRole("heading", { name: "The portal could not start." })).toBeVisible();
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    ready: (snapshot) => {
      expect(screen.getByRole("banner", { hidden: true })).toBeInTheDocument();
      // Signed in or not, the main navigation says so.
      const signedIn = snapshot.children.session?.getSnapshot().hasTag("signedIn") ?? false;
      expect(
        within(mainNav()).getByRole("link", { name: signedIn ? "My Account" : "Products", hidden: true }),
      ).toBeInTheDocument();
      const main = screen.getByRole("main", { hidden: true });
      expect(within(main).getByRole("heading", { level: 1, hidden: true })).toBeInTheDocument();
    },
    "ready.menu": () =>
      expect(screen.getByRole("button", { name: "Open menu", hidden: true })).toBeInTheDocument(),
    // Another dialog (the network popup) may sit on top of the menu and make it inert.
    "ready.menu.open": () =>
      expect(screen.getByRole("dialog", { name: "Menu", hidden: true })).toBeInTheDocument(),
    "ready.menu.closed": () =>
      expect(screen.queryByRole("dialog", { name: "Menu", hidden: true })).not.toBeInTheDocument(),
  },
});
