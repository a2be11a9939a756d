import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { cartItem, portalConfig, storedUser } from "../../tests/support/fixtures.ts";
import { quietCart, quietSession } from "../../tests/support/forms.ts";
import type { PortalConfig } from "../domain/portal-config.ts";
import type { StoredUser } from "../domain/session.ts";
import { appMachine, type BootResult, type StoredAtStart } from "./app.machine.ts";
import { languageMachine } from "./language.machine.ts";
import { networkMachine } from "./network.machine.ts";
import { serviceLevelsMachine } from "./serviceLevels.machine.ts";
import { tourMachine } from "./tour.machine.ts";

function start(
  authenticated: boolean,
  probe = fromPromise(async () => {}),
  cart = [cartItem()],
  {
    config = portalConfig,
    user = storedUser,
    storedAtBoot,
  }: { config?: PortalConfig; user?: StoredUser; storedAtBoot?: StoredAtStart } = {},
) {
  const clearSession = vi.fn();
  const fetchServiceLevels = vi.fn(() => [{ type: "bus", label: "Bus" }]);
  const goToLogin = vi.fn();
  const actor = createActor(
    appMachine.provide({
      actors: {
        sessionMachine: quietSession.provide({
          actions: { clearSession, goToLogin },
          actors: { loadProfile: fromPromise<StoredUser>(async () => user) },
        }),
        cartMachine: quietCart,
        loadConfig: fromPromise<BootResult>(async () => ({
          config,
          storedLanguage: "vi",
          ...(storedAtBoot ? { stored: storedAtBoot } : {}),
        })),
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
          user: authenticated ? user : null,
          cart,
          guest: false,
          productMode: null,
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

/** Who the cart believes is buying: what the app machine told it of the session. */
const cartSession = (actor: ReturnType<typeof start>["actor"]) => {
  const context = actor.getSnapshot().children.cart?.getSnapshot().context;
  return { signedIn: context?.signedIn, blocked: context?.blocked };
};
const cartFlow = (actor: ReturnType<typeof start>["actor"]) =>
  (actor.getSnapshot().children.cart?.getSnapshot().value as { flow?: string } | undefined)?.flow;

describe("app machine wiring", () => {
  it("starts the cart and the session from what storage held once the deployment was adopted", async () => {
    // The deployment changed since the page read storage: its cart and session were forgotten.
    const { actor } = start(true, undefined, [cartItem()], {
      storedAtBoot: {
        authenticated: false,
        user: null,
        cart: [],
        guest: false,
        productMode: null,
        tourDone: true,
      },
    });
    await settle();
    expect(actor.getSnapshot().children.cart?.getSnapshot().context.items).toEqual([]);
    expect(signedIn(actor)).toBe(false);
    // Unchanged, what the page read at its start stands.
    const kept = start(true);
    await settle();
    expect(kept.actor.getSnapshot().children.cart?.getSnapshot().context.items).toHaveLength(1);
    expect(signedIn(kept.actor)).toBe(true);
  });

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

  it("tells the cart who is buying: the stored rider from the start, nobody once the session ends", async () => {
    const { actor } = start(true);
    await settle();
    expect(cartSession(actor)).toEqual({ signedIn: true, blocked: false });
    actor.send({ type: "session.expired" });
    expect(cartSession(actor)).toEqual({ signedIn: false, blocked: false });
  });

  it("a sign-in from 'Please sign in before you checkout' closes that dialog", async () => {
    const { actor } = start(false);
    await settle();
    actor.getSnapshot().children.cart?.send({ type: "cart.checkout" });
    expect(cartFlow(actor)).toBe("signInRequired");
    actor.send({
      type: "session.handOver",
      result: { access_token: "a".repeat(43), mfa_enrollment_status: 0 },
    });
    await settle();
    expect(signedIn(actor)).toBe(true);
    expect(cartSession(actor)).toEqual({ signedIn: true, blocked: false });
    expect(cartFlow(actor)).toBe("idle");
  });

  it("tells the cart a rider is blocked while the deployment needs their email confirmed, and when it is", async () => {
    const unconfirmed = { ...storedUser, email_confirmed: false };
    const { actor } = start(true, undefined, undefined, {
      config: { ...portalConfig, requiredAccountVerification: true },
      user: unconfirmed,
    });
    await settle();
    expect(cartSession(actor)).toEqual({ signedIn: true, blocked: true });
    actor.getSnapshot().children.cart?.send({ type: "cart.checkout" });
    expect(cartFlow(actor)).toBe("actionBlocked");
    actor.getSnapshot().children.cart?.send({ type: "cart.dismiss" });
    actor.send({ type: "session.userUpdated", user: storedUser });
    expect(cartSession(actor)).toEqual({ signedIn: true, blocked: false });
  });

  it("an unconfirmed email blocks nobody where the deployment does not ask for it", async () => {
    const { actor } = start(true, undefined, undefined, {
      config: { ...portalConfig, requiredAccountVerification: false },
      user: { ...storedUser, email_confirmed: false },
    });
    await settle();
    expect(cartSession(actor)).toEqual({ signedIn: true, blocked: false });
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
