import { expect } from "vitest";
import * as phoneRules from "../../../src/domain/phone.ts";
import { twoFactorSetupMachine } from "../../../src/machines/twoFactorSetup.machine.ts";
import { storedUser } from "../../support/fixtures.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadPhoneRules"
  | "xstate.error.actor.loadPhoneRules"
  | "xstate.done.actor.sendEnrolCode"
  | "xstate.error.actor.sendEnrolCode"
  | "xstate.done.actor.confirmEnrolment"
  | "xstate.error.actor.confirmEnrolment"
  | "xstate.done.actor.sendDisableCode"
  | "xstate.error.actor.sendDisableCode"
  | "xstate.done.actor.confirmDisable"
  | "xstate.error.actor.confirmDisable";

const riderOff = { ...storedUser, mfa_enrollment_status: 0, mfa_phone: null };
const riderOn = { ...storedUser, mfa_enrollment_status: 1, mfa_phone: "•••• 0123" };
const wrongPassword = { code: 40303, message: "Your current password is not correct. Please try again." };
const wrongCode = { code: 40005, message: "Invalid verification code. Please try again with valid code." };
const rulesNotLoaded = new TypeError("Failed to fetch dynamically imported module: /assets/phone.js");

const events = {
  "setup.start": [{ type: "setup.start" }],
  "setup.cancel": [{ type: "setup.cancel" }],
  "setup.input": [
    { type: "setup.input", field: "countryCode", value: "+1" },
    { type: "setup.input", field: "number", value: "2025550123" },
    { type: "setup.input", field: "password", value: "transit-demo-2026" },
    { type: "setup.input", field: "code", value: "123456" },
  ],
  "setup.submit": [{ type: "setup.submit" }],
  "setup.resend": [{ type: "setup.resend" }],
  "xstate.done.actor.loadPhoneRules": [{ type: "xstate.done.actor.loadPhoneRules", output: phoneRules }],
  "xstate.error.actor.loadPhoneRules": [{ type: "xstate.error.actor.loadPhoneRules", error: rulesNotLoaded }],
  "xstate.done.actor.sendEnrolCode": [{ type: "xstate.done.actor.sendEnrolCode", output: undefined }],
  "xstate.error.actor.sendEnrolCode": [{ type: "xstate.error.actor.sendEnrolCode", error: wrongPassword }],
  "xstate.done.actor.confirmEnrolment": [{ type: "xstate.done.actor.confirmEnrolment", output: riderOn }],
  "xstate.error.actor.confirmEnrolment": [{ type: "xstate.error.actor.confirmEnrolment", error: wrongCode }],
  "xstate.done.actor.sendDisableCode": [{ type: "xstate.done.actor.sendDisableCode", output: undefined }],
  "xstate.error.actor.sendDisableCode": [
    { type: "xstate.error.actor.sendDisableCode", error: wrongPassword },
  ],
  "xstate.done.actor.confirmDisable": [{ type: "xstate.done.actor.confirmDisable", output: riderOff }],
  "xstate.error.actor.confirmDisable": [{ type: "xstate.error.actor.confirmDisable", error: wrongCode }],
} satisfies EventSamples<typeof twoFactorSetupMachine, ActorEvents>;

/** Phone, number and password given (the phone rules arrived meanwhile) and sent; then the texted code is asked for. */
const toEnrolSend = [
  events["setup.start"][0],
  events["xstate.done.actor.loadPhoneRules"][0],
  events["setup.input"][0],
  events["setup.input"][1],
  events["setup.input"][2],
  events["setup.submit"][0],
];
/** Turned on, and phone, number and password typed while the phone rules are still on their way. */
const typedBeforeRules = [
  events["setup.start"][0],
  events["setup.input"][0],
  events["setup.input"][1],
  events["setup.input"][2],
];
const toEnrolCode = [...toEnrolSend, events["xstate.done.actor.sendEnrolCode"][0]];
const toDisableCode = [
  events["setup.start"][0],
  events["setup.input"][2],
  events["setup.submit"][0],
  events["xstate.done.actor.sendDisableCode"][0],
];

const setupEffects: string[] = [];
const record = (name: string) => (): void => void setupEffects.push(name);

const filled = (values: Record<string, string>) =>
  Object.entries(values)
    .filter(([, value]) => value !== "")
    .map(([key]) => key)
    .join(",");

export const twoFactorSetupModel = defineModel({
  name: "twoFactorSetup",
  machine: twoFactorSetupMachine.provide({
    actions: {
      publishUser: record("publishUser"),
      notifyOn: record("notifyOn"),
      notifyOff: record("notifyOff"),
    },
  }),
  inputs: [{ user: riderOff }, { user: riderOn }],
  // The phone rules may arrive before or after any step of the phone form: loop-free routes multiply.
  pathKinds: ["shortest", "edge"],
  deferred: ["loadPhoneRules", "sendEnrolCode", "confirmEnrolment", "sendDisableCode", "confirmDisable"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      filled(snapshot.context.values),
      snapshot.context.problem,
      snapshot.context.error,
      snapshot.context.enrolled,
      snapshot.context.rules !== null,
    ]),
  // Each field is typed once; a typed code only where a code is asked for.
  // The phone rules arrive once (a second enrolment finds them there), and arrive or fail only while
  // their download runs: not after it failed, until a submit starts it again. Nothing is typed while busy.
  filterEvents: (snapshot, event) =>
    (!event.type.endsWith(".actor.loadPhoneRules") ||
      (snapshot.context.rules === null && snapshot.context.problem !== "rulesUnavailable")) &&
    (event.type !== "setup.input" || !snapshot.hasTag("busy")) &&
    (event.type !== "setup.input" ||
      (snapshot.context.values[event.field as "code"] === "" &&
        (event.field === "code") ===
          (snapshot.matches({ enrolling: "code" }) || snapshot.matches({ disabling: "code" })) &&
        (event.field === "password" || event.field === "code" || snapshot.matches("enrolling")))),
  invariants: [
    { name: "on exactly when enrolled", holds: (s) => !s.matches("on") || s.context.enrolled },
    { name: "off exactly when not enrolled", holds: (s) => !s.matches("off") || !s.context.enrolled },
    {
      name: "nothing typed survives leaving the steps",
      holds: (s) => !(s.matches("on") || s.matches("off")) || filled(s.context.values) === "",
    },
    {
      name: "the rules' failure is said only at the phone step, while they are missing",
      holds: (s) =>
        s.context.problem !== "rulesUnavailable" ||
        (s.matches({ enrolling: "phone" }) && s.context.rules === null),
    },
    {
      name: "a code is only checked when it has 6 digits",
      holds: (s) =>
        !(s.matches({ enrolling: "verifying" }) || s.matches({ disabling: "verifying" })) ||
        /^[0-9]{6}$/.test(s.context.values.code),
    },
  ],
  states: {
    off: (snapshot) => {
      expect(snapshot.context.enrolled).toBe(false);
      expect(snapshot.context.phone).toBeNull();
    },
    on: (snapshot) => {
      expect(snapshot.context.enrolled).toBe(true);
      expect(snapshot.context.phone).toBe("•••• 0123");
    },
    enrolling: (snapshot) => expect(snapshot.context.enrolled).toBe(false),
    "enrolling.phone": (snapshot) => {
      expect([null, "countryRequired", "invalid", "passwordRequired", "rulesUnavailable"]).toContain(
        snapshot.context.problem,
      );
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    "enrolling.awaitingRules": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.rules).toBeNull();
    },
    "enrolling.sending": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.values.password).toBe("transit-demo-2026");
    },
    "enrolling.code": (snapshot) => expect(snapshot.can({ type: "setup.resend" })).toBe(true),
    "enrolling.verifying": (snapshot) => expect(snapshot.context.values.code).toBe("123456"),
    disabling: (snapshot) => expect(snapshot.context.enrolled).toBe(true),
    "disabling.password": (snapshot) =>
      expect([null, "passwordRequired"]).toContain(snapshot.context.problem),
    "disabling.sending": (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    "disabling.code": (snapshot) => expect(snapshot.can({ type: "setup.resend" })).toBe(true),
    "disabling.verifying": (snapshot) => expect(snapshot.context.values.code).toBe("123456"),
  },
  journeys: [
    { name: "an enrolled rider starts with it on", input: 1, events: [], expected: "on" },
    {
      name: "an incomplete code is refused at the code step",
      events: [...toEnrolCode, events["setup.submit"][0]],
      expected: { enrolling: "code" },
    },
    {
      name: "asking for a new enrolment code sends again",
      events: [...toEnrolCode, events["setup.resend"][0]],
      expected: { enrolling: "sending" },
    },
    {
      name: "turning it off starts with the password",
      input: 1,
      events: [events["setup.start"][0]],
      expected: { disabling: "password" },
    },
    {
      name: "no password, no code",
      input: 1,
      events: [events["setup.start"][0], events["setup.submit"][0]],
      expected: { disabling: "password" },
    },
    {
      name: "an incomplete code does not turn it off",
      input: 1,
      events: [...toDisableCode, events["setup.submit"][0]],
      expected: { disabling: "code" },
    },
    {
      name: "a wrong code to turn it off asks again",
      input: 1,
      events: [
        ...toDisableCode,
        events["setup.input"][3],
        events["setup.submit"][0],
        events["xstate.error.actor.confirmDisable"][0],
      ],
      expected: { disabling: "code" },
    },
    {
      name: "turning it on: phone and password, the texted code, on",
      events: [
        ...toEnrolCode,
        events["setup.input"][3],
        events["setup.submit"][0],
        events["xstate.done.actor.confirmEnrolment"][0],
      ],
      expected: "on",
    },
    {
      name: "a wrong code keeps the code step",
      events: [
        ...toEnrolCode,
        events["setup.input"][3],
        events["setup.submit"][0],
        events["xstate.error.actor.confirmEnrolment"][0],
      ],
      expected: { enrolling: "code" },
    },
    {
      name: "a wrong password goes back to the phone step",
      events: [...toEnrolSend, events["xstate.error.actor.sendEnrolCode"][0]],
      expected: { enrolling: "phone" },
    },
    {
      name: "a phone without its country code is refused before sending",
      events: [
        events["setup.start"][0],
        events["xstate.done.actor.loadPhoneRules"][0],
        events["setup.input"][1],
        events["setup.input"][2],
        events["setup.submit"][0],
      ],
      expected: { enrolling: "phone" },
    },
    {
      name: "turning it on opens the phone step at once, ready for typing while the rules download",
      events: [events["setup.start"][0]],
      expected: { enrolling: "phone" },
      ends: (snapshot) => {
        expect(snapshot.hasTag("busy")).toBe(false);
        expect(snapshot.context.problem).toBeNull();
      },
    },
    {
      name: "the rules arriving neither send nor judge what is typed before a submit",
      events: [...typedBeforeRules, events["xstate.done.actor.loadPhoneRules"][0]],
      expected: { enrolling: "phone" },
      ends: (snapshot) => expect(snapshot.context.problem).toBeNull(),
    },
    {
      name: "a phone sent before its rules arrived is checked when they do",
      events: [...typedBeforeRules, events["setup.submit"][0], events["xstate.done.actor.loadPhoneRules"][0]],
      expected: { enrolling: "sending" },
    },
    {
      name: "a phone refused once its rules arrive stays at the phone step",
      events: [
        events["setup.start"][0],
        events["setup.input"][1],
        events["setup.input"][2],
        events["setup.submit"][0],
        events["xstate.done.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "phone" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("countryRequired"),
    },
    {
      name: "rules that fail to download while a submit waits: back at the phone step, nothing typed lost",
      events: [
        ...typedBeforeRules,
        events["setup.submit"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "phone" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("rulesUnavailable");
        expect(snapshot.context.error).toBeNull();
        expect(snapshot.context.values).toEqual({
          countryCode: "+1",
          number: "2025550123",
          password: "transit-demo-2026",
          code: "",
        });
      },
    },
    {
      name: "submitting again after the rules failed downloads them again and waits for them",
      events: [
        ...typedBeforeRules,
        events["setup.submit"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
        events["setup.submit"][0],
      ],
      expected: { enrolling: "awaitingRules" },
      ends: (snapshot) => expect(snapshot.context.problem).toBeNull(),
    },
    {
      // The walk settles the download the submit started again: it fails when none runs.
      name: "the rules downloaded again check and send the phone",
      events: [
        ...typedBeforeRules,
        events["setup.submit"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
        events["setup.submit"][0],
        events["xstate.done.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "sending" },
    },
    {
      name: "rules that fail again are said again at the phone step",
      events: [
        events["setup.start"][0],
        events["setup.input"][1],
        events["setup.submit"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
        events["setup.submit"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "phone" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("rulesUnavailable");
        expect(snapshot.context.values.number).toBe("2025550123");
      },
    },
    {
      name: "rules that fail before any submit are said at once, and the submit downloads them again",
      events: [
        events["setup.start"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
        events["setup.input"][1],
        events["setup.input"][2],
        events["setup.submit"][0],
        events["xstate.done.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "phone" },
      ends: (snapshot) => {
        expect(snapshot.context.rules).not.toBeNull();
        expect(snapshot.context.problem).toBe("countryRequired");
      },
    },
    {
      name: "cancelling after the rules failed turns nothing on, and turning it on again downloads them afresh",
      events: [
        events["setup.start"][0],
        events["xstate.error.actor.loadPhoneRules"][0],
        events["setup.cancel"][0],
        events["setup.start"][0],
        events["xstate.done.actor.loadPhoneRules"][0],
      ],
      expected: { enrolling: "phone" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBeNull();
        expect(snapshot.context.rules).not.toBeNull();
      },
    },
    {
      name: "cancelling turns nothing on",
      events: [events["setup.start"][0], events["setup.input"][0], events["setup.cancel"][0]],
      expected: "off",
    },
    {
      name: "turning it off needs the password and a code",
      input: 1,
      events: [
        ...toDisableCode,
        events["setup.resend"][0],
        events["xstate.done.actor.sendDisableCode"][0],
        events["setup.input"][3],
        events["setup.submit"][0],
        events["xstate.done.actor.confirmDisable"][0],
      ],
      expected: "off",
    },
    {
      name: "a wrong code does not turn it off",
      input: 1,
      events: [
        ...toDisableCode,
        events["setup.input"][3],
        events["setup.submit"][0],
        events["xstate.error.actor.confirmDisable"][0],
        events["setup.cancel"][0],
      ],
      expected: "on",
    },
    {
      name: "a refused password keeps it on and asks again",
      input: 1,
      events: [
        events["setup.start"][0],
        events["setup.input"][2],
        events["setup.submit"][0],
        events["xstate.error.actor.sendDisableCode"][0],
      ],
      expected: { disabling: "password" },
    },
  ],
});
