/**
 * The signed-in rider as the portal keeps it (cwp_user), and what the accounts service answers to
 * credentials (POST /users/login) and to a verified two-factor code.
 */

import type { FormValues } from "./forms.ts";

export interface StoredUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_confirmed: boolean;
  mobile?: string | null;
  locale?: string;
  /** 0: two-factor off; 1: on (a texted code is needed at sign-in). */
  mfa_enrollment_status?: number;
  mfa_phone?: string | null;
}

/** A profile's language as PUT /users takes it: es and ES for the portal's "es". */
export interface ProfileLocale {
  language_code: string;
  country_code: string;
}

/** The profile as PUT /users takes it (spec section 7): mobile null when absent. */
export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  locale: ProfileLocale;
  /** Only to change the email or mobile number. */
  current_password?: string;
}

/** The PROFILE form starts (and a language change saves) from what the rider has now; mobile is optional. */
export function profileValues(user: StoredUser): FormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    mobile: user.mobile ?? "",
  };
}

/** mfa_enrollment_status values: off, on and waiting for a code, verified for this session. */
export const MfaStatus = { off: 0, enrolled: 1, verified: 2 } as const;

export interface SignInResult {
  access_token: string;
  mfa_enrollment_status: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export const isStoredUser = (value: unknown): value is StoredUser =>
  isRecord(value) &&
  typeof value.id === "string" &&
  typeof value.email === "string" &&
  typeof value.first_name === "string" &&
  typeof value.last_name === "string" &&
  typeof value.email_confirmed === "boolean";

export const isSignInResult = (value: unknown): value is SignInResult =>
  isRecord(value) &&
  typeof value.access_token === "string" &&
  value.access_token.length > 0 &&
  typeof value.mfa_enrollment_status === "number";

/**
 * Spec section 4: with two-factor enabled, a sign-in whose enrollment status is not 2 goes to the
 * verification step. Riders who never turned it on (0) have nothing to verify.
 */
export function needsTwoFactorCode(result: SignInResult, twoFactorEnabled: boolean): boolean {
  return (
    twoFactorEnabled &&
    result.mfa_enrollment_status !== MfaStatus.verified &&
    result.mfa_enrollment_status !== MfaStatus.off
  );
}

/** Account pages and purchases wait for a confirmed email when the deployment requires it. */
export function isActionBlocked(user: StoredUser | null, verificationRequired: boolean): boolean {
  return verificationRequired && user !== null && !user.email_confirmed;
}
