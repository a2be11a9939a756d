/**
 * Account shapes beyond the session: invites, deactivation and the Apple sign-in return, as the
 * accounts service and the portal's routes give them.
 */

/** Who an invite is for, as GET /accounts/invites/{token} tells it. */
export interface InviteDetails {
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
}

/** What GET /accounts/users/deactivation tells: the balance left behind and where it could go. */
export interface DeactivationInfo {
  /** Minor units. */
  balance: number;
  currency_code: string;
  payment_methods: Array<{ uuid: string; label: string }>;
}

/** The segments of /redirect/{state}/{id_token}/{email}/{first_name}/{last_name}. */
export interface AppleReturnInput {
  state: string;
  idToken: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** What POST /users/login takes for Apple (spec section 7). */
export interface AppleLoginPayload {
  access_token: string;
  login_type: "AppleId";
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** Apple's redirect writes the literal 'undefined' for what it did not send (spec section 4). */
export const given = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed !== "undefined" ? trimmed : null;
};

export function appleLoginPayload(input: AppleReturnInput): AppleLoginPayload {
  const email = given(input.email);
  const firstName = given(input.firstName);
  const lastName = given(input.lastName);
  return {
    access_token: input.idToken,
    login_type: "AppleId",
    ...(email ? { email } : {}),
    ...(firstName ? { first_name: firstName } : {}),
    ...(lastName ? { last_name: lastName } : {}),
  };
}

/**
 * Whether an emailed token (confirmation, reset, invite) has the shape the server accepts: base64url,
 * 20 to 200 characters. A truncated or garbled link is invalid at once, without asking the server
 * (which would refuse it as a validation error, 40001, not as an invalid token).
 */
export function isTokenShaped(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{20,200}$/.test(token);
}
