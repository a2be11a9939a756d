import { expect } from "vitest";
import { sessionMachine } from "../../../src/machines/session.machine.ts";
import { createPortalStorage } from "../../../src/services/storage.ts";
import { storedUser } from "../../support/fixtures.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.signInForm"
  | "xstate.done.actor.codeForm"
  | "xstate.done.actor.loadProfile"
  | "xstate.error.actor.loadProfile"
  | "xstate.done.actor.resendCode"
  | "xstate.error.actor.resendCode"
  | "xstate.done.actor.logout"
  | "xstate.error.actor.logout"
  | "xstate.done.actor.saveLanguage"
  | "xstate.error.actor.saveLanguage";

const token = (letter: string) => letter.repeat(43);

const events = {
  "session.expired": [{ type: "session.expired" }],
  "session.expiryAcknowledged": [{ type: "session.expiryAcknowledged" }],
  "session.signOut": [
    { type: "session.signOut", cartEmpty: true },
    { type: "session.signOut", cartEmpty: false },
  ],
  "session.signOutConfirmed": [{ type: "session.signOutConfirmed" }],
  "session.signOutCancelled": [{ type: "session.signOutCancelled" }],
  "session.refresh": [{ type: "session.refresh" }],
  "session.userUpdated": [
    { type: "session.userUpdated", user: { ...storedUser, first_name: "Sam" } },
    // Two-factor turned on (from the enrolment dialog or the security page).
    { type: "session.userUpdated", user: { ...storedUser, mfa_enrollment_status: 1 } },
  ],
  "session.deleted": [{ type: "session.deleted" }],
  "session.handOver": [
    { type: "session.handOver", result: { access_token: token("a"), mfa_enrollment_status: 0 } },
    { type: "session.handOver", result: { access_token: token("t"), mfa_enrollment_status: 1 } },
  ],
  "session.deactivated": [{ type: "session.deactivated" }],
  "session.deactivationAcknowledged": [{ type: "session.deactivationAcknowledged" }],
  "session.language": [
    { type: "session.language", locale: { language_code: "es", country_code: "ES" } },
    // The language the profile has already (storedUser's): nothing to save.
    { type: "session.language", locale: { language_code: "en", country_code: "US" } },
  ],
  "twoFactor.resend": [{ type: "twoFactor.resend" }],
  "twoFactor.cancel": [{ type: "twoFactor.cancel" }],
  "xstate.done.actor.signInForm": [
    { type: "xstate.done.actor.signInForm", output: { access_token: token("a"), mfa_enrollment_status: 0 } },
    { type: "xstate.done.actor.signInForm", output: { access_token: token("t"), mfa_enrollment_status: 1 } },
  ],
  "xstate.done.actor.codeForm": [
    { type: "xstate.done.actor.codeForm", output: { access_token: token("v"), mfa_enrollment_status: 2 } },
  ],
  "xstate.done.actor.loadProfile": [
    { type: "xstate.done.actor.loadProfile", output: storedUser },
    { type: "xstate.done.actor.loadProfile", output: { ...storedUser, mfa_enrollment_status: 1 } },
  ],
  "xstate.error.actor.loadProfile": [
    { type: "xstate.error.actor.loadProfile", error: { code: 50301, message: "Network Error" } },
  ],
  "xstate.done.actor.resendCode": [{ type: "xstate.done.actor.resendCode", output: undefined }],
  "xstate.error.actor.resendCode": [
    { type: "xstate.error.actor.resendCode", error: { code: 42901, message: "Too many requests" } },
  ],
  "xstate.done.actor.logout": [{ type: "xstate.done.actor.logout", output: undefined }],
  "xstate.error.actor.logout": [
    { type: "xstate.error.actor.logout", error: { code: 50301, message: "Network Error" } },
  ],
  "xstate.done.actor.saveLanguage": [
    { type: "xstate.done.actor.saveLanguage", output: { ...storedUser, locale: "es" } },
  ],
  "xstate.error.actor.saveLanguage": [
    { type: "xstate.error.actor.saveLanguage", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof sessionMachine, ActorEvents>;

/** Side effects the walk records, so states can check what reached storage and the router. */
const sessionEffects: string[] = [];
const record = (name: string) => (): void => void sessionEffects.push(name);

/** The browser storage the walk's sign-outs clear: the portal's own storage module over a Map. */
const stored = new Map<string, string>();
const riderStorage = createPortalStorage({
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
} as unknown as Storage);

/** A signed-in rider's storage with every key set, and an empty effect log. */
function seedRider(): void {
  stored.clear();
  sessionEffects.length = 0;
  riderStorage.set("authToken", "rider-token");
  riderStorage.set("user", storedUser);
  riderStorage.set("faremediaId", "fm-1");
  riderStorage.set("tempAuthToken", "temp");
  riderStorage.set("parentOrgId", "org-1");
  riderStorage.set("cardToken", "card-token");
  riderStorage.set("isGuestUser", false);
  riderStorage.set("purchaseFlowType", "digital");
  riderStorage.set("currentFareCard", {
    nickname: "Work card",
    faremediaId: "fm-1",
    cardNumber: "6001234567890123",
    category: "adult",
    storedValue: 1250,
  });
  riderStorage.set("cart", []);
  riderStorage.set("language", "en");
  riderStorage.set("tourDone", true);
}

/** The keys left in storage (after a sign-out only language and tour-done may stay). */
const storedKeys = () => [...stored.keys()].sort();

const machine = sessionMachine.provide({
  actions: {
    storeTempToken: record("storeTempToken"),
    storeSession: record("storeSession"),
    storeUser: record("storeUser"),
    clearSession: () => {
      record("clearSession")();
      riderStorage.clearSession({ clearCart: false });
    },
    clearCart: () => {
      record("clearCart")();
      riderStorage.clearCart();
    },
    goToLogin: record("goToLogin"),
    goToSignedInRoute: record("goToSignedInRoute"),
    notifyCodeSent: record("notifyCodeSent"),
    notifyDeleted: record("notifyDeleted"),
  },
});

const signedInStates = ["authenticated", "confirmingSignOut", "signingOut", "deactivatedNotice"] as const;

export const sessionModel = defineModel({
  name: "session",
  machine,
  inputs: [
    { user: null, signedIn: false, twoFactorEnabled: true, twoFactorRequired: false, language: "en" },
    { user: storedUser, signedIn: true, twoFactorEnabled: true, twoFactorRequired: false, language: "es" },
    { user: null, signedIn: true, twoFactorEnabled: false, twoFactorRequired: false, language: "vi" },
    // A deployment that requires two-factor, and a stored rider who has not turned it on.
    { user: storedUser, signedIn: true, twoFactorEnabled: true, twoFactorRequired: true, language: "en" },
  ],
  deferred: ["signInForm", "codeForm", "loadProfile", "resendCode", "logout", "saveLanguage"],
  events,
  // Keeps the walk's routes few: each new event is explored where it matters, and the deployment that
  // requires two-factor only around its dialog (everything else it shares with the others).
  filterEvents: (snapshot, event) => {
    const { twoFactorRequired: required, language } = snapshot.context;
    // The portal's language is walked on the restored session (es); journeys try the others.
    // Once the profile's language is saved, the rest of the graph is the one before it: the walk stops.
    if (snapshot.context.user?.locale === "es") return event.type === "session.expired";
    // The session-expired popup is modal: the sign-in form beneath it is used once it is closed.
    if (snapshot.hasTag("expiryNotice") && event.type === "xstate.done.actor.signInForm") return false;
    if (event.type === "session.language") {
      return (
        language === "es" && event === events["session.language"][0] && snapshot.context.user?.locale !== "es"
      );
    }
    const enrolledSample =
      (event.type === "session.userUpdated" && event.user?.mfa_enrollment_status === 1) ||
      (event.type === "xstate.done.actor.loadProfile" && event.output?.mfa_enrollment_status === 1);
    if (enrolledSample) return required;
    // A language waiting for the profile (it loads, or two-factor is enrolled): only what ends the
    // wait is walked; journeys try the rest.
    const waiting =
      snapshot.context.profileLocale !== null && !snapshot.matches({ authenticated: "savingLanguage" });
    if (
      waiting &&
      !["xstate.done.actor.loadProfile", "session.userUpdated", "session.expired"].includes(event.type)
    )
      return false;
    if (required) {
      const leaves = ["session.signOut", "session.expired", "session.deleted", "session.deactivated"];
      return !leaves.includes(event.type);
    }
    // One input each: an Apple hand-over on a fresh visit, a deactivation of a restored session.
    if (event.type === "session.handOver") {
      return language === "en" && snapshot.matches({ anonymous: "fresh" }) && snapshot.context.error === null;
    }
    if (event.type === "session.deactivated") return language === "vi";
    // The restored session (es) stops once signed out: signing in again is the fresh visit's graph.
    return !(language === "es" && (snapshot.matches("anonymous") || snapshot.matches("twoFactor")));
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.user?.first_name ?? null,
      snapshot.context.user?.mfa_enrollment_status ?? null,
      snapshot.context.user?.locale ?? null,
      snapshot.context.profileLocale?.language_code ?? null,
      snapshot.context.pendingToken,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "signed in exactly when a stored rider is known",
      holds: (s) => s.hasTag("signedIn") === signedInStates.some((state) => s.matches(state)),
    },
    {
      name: "a signed-in session always has its rider",
      holds: (s) => !s.hasTag("signedIn") || s.context.user !== null,
    },
    {
      name: "a guest holds no rider",
      holds: (s) => !s.matches("anonymous") || s.context.user === null,
    },
    {
      name: "the enrolment dialog shows only where two-factor is required and still off",
      holds: (s) =>
        !s.hasTag("enrolmentRequired") ||
        (s.context.twoFactorRequired && s.context.user?.mfa_enrollment_status === 0),
    },
    {
      name: "a chosen profile language waits only while the profile loads or two-factor is enrolled",
      holds: (s) =>
        s.context.profileLocale === null ||
        (["savingLanguage", "refreshing", "enrolling"] as const).some((state) =>
          s.matches({ authenticated: state }),
        ),
    },
    {
      name: "a profile language being saved is known",
      holds: (s) => !s.matches({ authenticated: "savingLanguage" }) || s.context.profileLocale !== null,
    },
    {
      name: "a texted code is only asked for with a temporary token",
      holds: (s) => !s.matches("twoFactor") || s.context.pendingToken !== null,
    },
  ],
  states: {
    anonymous: (snapshot) => {
      expect(snapshot.hasTag("signedIn")).toBe(false);
      expect(snapshot.children.signInForm).toBeDefined();
      expect(snapshot.context.user).toBeNull();
    },
    "anonymous.fresh": (snapshot) =>
      expect(snapshot.context.error === null || snapshot.context.error === 50301).toBe(true),
    "anonymous.expired": (snapshot) => {
      expect(snapshot.context.error).toBeNull();
      expect(sessionEffects).toContain("goToLogin");
    },
    "anonymous.expired.told": (snapshot) => {
      expect(sessionEffects.at(-1)).toBe("goToLogin");
      expect(snapshot.hasTag("expiryNotice")).toBe(true);
      expect(snapshot.can({ type: "session.expiryAcknowledged" })).toBe(true);
    },
    "anonymous.expired.acknowledged": (snapshot) => {
      expect(snapshot.hasTag("expiryNotice")).toBe(false);
      // The sign-in form is still the one that was there: what the rider typed stays.
      expect(snapshot.children.signInForm).toBeDefined();
    },
    twoFactor: (snapshot) => {
      expect(snapshot.context.pendingToken).toBe(token("t"));
      expect(snapshot.children.codeForm).toBeDefined();
      expect(sessionEffects).toContain("storeTempToken");
    },
    "twoFactor.waiting": (snapshot) => expect(snapshot.can({ type: "twoFactor.resend" })).toBe(true),
    "twoFactor.resending": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.can({ type: "twoFactor.resend" })).toBe(false);
    },
    restoring: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.hasTag("signedIn")).toBe(false);
      expect(snapshot.context.tokenWithoutUser).toBe(true);
    },
    loadingProfile: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      // Without two-factor in the deployment, an enrolled rider's credentials are enough.
      const accepted = snapshot.context.twoFactorEnabled
        ? [token("a"), token("v")]
        : [token("a"), token("t")];
      expect(accepted).toContain(snapshot.context.pendingToken);
      expect(sessionEffects.at(-1)).toBe("storeTempToken");
    },
    authenticated: (snapshot) => {
      expect(snapshot.hasTag("signedIn")).toBe(true);
      expect(snapshot.context.user?.email).toBe(storedUser.email);
      expect(snapshot.context.pendingToken).toBeNull();
    },
    "authenticated.idle": (snapshot) => {
      expect(snapshot.can({ type: "session.refresh" })).toBe(true);
      expect(snapshot.hasTag("enrolmentRequired")).toBe(false);
    },
    "authenticated.enrolling": (snapshot) => {
      expect(snapshot.hasTag("enrolmentRequired")).toBe(true);
      expect(snapshot.context.twoFactorRequired).toBe(true);
      expect(snapshot.can({ type: "session.refresh" })).toBe(true);
    },
    deactivatedNotice: (snapshot) => {
      expect(snapshot.hasTag("signedIn")).toBe(true);
      expect(snapshot.can({ type: "session.deactivationAcknowledged" })).toBe(true);
      expect(snapshot.can({ type: "session.signOut", cartEmpty: true })).toBe(false);
    },
    "authenticated.refreshing": (snapshot) => expect(snapshot.children.loadProfile).toBeDefined(),
    "authenticated.savingLanguage": (snapshot) => {
      expect(snapshot.children.saveLanguage).toBeDefined();
      expect(snapshot.context.profileLocale).not.toBeNull();
    },
    confirmingSignOut: (snapshot) => {
      expect(snapshot.hasTag("signedIn")).toBe(true);
      expect(snapshot.can({ type: "session.signOutConfirmed" })).toBe(true);
    },
    signingOut: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.logout).toBeDefined();
    },
  },
  journeys: [
    {
      name: "a signed-in rider's new portal language is saved to the profile (spec section 4)",
      input: 1,
      before: () => void sessionEffects.splice(0),
      events: [
        events["xstate.done.actor.loadProfile"][0],
        events["session.language"][0],
        events["xstate.done.actor.saveLanguage"][0],
      ],
      expected: { authenticated: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.user?.locale).toBe("es");
        expect(sessionEffects.at(-1)).toBe("storeUser");
      },
    },
    {
      name: "the language the profile has already is not saved again",
      input: 1,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.language"][1]],
      expected: { authenticated: "idle" },
      ends: (snapshot) => expect(snapshot.children.saveLanguage).toBeUndefined(),
    },
    {
      name: "a profile language that could not be saved leaves the profile as it was",
      input: 1,
      events: [
        events["xstate.done.actor.loadProfile"][0],
        events["session.language"][0],
        events["xstate.error.actor.saveLanguage"][0],
      ],
      expected: { authenticated: "idle" },
      ends: (snapshot) => expect(snapshot.context.user?.locale).toBe("en"),
    },
    {
      name: "a guest's language is no profile's",
      events: [events["session.language"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "a language chosen in the required two-factor dialog keeps the dialog open",
      input: 3,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.language"][0]],
      expected: { authenticated: "enrolling" },
      ends: (snapshot) => {
        expect(snapshot.children.saveLanguage).toBeUndefined();
        expect(snapshot.context.profileLocale?.language_code).toBe("es");
      },
    },
    {
      name: "a language chosen in the required two-factor dialog is saved once two-factor is on",
      input: 3,
      events: [
        events["xstate.done.actor.loadProfile"][0],
        events["session.language"][0],
        events["session.userUpdated"][1],
      ],
      expected: { authenticated: "savingLanguage" },
      ends: (snapshot) => expect(snapshot.context.profileLocale?.language_code).toBe("es"),
    },
    {
      name: "a language chosen while the profile loads does not cancel the load",
      input: 1,
      events: [events["session.language"][0]],
      expected: { authenticated: "refreshing" },
      ends: (snapshot) => {
        expect(snapshot.children.loadProfile).toBeDefined();
        expect(snapshot.children.saveLanguage).toBeUndefined();
      },
    },
    {
      name: "a language chosen while the profile loads is saved once it has loaded",
      input: 1,
      events: [events["session.language"][0], events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "savingLanguage" },
      ends: (snapshot) => expect(snapshot.context.profileLocale?.language_code).toBe("es"),
    },
    {
      name: "a language chosen while the profile loads that the profile has already is not saved",
      input: 1,
      events: [events["session.language"][1], events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
      ends: (snapshot) => {
        expect(snapshot.children.saveLanguage).toBeUndefined();
        expect(snapshot.context.profileLocale).toBeNull();
      },
    },
    {
      name: "a language chosen while another is saved is the one saved",
      input: 1,
      events: [
        events["xstate.done.actor.loadProfile"][0],
        events["session.language"][0],
        events["session.language"][1],
      ],
      expected: { authenticated: "savingLanguage" },
      ends: (snapshot) => expect(snapshot.context.profileLocale?.language_code).toBe("en"),
    },
    {
      name: "a language waiting for the profile is forgotten on sign-out",
      input: 1,
      events: [events["session.language"][0], events["session.expired"][0]],
      expected: { anonymous: { expired: "told" } },
      ends: (snapshot) => expect(snapshot.context.profileLocale).toBeNull(),
    },
    {
      name: "an Apple sign-in handed over loads the profile and signs in",
      events: [events["session.handOver"][0], events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "an Apple sign-in of an enrolled rider still asks for the texted code",
      events: [events["session.handOver"][1]],
      expected: { twoFactor: "waiting" },
    },
    {
      name: "a deactivation done elsewhere is shown before the session ends",
      input: 1,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.deactivated"][0]],
      expected: "deactivatedNotice",
    },
    {
      name: "once the rider read the deactivation notice they are signed out",
      input: 1,
      events: [events["session.deactivated"][0], events["session.deactivationAcknowledged"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "a required enrolment holds the rider in the dialog",
      input: 3,
      events: [events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "enrolling" },
    },
    {
      name: "turning two-factor on closes the required enrolment dialog",
      input: 3,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.userUpdated"][1]],
      expected: { authenticated: "idle" },
    },
    {
      name: "the dialog's fresh profile shows two-factor on and lets the rider go on",
      input: 3,
      events: [
        events["xstate.done.actor.loadProfile"][0],
        events["session.refresh"][0],
        events["xstate.done.actor.loadProfile"][1],
      ],
      expected: { authenticated: "idle" },
    },
    {
      name: "an enrolled rider in a deployment that requires two-factor is not asked again",
      input: 3,
      events: [events["xstate.done.actor.loadProfile"][1]],
      expected: { authenticated: "idle" },
    },
    {
      name: "a guest's stored auth ending elsewhere shows the notice",
      events: [events["session.expired"][0]],
      expected: { anonymous: { expired: "told" } },
    },
    {
      name: "an enrolled rider is asked for the texted code",
      events: [events["xstate.done.actor.signInForm"][1]],
      expected: { twoFactor: "waiting" },
    },
    {
      name: "a new code was sent and the step waits for it",
      events: [
        events["xstate.done.actor.signInForm"][1],
        events["twoFactor.resend"][0],
        events["xstate.done.actor.resendCode"][0],
      ],
      expected: { twoFactor: "waiting" },
    },
    {
      name: "the server confirms the stored session",
      input: 1,
      events: [events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "asking for a fresh profile",
      input: 1,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.refresh"][0]],
      expected: { authenticated: "refreshing" },
    },
    {
      name: "a profile saved on another screen keeps the rider where they were",
      input: 1,
      events: [events["xstate.done.actor.loadProfile"][0], events["session.userUpdated"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "a profile saved while the session is checked keeps the check going",
      input: 1,
      events: [events["session.userUpdated"][0]],
      expected: { authenticated: "refreshing" },
    },
    {
      name: "credentials without two-factor sign in and go where the rider was going",
      events: [events["xstate.done.actor.signInForm"][0], events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "an enrolled rider types the texted code before the session starts",
      events: [
        events["xstate.done.actor.signInForm"][1],
        events["twoFactor.resend"][0],
        events["xstate.done.actor.resendCode"][0],
        events["xstate.done.actor.codeForm"][0],
        events["xstate.done.actor.loadProfile"][0],
      ],
      expected: { authenticated: "idle" },
    },
    {
      name: "cancelling two-factor drops the temporary rider",
      events: [events["xstate.done.actor.signInForm"][1], events["twoFactor.cancel"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "a failed resend keeps the code step",
      events: [
        events["xstate.done.actor.signInForm"][1],
        events["twoFactor.resend"][0],
        events["xstate.error.actor.resendCode"][0],
      ],
      expected: { twoFactor: "waiting" },
    },
    {
      name: "a profile that cannot load leaves the rider signed out",
      events: [events["xstate.done.actor.signInForm"][0], events["xstate.error.actor.loadProfile"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "signing out with an empty cart needs no confirmation",
      input: 1,
      before: seedRider,
      events: [events["session.signOut"][0], events["xstate.done.actor.logout"][0]],
      expected: { anonymous: "fresh" },
      ends: () => {
        expect(sessionEffects).toEqual(["clearSession", "clearCart", "goToLogin"]);
        expect(storedKeys()).toEqual(["language", "tourDone"]);
      },
    },
    {
      name: "signing out with items asks first; cancelling keeps the session",
      input: 1,
      events: [events["session.signOut"][1], events["session.signOutCancelled"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "confirmed sign-out ends the session even when the server is unreachable",
      input: 1,
      events: [
        events["session.signOut"][1],
        events["session.signOutConfirmed"][0],
        events["xstate.error.actor.logout"][0],
      ],
      before: seedRider,
      expected: { anonymous: "fresh" },
      ends: () => {
        expect(sessionEffects).toContain("goToLogin");
        expect(storedKeys()).toEqual(["language", "tourDone"]);
      },
    },
    {
      name: "an expired session goes to sign-in and says so",
      input: 1,
      events: [events["session.userUpdated"][0], events["session.expired"][0]],
      expected: { anonymous: { expired: "told" } },
    },
    {
      name: "a token without its rider record fetches the profile and stays signed in",
      input: 2,
      events: [events["xstate.done.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "a stored token the server refuses leaves a guest",
      input: 2,
      events: [events["xstate.error.actor.loadProfile"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "a deleted account leaves a fresh sign-in page",
      input: 1,
      events: [events["session.deleted"][0]],
      expected: { anonymous: "fresh" },
    },
    {
      name: "a refreshed profile keeps the session",
      input: 1,
      events: [events["session.refresh"][0], events["xstate.error.actor.loadProfile"][0]],
      expected: { authenticated: "idle" },
    },
    {
      name: "after an expiry the rider closes the popup and signs in again",
      input: 1,
      events: [
        events["session.expired"][0],
        events["session.expiryAcknowledged"][0],
        events["xstate.done.actor.signInForm"][0],
        events["xstate.done.actor.loadProfile"][0],
      ],
      expected: { authenticated: "idle" },
    },
  ],
});
