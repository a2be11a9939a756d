import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { cartItem, portalConfig, storedUser } from "../../tests/support/fixtures.ts";
import { quietCart, quietSession } from "../../tests/support/forms.ts";
import { appMachine, type BootResult } from "./app.machine.ts";
import { languageMachine } from "./language.machine.ts";
import { networkMachine } from "./network.machine.ts";
import { serviceLevelsMachine } from "./serviceLevels.machine.ts";
import { tourMachine } from "./tour.machine.ts";

function start(authenticated: boolean, probe = fromPromise(async () => {}), cart = [cartItem()]) {
  const clearSession = vi.fn();
  const fetchServiceLevels = vi.fn(() => [{ type: "bus", label: "Bus" }]);
  const goToLogin = vi.fn();
  const actor = createActor(
    appMachine.provide({
      actors: {
        sessionMachine: quietSession.provide({ actions: { clearSession, goToLogin } }),
        cartMachine: quietCart,
        loadConfig: fromPromise<BootResult>(async () => ({ config: portalConfig, storedLanguage: "vi" })),
        languageMachine: languageMachine.provide({
          actors: { activateLocale: fromPromise(async () => {}) },
          actions: { storeLanguage: () => {} },
        }),
        networkMachine: networkMachine.provide({ actors: { probeConnection: probe } }),
        tourMachine: tourMachine.provide({ actions: { rememberTourDone: () => {} } }),
        serviceLevelsMachine: serviceLevelsMachine.provide({
          actors: { fetchServiceLevels: fromPromise(async () => fetchServiceLevels()) },
        }),
      },
    }),
    {
      input: {
        stored: {
          authenticated,
          user: authenticated ? storedUser : null,
          cart,
          guest: false,
          tourDone: true,
        },
      },
    },
  ).start();
  return { actor, clearSession, goToLogin, fetchServiceLevels };
}

const signedIn = (actor: ReturnType<typeof start>["actor"]) =>
  actor.getSnapshot().children.session?.getSnapshot().hasTag("signedIn");

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("app machine wiring", () => {
  it("starts the stored language when the deployment offers it", async () => {
    const { actor } = start(false);
    await settle();
    const language = actor.getSnapshot().children.language;
    expect(language?.getSnapshot().context.current).toBe("vi");
  });

  it("forwards a lost network to the popup and never signs out", async () => {
    const { actor, clearSession } = start(true);
    await settle();
    actor.send({ type: "network.lost" });
    expect(actor.getSnapshot().children.network?.getSnapshot().value).toBe("alerting");
    expect(signedIn(actor)).toBe(true);
    expect(clearSession).not.toHaveBeenCalled();
  });

  it("announces a restored connection through the notifications actor", async () => {
    const { actor } = start(false);
    await settle();
    actor.send({ type: "network.lost" });
    actor.getSnapshot().children.network?.send({ type: "network.retry" });
    await settle();
    expect(actor.getSnapshot().children.notifications?.getSnapshot().context.notices).toEqual([
      { id: 1, kind: "success", code: "connectionRestored" },
    ]);
  });

  it("clears the session and goes to /login when it expires", async () => {
    const { actor, clearSession, goToLogin } = start(true);
    await settle();
    actor.send({ type: "session.expired" });
    expect(signedIn(actor)).toBe(false);
    expect(clearSession).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it("treats error 50020 for a guest the same way: stored auth cleared, off to /login", async () => {
    const { actor, clearSession, goToLogin } = start(false);
    await settle();
    actor.send({ type: "session.expired" });
    expect(clearSession).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it("empties the cart when the session says so", async () => {
    const { actor } = start(true);
    await settle();
    actor.send({ type: "cart.clear" });
    expect(actor.getSnapshot().children.cart?.getSnapshot().context.items).toEqual([]);
  });

  it("asks the cart and the services again in a new language, with one signal", async () => {
    const { actor, fetchServiceLevels } = start(false);
    await settle();
    const services = actor.getSnapshot().children.serviceLevels;
    services?.send({ type: "serviceLevels.load" });
    await settle();
    expect(services?.getSnapshot().value).toBe("ready");
    actor.send({ type: "language.changed" });
    expect(services?.getSnapshot().value).toBe("refreshing");
    expect(actor.getSnapshot().children.cart?.getSnapshot().matches({ sync: "refreshing" })).toBe(true);
    await settle();
    expect(fetchServiceLevels).toHaveBeenCalledTimes(2);
  });
});
