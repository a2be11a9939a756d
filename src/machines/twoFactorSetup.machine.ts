import { assign, fromPromise, not, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { PhoneProblem } from "../domain/phone.ts";
import { isStoredUser, MfaStatus, type StoredUser } from "../domain/session.ts";
import { unprovided } from "./unprovided.ts";

export interface TwoFactorSetupInput {
  user: StoredUser;
}

/**
 * The phone-number rules (src/domain/phone.ts: libphonenumber and its metadata), which only the phone
 * step needs: they download when the rider starts turning two-factor on, not with the settings page.
 */
export type PhoneRules = Pick<typeof import("../domain/phone.ts"), "phoneProblem" | "toE164">;

export type SetupField = "countryCode" | "number" | "password" | "code";

export interface TwoFactorSetupContext {
  enrolled: boolean;
  /** Where codes go now (masked by the server), when on. */
  phone: string | null;
  values: Record<SetupField, string>;
  /** The phone-number rules, once they have arrived. */
  rules: PhoneRules | null;
  /**
   * The problem shown at the step: a refused submit's, or `rulesUnavailable` when the phone-number
   * rules could not be downloaded (the next submit downloads them again).
   */
  problem: PhoneProblem | "passwordRequired" | "codeInvalid" | "rulesUnavailable" | null;
  /** Code of the last failed request. */
  error: number | null;
}

export type TwoFactorSetupEvent =
  | { type: "setup.start" }
  | { type: "setup.cancel" }
  | { type: "setup.input"; field: SetupField; value: string }
  | { type: "setup.submit" }
  | { type: "setup.resend" };

const empty = (): Record<SetupField, string> => ({ countryCode: "", number: "", password: "", code: "" });

/** Keeps at most `max` digits, however many spaces and brackets come between them (E.164 has 15). */
function capDigits(value: string, max: number): string {
  let digits = 0;
  let kept = "";
  for (const char of value) {
    if (/[0-9]/.test(char)) {
      if (digits === max) break;
      digits += 1;
    }
    kept += char;
  }
  return kept;
}

/** What each field keeps while typing (formatting is dropped before any cap, so a paste loses no digit): digits (and a leading plus for the country code). */
export function acceptSetupInput(field: SetupField, value: string): string {
  if (field === "countryCode") return value.replace(/[^0-9+]/g, "").slice(0, 5);
  if (field === "number") return capDigits(value.replace(/[^0-9 ()-]/g, "").replace(/\s+/g, " "), 15);
  if (field === "code") return value.replace(/[^0-9]/g, "").slice(0, 6);
  return value.slice(0, 128);
}

/** The code step, alike for turning on and off: a complete code is checked, and a new one can be sent. */
const codeStep = () => ({
  on: {
    "setup.submit": [
      { guard: "codeComplete" as const, target: "verifying", actions: "clearProblems" as const },
      { actions: "assignCodeProblem" as const },
    ],
    "setup.resend": { target: "sending", actions: ["clearProblems" as const, "clearCode" as const] },
  },
});

const errorParams = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * Turning two-factor on and off (spec section 4). On: the rider gives a phone with its country code
 * and their password; a 6-digit code is texted ("it can take about a minute"); the right code turns
 * it on. Off: the password, then a code texted to the enrolled phone; the right code turns it off.
 * A wrong code, a refused password or a failed text returns to the step that can fix it, keeping
 * what was typed; a new code can be asked for at the code step; cancelling leaves things as they were.
 * The phone rules download in the background from the start of enrolment, so a submit never waits for
 * a download it did not need. A load that fails is said at the phone step and started again by the
 * next submit, or a rider who submitted would wait for rules that never come (the live loader turns a
 * chunk that cannot be downloaded into the lost-connection popup instead: src/app/live/two-factor.ts).
 */
export const twoFactorSetupMachine = setup({
  types: {
    input: {} as TwoFactorSetupInput,
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
  },
  actors: {
    loadPhoneRules: fromPromise<PhoneRules>(unprovided("loadPhoneRules")),
    sendEnrolCode: fromPromise<void, { mobile: string; password: string }>(unprovided("sendEnrolCode")),
    confirmEnrolment: fromPromise<StoredUser, { code: string }>(unprovided("confirmEnrolment")),
    sendDisableCode: fromPromise<void, { password: string }>(unprovided("sendDisableCode")),
    confirmDisable: fromPromise<StoredUser, { code: string }>(unprovided("confirmDisable")),
  },
  actions: {
    publishUser: unprovided("publishUser"),
    notifyOn: unprovided("notifyOn"),
    notifyOff: unprovided("notifyOff"),
    assignInput: assign(({ context, event }) =>
      event.type === "setup.input"
        ? { values: { ...context.values, [event.field]: acceptSetupInput(event.field, event.value) } }
        : {},
    ),
    assignPhoneProblem: assign(({ context }) => ({
      problem:
        context.values.password === ""
          ? "passwordRequired"
          : (context.rules?.phoneProblem(context.values.countryCode, context.values.number) ?? null),
    })),
    assignRules: assign((_, rules: PhoneRules) => ({ rules })),
    assignRulesProblem: assign({ problem: "rulesUnavailable" as const }),
    assignPasswordProblem: assign({ problem: "passwordRequired" as const }),
    assignCodeProblem: assign({ problem: "codeInvalid" as const }),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearProblems: assign({ problem: null, error: null }),
    clearCode: assign(({ context }) => ({ values: { ...context.values, code: "" } })),
    reset: assign({ values: empty(), problem: null, error: null }),
    assignUser: assign((_, user: unknown) =>
      isStoredUser(user)
        ? { enrolled: user.mfa_enrollment_status === MfaStatus.enrolled, phone: user.mfa_phone ?? null }
        : {},
    ),
  },
  guards: {
    phoneReady: ({ context }) =>
      context.values.password !== "" &&
      context.rules?.phoneProblem(context.values.countryCode, context.values.number) === null,
    rulesLoaded: ({ context }) => context.rules !== null,
    rulesFailed: ({ context }) => context.problem === "rulesUnavailable",
    passwordGiven: ({ context }) => context.values.password !== "",
    codeComplete: ({ context }) => /^[0-9]{6}$/.test(context.values.code),
    enrolled: ({ context }) => context.enrolled,
  },
}).createMachine({
  id: "twoFactorSetup",
  context: ({ input }) => ({
    enrolled: input.user.mfa_enrollment_status === MfaStatus.enrolled,
    phone: input.user.mfa_phone ?? null,
    values: empty(),
    rules: null,
    problem: null,
    error: null,
  }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "enrolled", target: "on" }, { target: "off" }],
    },
    off: {
      on: { "setup.start": { target: "enrolling", actions: "reset" } },
    },
    enrolling: {
      initial: "phone",
      // The phone rules download while the rider types the number (once: later visits have them).
      // Only the phone step and the wait for the rules run without them, so a failure lands there.
      invoke: {
        id: "loadPhoneRules",
        src: "loadPhoneRules",
        // After a failure no download runs until a submit starts one again (clearing the failure),
        // so a stray report of the rules arriving changes nothing; likewise a failure reported once
        // they are here.
        onDone: {
          guard: not("rulesFailed"),
          actions: {
            type: "assignRules",
            params: ({ event }: { event: { output: PhoneRules } }) => event.output,
          },
        },
        onError: { guard: not("rulesLoaded"), target: ".phone", actions: "assignRulesProblem" },
      },
      on: {
        "setup.input": { actions: "assignInput" },
        "setup.cancel": { target: "off", actions: "reset" },
        // A submit at the phone step after the rules failed (the step passes it up): entering
        // enrolling again starts their download again, keeping what was typed.
        "setup.submit": {
          guard: "rulesFailed",
          target: ".awaitingRules",
          reenter: true,
          actions: "clearProblems",
        },
      },
      states: {
        phone: {
          on: {
            "setup.submit": [
              { guard: "phoneReady", target: "sending", actions: "clearProblems" },
              { guard: "rulesLoaded", actions: "assignPhoneProblem" },
              { guard: not("rulesFailed"), target: "awaitingRules", actions: "clearProblems" },
            ],
          },
        },
        // Submitted before the phone rules arrived: checked as soon as they do.
        awaitingRules: {
          tags: ["busy"],
          always: [
            { guard: "phoneReady", target: "sending" },
            { guard: "rulesLoaded", target: "phone", actions: "assignPhoneProblem" },
          ],
        },
        sending: {
          tags: ["busy"],
          invoke: {
            id: "sendEnrolCode",
            src: "sendEnrolCode",
            input: ({ context }) => ({
              mobile: context.rules?.toE164(context.values.countryCode, context.values.number) ?? "",
              password: context.values.password,
            }),
            onDone: "code",
            onError: { target: "phone", actions: { type: "assignError", params: errorParams } },
          },
        },
        code: codeStep(),
        verifying: {
          tags: ["busy"],
          invoke: {
            id: "confirmEnrolment",
            src: "confirmEnrolment",
            input: ({ context }) => ({ code: context.values.code }),
            onDone: {
              target: "#twoFactorSetup.on",
              actions: [
                { type: "assignUser", params: ({ event }: { event: { output: unknown } }) => event.output },
                "reset",
                "publishUser",
                "notifyOn",
              ],
            },
            onError: { target: "code", actions: { type: "assignError", params: errorParams } },
          },
        },
      },
    },
    on: {
      on: { "setup.start": { target: "disabling", actions: "reset" } },
    },
    disabling: {
      initial: "password",
      on: {
        "setup.input": { actions: "assignInput" },
        "setup.cancel": { target: "on", actions: "reset" },
      },
      states: {
        password: {
          on: {
            "setup.submit": [
              { guard: "passwordGiven", target: "sending", actions: "clearProblems" },
              { actions: "assignPasswordProblem" },
            ],
          },
        },
        sending: {
          tags: ["busy"],
          invoke: {
            id: "sendDisableCode",
            src: "sendDisableCode",
            input: ({ context }) => ({ password: context.values.password }),
            onDone: "code",
            onError: { target: "password", actions: { type: "assignError", params: errorParams } },
          },
        },
        code: codeStep(),
        verifying: {
          tags: ["busy"],
          invoke: {
            id: "confirmDisable",
            src: "confirmDisable",
            input: ({ context }) => ({ code: context.values.code }),
            onDone: {
              target: "#twoFactorSetup.off",
              actions: [
                { type: "assignUser", params: ({ event }: { event: { output: unknown } }) => event.output },
                "reset",
                "publishUser",
                "notifyOff",
              ],
            },
            onError: { target: "code", actions: { type: "assignError", params: errorParams } },
          },
        },
      },
    },
  },
});
