import { expect } from "vitest";
import type { SocialTrip } from "../../../src/domain/identity.ts";
import {
  credentialOf,
  loginPayloadOf,
  type SocialReturnInput,
  socialReturnMachine,
  tripLifetimeMs,
} from "../../../src/machines/socialReturn.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.takeTrip"
  | "xstate.error.actor.takeTrip"
  | "xstate.done.actor.signIn"
  | "xstate.error.actor.signIn"
  | "xstate.done.actor.linkAccount"
  | "xstate.error.actor.linkAccount";

const idToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhcHBsZSJ9.c2ln";
const state = "s".repeat(32);
const startedAt = Date.UTC(2026, 10, 23, 12, 0, 0);
const nonce = "n".repeat(32);

const trip = (provider: SocialTrip["provider"], intent: SocialTrip["intent"]): SocialTrip => ({
  provider,
  state: "d".repeat(64),
  intent,
  startedAt,
  ...(provider === "google" ? { nonce } : {}),
});
const taken = (value: SocialTrip | null, stateMatches = true, age = 60_000) => ({
  type: "xstate.done.actor.takeTrip",
  output: { trip: value, stateMatches, now: startedAt + age },
});

const inputs: SocialReturnInput[] = [
  { provider: "google", state, code: "google-code-1", error: "" },
  { provider: "facebook", state, code: "facebook-code-1", error: "" },
  { provider: "apple", state, idToken, email: "tim@example.org", firstName: "Tim", lastName: "undefined" },
  // The rider pressed Cancel at the provider.
  { provider: "google", state, code: "", error: "access_denied" },
  // Apple sent nothing back: the callback fills every segment with 'undefined'.
  {
    provider: "apple",
    state,
    idToken: "undefined",
    email: "undefined",
    firstName: "undefined",
    lastName: "undefined",
  },
];

const events = {
  "xstate.done.actor.takeTrip": [
    taken(trip("google", "signIn")),
    taken(trip("google", "link")),
    taken(trip("facebook", "signIn")),
    taken(trip("facebook", "link")),
    taken(trip("apple", "signIn")),
    taken(trip("apple", "link")),
    // Another state in the URL than the one this tab sent.
    taken(trip("google", "signIn"), false),
    // No trip: another tab, a replay, or a forged link.
    taken(null, false),
    // Older than 10 minutes.
    taken(trip("google", "signIn"), true, tripLifetimeMs + 1),
    // A connection whose state does not match.
    taken(trip("google", "link"), false),
  ],
  "xstate.error.actor.takeTrip": [
    { type: "xstate.error.actor.takeTrip", error: new Error("crypto.subtle is unavailable") },
  ],
  "xstate.done.actor.signIn": [
    { type: "xstate.done.actor.signIn", output: { access_token: "a".repeat(43), mfa_enrollment_status: 0 } },
  ],
  "xstate.error.actor.signIn": [
    {
      type: "xstate.error.actor.signIn",
      error: { code: 40105, message: "Failed to login by Google sign in." },
    },
  ],
  "xstate.done.actor.linkAccount": [
    {
      type: "xstate.done.actor.linkAccount",
      output: { provider: "google", email: "sandy@example.org", linked_at: "2026-11-23T12:01:00.000Z" },
    },
  ],
  "xstate.error.actor.linkAccount": [
    { type: "xstate.error.actor.linkAccount", error: { code: 42226, message: "Identity taken" } },
  ],
} satisfies EventSamples<typeof socialReturnMachine, ActorEvents>;

/** What reached the session, the notices and the router. */
const socialEffects: string[] = [];

const trips = events["xstate.done.actor.takeTrip"];
const [googleSignIn, googleLink, facebookSignIn, facebookLink, appleSignIn, appleLink] = trips;
const [, , , , , , otherState, noTrip, oldTrip, linkOtherState] = trips;
const signedIn = events["xstate.done.actor.signIn"][0];
const refused = events["xstate.error.actor.signIn"][0];
const linked = events["xstate.done.actor.linkAccount"][0];
const taken42226 = events["xstate.error.actor.linkAccount"][0];
const clear = () => void socialEffects.splice(0);

export const socialReturnModel = defineModel({
  name: "socialReturn",
  machine: socialReturnMachine.provide({
    actions: {
      handOver: (_, result) => void socialEffects.push(`handOver:${result.access_token.slice(0, 1)}`),
      notifyFailed: (_, provider) => void socialEffects.push(`notifyFailed:${provider}`),
      goToLogin: () => void socialEffects.push("goToLogin"),
      notifyLinked: (_, provider) => void socialEffects.push(`notifyLinked:${provider}`),
      goToConnectedAccounts: (_, failure) =>
        void socialEffects.push(`goToConnectedAccounts:${JSON.stringify(failure)}`),
    },
  }),
  inputs,
  deferred: ["takeTrip", "signIn", "linkAccount"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.trip, snapshot.context.linkFailure]),
  invariants: [
    {
      name: "a credential leaves only on a trip of the same provider",
      holds: (s) =>
        !(s.matches("signingIn") || s.matches("linking")) ||
        s.context.trip?.provider === s.context.input.provider,
    },
    {
      name: "the literal 'undefined' never reaches the server",
      holds: (s) =>
        !(s.matches("signingIn") || s.matches("linking")) ||
        !JSON.stringify(loginPayloadOf(s.context.input, s.context.trip)).includes('"undefined"'),
    },
    {
      name: "what the trip was for decides where it goes",
      holds: (s) =>
        (!s.matches("signingIn") || s.context.trip?.intent === "signIn") &&
        (!s.matches("linking") || s.context.trip?.intent === "link"),
    },
  ],
  states: {
    checking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.takeTrip?.getSnapshot().input).toEqual({ state });
    },
    signingIn: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      const payload = snapshot.children.signIn?.getSnapshot().input;
      expect(payload).toEqual(loginPayloadOf(snapshot.context.input, snapshot.context.trip));
      expect(payload).toEqual(
        {
          google: { login_type: "Google", code: "google-code-1", nonce },
          facebook: { login_type: "Facebook", code: "facebook-code-1" },
          apple: {
            access_token: idToken,
            login_type: "AppleId",
            email: "tim@example.org",
            first_name: "Tim",
          },
        }[snapshot.context.input.provider],
      );
    },
    linking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      const credential = snapshot.children.linkAccount?.getSnapshot().input;
      expect(credential).toEqual(credentialOf(snapshot.context.input, snapshot.context.trip));
      expect(credential).toEqual(
        {
          google: { provider: "google", code: "google-code-1", nonce },
          facebook: { provider: "facebook", code: "facebook-code-1" },
          apple: { provider: "apple", id_token: idToken, first_name: "Tim" },
        }[snapshot.context.input.provider],
      );
    },
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(socialEffects.at(-1)).toBe("handOver:a");
    },
    failed: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(socialEffects.slice(-2)).toEqual([
        `notifyFailed:${snapshot.context.input.provider}`,
        "goToLogin",
      ]);
    },
    linked: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(socialEffects.slice(-2)).toEqual([
        `notifyLinked:${snapshot.context.input.provider}`,
        "goToConnectedAccounts:null",
      ]);
    },
    linkFailed: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.context.linkFailure?.provider).toBe(snapshot.context.input.provider);
      expect(socialEffects.at(-1)).toBe(
        `goToConnectedAccounts:${JSON.stringify(snapshot.context.linkFailure)}`,
      );
    },
  },
  journeys: [
    {
      name: "Google: a matching trip sends the code and the trip's nonce and hands the sign-in to the session",
      before: clear,
      events: [googleSignIn, signedIn],
      expected: "signedIn",
      ends: () => expect(socialEffects).toEqual(["handOver:a"]),
    },
    {
      name: "Facebook: a matching trip sends the code",
      input: 1,
      before: clear,
      events: [facebookSignIn, signedIn],
      expected: "signedIn",
      ends: () => expect(socialEffects).toEqual(["handOver:a"]),
    },
    {
      name: "Apple: a matching trip sends the id_token with what Apple gave",
      input: 2,
      before: clear,
      events: [appleSignIn, signedIn],
      expected: "signedIn",
    },
    {
      name: "a sign-in the server refuses fails, says so for the provider and goes to sign in",
      before: clear,
      events: [googleSignIn, refused],
      expected: "failed",
      ends: () => expect(socialEffects).toEqual(["notifyFailed:google", "goToLogin"]),
    },
    {
      name: "a state that is not the stored one fails",
      before: clear,
      events: [otherState],
      expected: "failed",
      ends: () => expect(socialEffects).toEqual(["notifyFailed:google", "goToLogin"]),
    },
    {
      name: "a return without a trip fails",
      input: 1,
      before: clear,
      events: [noTrip],
      expected: "failed",
      ends: () => expect(socialEffects).toEqual(["notifyFailed:facebook", "goToLogin"]),
    },
    {
      name: "a trip older than 10 minutes fails",
      events: [oldTrip],
      expected: "failed",
    },
    {
      name: "a trip to another provider fails",
      events: [facebookSignIn],
      expected: "failed",
    },
    {
      name: "a provider's error (the rider cancelled) fails even with the right state",
      input: 3,
      before: clear,
      events: [googleSignIn],
      expected: "failed",
      ends: () => expect(socialEffects).toEqual(["notifyFailed:google", "goToLogin"]),
    },
    {
      name: "an Apple return without a token fails even with the right state",
      input: 4,
      events: [appleSignIn],
      expected: "failed",
    },
    {
      name: "a browser that cannot read the trip fails safely",
      events: [events["xstate.error.actor.takeTrip"][0]],
      expected: "failed",
    },
    {
      name: "a link trip connects the identity and goes back to connected accounts with a notice",
      before: clear,
      events: [googleLink, linked],
      expected: "linked",
      ends: () => expect(socialEffects).toEqual(["notifyLinked:google", "goToConnectedAccounts:null"]),
    },
    {
      name: "Facebook and Apple connect the same way",
      input: 1,
      events: [facebookLink, linked],
      expected: "linked",
    },
    {
      name: "Apple connects with its id_token",
      input: 2,
      events: [appleLink, linked],
      expected: "linked",
    },
    {
      name: "a refused connection goes back to connected accounts with the server's reason",
      before: clear,
      events: [googleLink, taken42226],
      expected: "linkFailed",
      ends: (snapshot) => {
        expect(snapshot.context.linkFailure).toEqual({ provider: "google", code: 42226 });
        expect(socialEffects).toEqual(['goToConnectedAccounts:{"provider":"google","code":42226}']);
      },
    },
    {
      name: "a connection whose state does not match goes back to connected accounts, not to sign in",
      before: clear,
      events: [linkOtherState],
      expected: "linkFailed",
      ends: (snapshot) => {
        expect(snapshot.context.linkFailure).toEqual({ provider: "google", code: null });
        expect(socialEffects).toEqual(['goToConnectedAccounts:{"provider":"google","code":null}']);
      },
    },
    {
      name: "a connection cancelled at the provider goes back to connected accounts",
      input: 3,
      events: [googleLink],
      expected: "linkFailed",
    },
  ],
});
