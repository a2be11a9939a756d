import { expect } from "vitest";
import { appleSignInMachine } from "../../../src/machines/appleSignIn.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.checkState"
  | "xstate.error.actor.checkState"
  | "xstate.done.actor.appleLogin"
  | "xstate.error.actor.appleLogin";

const idToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhcHBsZSJ9.c2ln";

const events = {
  "xstate.done.actor.checkState": [
    { type: "xstate.done.actor.checkState", output: true },
    { type: "xstate.done.actor.checkState", output: false },
  ],
  "xstate.error.actor.checkState": [
    { type: "xstate.error.actor.checkState", error: new Error("crypto.subtle is unavailable") },
  ],
  "xstate.done.actor.appleLogin": [
    {
      type: "xstate.done.actor.appleLogin",
      output: { access_token: "a".repeat(43), mfa_enrollment_status: 0 },
    },
  ],
  "xstate.error.actor.appleLogin": [
    {
      type: "xstate.error.actor.appleLogin",
      error: { code: 40103, message: "Failed to login by Apple sign in." },
    },
  ],
} satisfies EventSamples<typeof appleSignInMachine, ActorEvents>;

/** What reached the session, the notices and the router. */
export const appleEffects: string[] = [];

export const appleSignInModel = defineModel({
  name: "appleSignIn",
  machine: appleSignInMachine.provide({
    actions: {
      handOver: (_, result) => void appleEffects.push(`handOver:${result.access_token.slice(0, 1)}`),
      notifyFailed: () => void appleEffects.push("notifyFailed"),
      goToLogin: () => void appleEffects.push("goToLogin"),
    },
  }),
  inputs: [
    { state: "s".repeat(32), idToken, email: "tim@example.org", firstName: "Tim", lastName: "undefined" },
    // Apple sent nothing back (the rider cancelled): the callback fills every segment with 'undefined'.
    {
      state: "s".repeat(32),
      idToken: "undefined",
      email: "undefined",
      firstName: "undefined",
      lastName: "undefined",
    },
  ],
  deferred: ["checkState", "appleLogin"],
  events,
  serialize: (snapshot) => JSON.stringify(snapshot.value),
  invariants: [
    {
      name: "the literal 'undefined' never reaches the server",
      holds: (s) => !Object.values(s.context.payload).includes("undefined") || !s.matches("processing"),
    },
  ],
  states: {
    checking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.checkState).toBeDefined();
    },
    processing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.payload).toEqual({
        access_token: idToken,
        login_type: "AppleId",
        email: "tim@example.org",
        first_name: "Tim",
      });
    },
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(appleEffects.at(-1)).toBe("handOver:a");
    },
    failed: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(appleEffects.slice(-2)).toEqual(["notifyFailed", "goToLogin"]);
    },
  },
  journeys: [
    {
      name: "a matching state sends the id_token and hands the sign-in to the session",
      events: [events["xstate.done.actor.checkState"][0], events["xstate.done.actor.appleLogin"][0]],
      expected: "signedIn",
    },
    {
      name: "a state that is not the stored one fails and goes to sign-in",
      events: [events["xstate.done.actor.checkState"][1]],
      expected: "failed",
    },
    {
      name: "a token the server refuses fails and goes to sign-in",
      events: [events["xstate.done.actor.checkState"][0], events["xstate.error.actor.appleLogin"][0]],
      expected: "failed",
    },
    {
      name: "a return without a token fails even with the right state",
      input: 1,
      events: [events["xstate.done.actor.checkState"][0]],
      expected: "failed",
    },
    {
      name: "a browser that cannot check the state fails safely",
      events: [events["xstate.error.actor.checkState"][0]],
      expected: "failed",
    },
  ],
});
