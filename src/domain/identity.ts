import type { AppleLoginPayload } from "./accounts.ts";
/**
 * Sign-in identities other than the password (Apple, Google, Facebook), connected accounts and
 * security questions: the wire shapes the accounts service and the portal share (issue 14).
 */

/** The identity providers a rider may sign in with and connect. */
export const identityProviders = ["apple", "google", "facebook"] as const;
export type IdentityProvider = (typeof identityProviders)[number];

export const isIdentityProvider = (value: string): value is IdentityProvider =>
  (identityProviders as readonly string[]).includes(value);

/**
 * The portal's return routes for Google and Facebook (the OAuth redirect_uri, under the portal's
 * public origin). The provider sends `?code=...&state=...`, or `?error=...&state=...` when the rider
 * cancelled; the portal checks the state it stored before leaving, then calls the server.
 */
export const socialReturnPath = {
  google: "/oauth/google/return",
  facebook: "/oauth/facebook/return",
} as const;

/**
 * Where the portal sends the browser to start: the server answers with a 302 to the provider's
 * authorize page (the real one, or the sandbox provider's in the demo and the tests).
 * - GET /accounts/oauth/google?state=<16..128 base64url>&nonce=<16..128 base64url>
 * - GET /accounts/oauth/facebook?state=<16..128 base64url>
 * - GET /accounts/oauth/apple?state=... (unchanged; Apple posts back to /accounts/oauth/apple/callback)
 */
export const socialStartPath = {
  apple: "/accounts/oauth/apple",
  google: "/accounts/oauth/google",
  facebook: "/accounts/oauth/facebook",
} as const;

/**
 * What the portal keeps in sessionStorage between leaving for a provider and coming back, under
 * `socialStateKey`: the random state (and, for Google, the nonce), what the trip was for, and where
 * to go afterwards.
 */
export const socialStateKey = "transit-portal:social-state";
export interface SocialTrip {
  provider: IdentityProvider;
  state: string;
  /** Google only: the OpenID Connect nonce sent to the authorize page. */
  nonce?: string;
  /** Sign in (or sign up) with the provider, or connect it to the signed-in rider. */
  intent: "signIn" | "link";
  /** Milliseconds since the epoch; a trip older than 10 minutes is refused as a state mismatch. */
  startedAt: number;
}

/**
 * The credential a provider's return yields, as POST /users/login takes it (with `login_type`) and as
 * POST /accounts/users/connected_accounts takes it (with `provider`).
 * - Google: the authorization code and the nonce; the server exchanges the code at Google's token
 *   endpoint (with its client secret) and verifies the id_token with jose against Google's key set:
 *   issuer, audience (the client id), expiry, and the nonce.
 * - Facebook: the authorization code; the server exchanges it for an access token and checks that
 *   token with Facebook (debug_token: issued to this app, valid), then reads id, email and names.
 * - Apple: the id_token from the /redirect route (unchanged).
 */
export type SocialCredential =
  | { provider: "google"; code: string; nonce: string }
  | { provider: "facebook"; code: string }
  | { provider: "apple"; id_token: string; first_name?: string; last_name?: string };

/** POST /users/login bodies for Google and Facebook (Apple keeps `AppleLoginPayload`). */
export type GoogleLoginPayload = { login_type: "Google"; code: string; nonce: string };
export type FacebookLoginPayload = { login_type: "Facebook"; code: string };

/**
 * GET /accounts/users/connected_accounts (signed in) →
 * `{ accounts: ConnectedAccount[], password_set: boolean, providers: IdentityProvider[] }`:
 * the rider's linked identities, whether the rider has a password they chose (an account opened by a
 * provider has none until a password reset), and which providers this deployment offers.
 *
 * POST /accounts/users/connected_accounts, body `SocialCredential` → 201 `ConnectedAccount`.
 *   Refusals: 42224 "Invalid credentials" (the credential does not verify, or the provider is not
 *   offered); 42226 the identity is connected to another rider; 42227 a different identity of this
 *   provider is already connected (unlink it first).
 * DELETE /accounts/users/connected_accounts/{provider} → 204.
 *   Refusals: 42225 it is the last way to sign in (no password set and no other identity); 404 when
 *   that provider is not connected.
 */
export interface ConnectedAccount {
  provider: IdentityProvider;
  /** The address the provider gave, when it gave one. */
  email: string | null;
  /** ISO 8601. */
  linked_at: string;
}

export interface ConnectedAccounts {
  accounts: ConnectedAccount[];
  password_set: boolean;
  providers: IdentityProvider[];
}

/**
 * Security questions. The questions are a fixed list; their texts live in the portal's catalogs (by
 * id), so every language reads them. The deployment's `securityQuestions.enabled` turns them on and
 * `securityQuestions.count` says how many a rider chooses (distinct).
 */
export const securityQuestionIds = [
  "first-school",
  "childhood-street",
  "first-pet",
  "parents-meeting-city",
  "first-concert",
  "favourite-teacher",
  "first-job",
  "childhood-friend",
] as const;
export type SecurityQuestionId = (typeof securityQuestionIds)[number];

export const isSecurityQuestionId = (value: string): value is SecurityQuestionId =>
  (securityQuestionIds as readonly string[]).includes(value);

/** An answer is 2 to 100 characters after trimming; compared without case and with spaces collapsed. */
export const securityAnswerLimits = { min: 2, max: 100 } as const;

/**
 * How an answer is compared: Unicode NFKC, lower case, every run of white space made one space, and
 * trimmed. The server hashes this form; the portal uses it only to check the length.
 */
export const normalizeSecurityAnswer = (answer: string): string =>
  answer.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/gu, " ").trim();

export interface SecurityAnswer {
  question_id: SecurityQuestionId;
  answer: string;
}

/**
 * GET /accounts/users/security_questions (signed in) → `SecurityQuestionsState`.
 * PUT /accounts/users/security_questions, body `{ password, answers: SecurityAnswer[] }` → 200
 *   `SecurityQuestionsState`. Exactly `count` distinct known questions; the current password is
 *   required (40102 "Invalid password" otherwise, as for an email change); 40001 with field errors for
 *   a bad answer; 40401 when the deployment has them off.
 * DELETE /accounts/users/security_questions, body `{ password }` → 204 (only when not required).
 */
export interface SecurityQuestionsState {
  enabled: boolean;
  /** How many questions a rider chooses. */
  count: number;
  /** The rider's chosen questions, in order; empty when none set. Answers never leave the server. */
  question_ids: SecurityQuestionId[];
  /** ISO 8601, when the answers were last set. */
  updated_at: string | null;
}

/**
 * Password reset with security questions: GET /accounts/users/reset_password/{token}/questions →
 * `{ question_ids: SecurityQuestionId[] }` (empty when questions are off or the rider set none, or the
 * token is not valid: the same reply, so it tells nothing). POST /users/reset_password then takes
 * `security_answers: SecurityAnswer[]` beside token and password; wrong answers are refused with 42228
 * and counted: after 5 wrong tries the reset link stops working (40003, as an invalid token).
 */
export interface ResetQuestions {
  question_ids: SecurityQuestionId[];
}

/** What POST /users/login takes for a provider's credential. */
export type SocialLoginPayload = AppleLoginPayload | GoogleLoginPayload | FacebookLoginPayload;

/**
 * The stored trip as the return reads it: whether the URL's state is the one sent (compared by
 * digest), and the time it was read (for the trip's 10-minute limit).
 */
export interface TakenTrip {
  trip: SocialTrip | null;
  stateMatches: boolean;
  now: number;
}
