import { assign, fromPromise, not, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { IdentityProvider } from "../domain/identity.ts";
import {
  isSignInResult,
  MfaStatus,
  needsTwoFactorCode,
  type ProfileLocale,
  type SignInResult,
  type StoredUser,
} from "../domain/session.ts";
import { formMachine } from "./form.machine.ts";
import { unprovided } from "./unprovided.ts";

export interface SessionInput {
  /** The rider stored by an earlier visit; null for a guest. */
  user: StoredUser | null;
  /** An auth token was stored (signed in means an auth token is stored). */
  signedIn: boolean;
  /** The deployment asks enrolled riders for a texted code at sign-in. */
  twoFactorEnabled: boolean;
  /** The deployment requires every rider to turn two-factor on (the enrolment dialog after sign-in). */
  twoFactorRequired: boolean;
  language: string;
}

export interface SessionContext {
  user: StoredUser | null;
  /** A token was stored without its rider record: the profile is fetched before going on. */
  tokenWithoutUser: boolean;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
  language: string;
  /** The temporary token between accepted credentials and a loaded profile. */
  pendingToken: string | null;
  /** Code of the last failure the rider should hear about. */
  error: number | null;
  /** The language a signed-in rider's profile is being moved to (`authenticated.savingLanguage`). */
  profileLocale: ProfileLocale | null;
}

export type SessionEvent =
  | { type: "session.expired" }
  /** The rider closed the "Session expired" popup (the sign-in page keeps saying it). */
  | { type: "session.expiryAcknowledged" }
  | { type: "session.signOut"; cartEmpty: boolean }
  | { type: "session.signOutConfirmed" }
  | { type: "session.signOutCancelled" }
  | { type: "session.refresh" }
  | { type: "session.userUpdated"; user: StoredUser }
  | { type: "session.deleted" }
  /**
   * A sign-in accepted elsewhere (a provider's return), handed over to go on as after a password;
   * `provider` names it for analytics (sign_in's method).
   */
  | { type: "session.handOver"; result: SignInResult; provider?: IdentityProvider }
  /** The account was deactivated (here or on another device: requests answer 40104). */
  | { type: "session.deactivated" }
  | { type: "session.deactivationAcknowledged" }
  /** The rider chose another portal language: a signed-in rider's profile follows (spec section 4). */
  | { type: "session.language"; locale: ProfileLocale }
  | { type: "twoFactor.resend" }
  | { type: "twoFactor.cancel" };

/*
 * The rider's session (spec section 4). `anonymous` always holds a ready sign-in form, so the sign-in
 * page, the inline prompts and the checkout dialog share one; `expired` is the same with "your session
 * ended" shown, first as the spec's "Session expired" popup (`expired.told`) until the rider closes it. Accepted credentials give a temporary token: an enrolled rider in a two-factor
 * deployment first types the texted code (`twoFactor`; cancelling drops the temporary token), then the
 * profile is loaded and only then is the session stored (`authenticated`). Signing out with items in
 * the cart first asks, because the cart is cleared with the session; a deleted account ends it the same
 * way. An expired session (401 or error 50020) is cleared and the rider goes to /login from any state.
 * A token stored without its rider record (`restoring`) fetches the profile before anything else.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as {
      signInForm: "signInForm";
      codeForm: "codeForm";
      loadProfile: "loadProfile";
      resendCode: "resendCode";
      logout: "logout";
      saveLanguage: "saveLanguage";
    },
  },
  actors: {
    signInForm: formMachine,
    codeForm: formMachine,
    loadProfile: fromPromise<StoredUser>(unprovided("loadProfile")),
    resendCode: fromPromise<void>(unprovided("resendCode")),
    logout: fromPromise<void>(unprovided("logout")),
    /** PUT /users with the rider's profile in the new language; answers the updated rider. */
    saveLanguage: fromPromise<StoredUser, { user: StoredUser; locale: ProfileLocale }>(
      unprovided("saveLanguage"),
    ),
  },
  actions: {
    /** Keeps the temporary token where requests find it (tempAuthToken). */
    storeTempToken: unprovided("storeTempToken"),
    /** Stores auth token and user: from here on the rider is signed in. */
    storeSession: unprovided("storeSession"),
    storeUser: unprovided("storeUser"),
    /** Clears token, user, fare media id, temp token and parentOrgId; the cart stays. */
    clearSession: unprovided("clearSession"),
    /** Empties the cart (and parentOrgId with it). */
    clearCart: unprovided("clearCart"),
    goToLogin: unprovided("goToLogin"),
    /** Where the rider was going before sign-in, or the logged-in default route. */
    goToSignedInRoute: unprovided("goToSignedInRoute"),
    notifyCodeSent: unprovided("notifyCodeSent"),
    notifyDeleted: unprovided("notifyDeleted"),
    assignPending: assign((_, result: SignInResult) => ({ pendingToken: result.access_token, error: null })),
    assignUser: assign((_, user: StoredUser) => ({
      user,
      pendingToken: null,
      error: null,
      tokenWithoutUser: false,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    forget: assign({
      user: null,
      pendingToken: null,
      error: null,
      tokenWithoutUser: false,
      profileLocale: null,
    }),
    assignProfileLocale: assign((_, profileLocale: ProfileLocale | null) => ({ profileLocale })),
    clearError: assign({ error: null }),
  },
  guards: {
    storedSession: ({ context }) => context.user !== null,
    tokenWithoutUser: ({ context }) => context.tokenWithoutUser,
    needsCode: ({ context }, result: SignInResult) => needsTwoFactorCode(result, context.twoFactorEnabled),
    cartEmpty: (_, cartEmpty: boolean) => cartEmpty,
    enrolmentRequired: ({ context }) => mustEnrol(context),
    /** The profile's language is not the one chosen: it is saved (nothing is sent when it already is). */
    profileLanguageDiffers: ({ context }, locale: ProfileLocale) =>
      context.user !== null && context.user.locale !== locale.language_code,
    languageChosen: ({ context }) => context.profileLocale !== null,
    /** A language chosen while the profile loaded (or two-factor was enrolled) differs from the profile's. */
    languageWaiting: ({ context }) =>
      context.profileLocale !== null &&
      context.user !== null &&
      context.user.locale !== context.profileLocale.language_code,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    user: input.signedIn ? input.user : null,
    tokenWithoutUser: input.signedIn && input.user === null,
    twoFactorEnabled: input.twoFactorEnabled,
    twoFactorRequired: input.twoFactorEnabled && input.twoFactorRequired,
    language: input.language,
    pendingToken: null,
    error: null,
    profileLocale: null,
  }),
  initial: "checking",
  on: {
    "session.expired": {
      target: ".anonymous.expired",
      actions: ["clearSession", "forget", "goToLogin"],
    },
  },
  states: {
    checking: {
      always: [
        // Still signed in, while the server is asked whether the stored session is (an ended one
        // answers 50020, which expires it).
        { guard: "storedSession", target: "authenticated.refreshing" },
        { guard: "tokenWithoutUser", target: "restoring" },
        { target: "anonymous" },
      ],
    },
    restoring: {
      tags: ["busy"],
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: {
          target: "authenticated",
          actions: [{ type: "assignUser", params: ({ event }) => event.output }, "storeUser"],
        },
        onError: {
          target: "anonymous",
          actions: [
            "clearSession",
            "forget",
            { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
    anonymous: {
      initial: "fresh",
      invoke: {
        id: "signInForm",
        src: "signInForm",
        input: ({ context }) => ({ method: "SIGN_IN", language: context.language }),
        onDone: [
          {
            guard: {
              type: "needsCode",
              params: ({ event }: { event: { output: unknown } }) => signInResultOf(event.output),
            },
            target: "twoFactor",
            actions: { type: "assignPending", params: ({ event }) => signInResultOf(event.output) },
          },
          {
            target: "loadingProfile",
            actions: { type: "assignPending", params: ({ event }) => signInResultOf(event.output) },
          },
        ],
      },
      on: {
        // Stays in `anonymous`, so the sign-in form and what was typed in it survive.
        "session.expired": { target: ".expired", actions: ["clearSession", "forget", "goToLogin"] },
        "session.handOver": [
          {
            guard: { type: "needsCode", params: ({ event }) => event.result },
            target: "twoFactor",
            actions: { type: "assignPending", params: ({ event }) => event.result },
          },
          {
            target: "loadingProfile",
            actions: { type: "assignPending", params: ({ event }) => event.result },
          },
        ],
      },
      states: {
        fresh: {},
        // The spec's session-expired popup (`told`), then the sign-in page that still says so.
        expired: {
          initial: "told",
          states: {
            told: {
              tags: ["expiryNotice"],
              on: { "session.expiryAcknowledged": "acknowledged" },
            },
            acknowledged: {},
          },
        },
      },
    },
    twoFactor: {
      entry: "storeTempToken",
      initial: "waiting",
      invoke: {
        id: "codeForm",
        src: "codeForm",
        input: ({ context }) => ({ method: "MFA_CODE", language: context.language }),
        onDone: {
          target: "loadingProfile",
          actions: { type: "assignPending", params: ({ event }) => signInResultOf(event.output) },
        },
      },
      on: {
        "twoFactor.cancel": { target: "anonymous", actions: ["clearSession", "forget"] },
      },
      states: {
        waiting: {
          on: { "twoFactor.resend": "resending" },
        },
        resending: {
          tags: ["busy"],
          invoke: {
            id: "resendCode",
            src: "resendCode",
            onDone: { target: "waiting", actions: ["clearError", "notifyCodeSent"] },
            onError: {
              target: "waiting",
              actions: {
                type: "assignError",
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
      },
    },
    loadingProfile: {
      tags: ["busy"],
      entry: "storeTempToken",
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: {
          target: "authenticated",
          actions: [
            { type: "assignUser", params: ({ event }) => event.output },
            "storeSession",
            "goToSignedInRoute",
          ],
        },
        onError: {
          target: "anonymous",
          actions: [
            "clearSession",
            "forget",
            { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
    authenticated: {
      tags: ["signedIn"],
      initial: "idle",
      on: {
        "session.signOut": [
          {
            guard: { type: "cartEmpty", params: ({ event }) => event.cartEmpty },
            target: "signingOut",
          },
          { target: "confirmingSignOut" },
        ],
        "session.userUpdated": {
          actions: [{ type: "assignUser", params: ({ event }) => event.user }, "storeUser"],
        },
        // The account is gone on the server: nothing of it stays here either.
        "session.deleted": {
          target: "anonymous",
          actions: ["clearSession", "clearCart", "forget", "goToLogin", "notifyDeleted"],
        },
        "session.deactivated": "deactivatedNotice",
      },
      // A language chosen while the profile loads or two-factor is being enrolled waits for idle;
      // signed out, it is forgotten.
      exit: { type: "assignProfileLocale", params: null },
      states: {
        idle: {
          always: [
            { guard: "enrolmentRequired", target: "enrolling" },
            { guard: "languageWaiting", target: "savingLanguage" },
            // The waiting language is the profile's already: nothing to save.
            { guard: "languageChosen", actions: { type: "assignProfileLocale", params: null } },
          ],
          on: {
            "session.refresh": "refreshing",
            "session.language": {
              guard: { type: "profileLanguageDiffers", params: ({ event }) => event.locale },
              target: "savingLanguage",
              actions: { type: "assignProfileLocale", params: ({ event }) => event.locale },
            },
          },
        },
        // The deployment requires two-factor: the enrolment dialog stays until it is on (or sign-out).
        enrolling: {
          tags: ["enrolmentRequired"],
          always: { guard: not("enrolmentRequired"), target: "idle" },
          on: {
            "session.refresh": "refreshing",
            "session.language": {
              actions: { type: "assignProfileLocale", params: ({ event }) => event.locale },
            },
          },
        },
        refreshing: {
          on: {
            "session.language": {
              actions: { type: "assignProfileLocale", params: ({ event }) => event.locale },
            },
          },
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            onDone: {
              target: "idle",
              actions: [{ type: "assignUser", params: ({ event }) => event.output }, "storeUser"],
            },
            onError: "idle",
          },
        },
        // The profile follows the portal's language; a failure leaves it as it was (an ended session
        // is said by the request itself: session.expired).
        savingLanguage: {
          // However it ends (saved, failed, a sign-out), the language on its way is forgotten.
          exit: { type: "assignProfileLocale", params: null },
          // Another language while one is saved: that one is saved instead.
          on: {
            "session.language": {
              target: "savingLanguage",
              reenter: true,
              actions: { type: "assignProfileLocale", params: ({ event }) => event.locale },
            },
          },
          invoke: {
            id: "saveLanguage",
            src: "saveLanguage",
            input: ({ context }) => languageSave(context),
            onDone: {
              target: "idle",
              actions: [{ type: "assignUser", params: ({ event }) => event.output }, "storeUser"],
            },
            onError: "idle",
          },
        },
      },
    },
    // "Your account has been deactivated": the session ends once the rider has read it.
    deactivatedNotice: {
      tags: ["signedIn"],
      on: {
        "session.deactivationAcknowledged": {
          target: "anonymous",
          actions: ["clearSession", "clearCart", "forget", "goToLogin"],
        },
      },
    },
    confirmingSignOut: {
      tags: ["signedIn"],
      on: {
        "session.signOutConfirmed": "signingOut",
        "session.signOutCancelled": "authenticated",
      },
    },
    signingOut: {
      tags: ["busy", "signedIn"],
      invoke: {
        id: "logout",
        src: "logout",
        // The session ends on this device whatever the server answers.
        onDone: { target: "anonymous", actions: ["clearSession", "clearCart", "forget", "goToLogin"] },
        onError: { target: "anonymous", actions: ["clearSession", "clearCart", "forget", "goToLogin"] },
      },
    },
  },
});

/**
 * The deployment requires two-factor and this rider has not turned it on. Riders whose email is not
 * confirmed yet are left alone: the server lets them enrol only once it is (Action Blocked).
 */
function mustEnrol(context: SessionContext): boolean {
  const user = context.user;
  if (!context.twoFactorRequired || !user?.email_confirmed) return false;
  return (user.mfa_enrollment_status ?? MfaStatus.off) === MfaStatus.off;
}

/** What saving the profile's language needs: the rider and the language (set on the way in). */
function languageSave(context: SessionContext): { user: StoredUser; locale: ProfileLocale } {
  if (!context.user || !context.profileLocale) throw new Error("a profile language is saved for a rider");
  return { user: context.user, locale: context.profileLocale };
}

function signInResultOf(output: unknown): SignInResult {
  if (!isSignInResult(output)) throw new Error("the sign-in form finished without an access token");
  return output;
}

/** Signed in: a stored session, including while it is being signed out. */
export const selectSignedIn = (snapshot: { hasTag(tag: "signedIn"): boolean }) => snapshot.hasTag("signedIn");
export const selectUser = (snapshot: { context: SessionContext }) => snapshot.context.user;
/** A stored token is being matched to its rider: no route guard can decide yet. */
export const selectRestoring = (snapshot: { matches(state: "restoring"): boolean }) =>
  snapshot.matches("restoring");
/** The deployment requires two-factor and the rider must turn it on before going on. */
export const selectMustEnrol = (snapshot: { hasTag(tag: "enrolmentRequired"): boolean }) =>
  snapshot.hasTag("enrolmentRequired");
export const selectDeactivated = (snapshot: { matches(state: "deactivatedNotice"): boolean }) =>
  snapshot.matches("deactivatedNotice");
export const selectConfirmingSignOut = (snapshot: { matches(state: "confirmingSignOut"): boolean }) =>
  snapshot.matches("confirmingSignOut");
/** The "Session expired" popup is open (on the sign-in page an ended session lands on). */
export const selectExpiryNotice = (snapshot: { hasTag(tag: "expiryNotice"): boolean }) =>
  snapshot.hasTag("expiryNotice");
/**
 * A session dialog is open: the sign-out question, the deactivation notice, the required enrolment or
 * the session-expired popup.
 */
export const selectSessionAsks = (snapshot: {
  matches(state: "confirmingSignOut" | "deactivatedNotice"): boolean;
  hasTag(tag: "enrolmentRequired" | "expiryNotice"): boolean;
}) =>
  selectConfirmingSignOut(snapshot) ||
  selectDeactivated(snapshot) ||
  selectMustEnrol(snapshot) ||
  selectExpiryNotice(snapshot);
