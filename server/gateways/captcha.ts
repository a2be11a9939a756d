import { createHash } from "node:crypto";
import { type Clock, systemClock } from "../domain/clock.ts";

/**
 * Tells people from scripts on sign-up. The sandbox verifier (the default, like Google's test keys)
 * passes every token but `sandboxFailingToken`, so tests can take both paths; with RECAPTCHA_SECRET
 * set, tokens go to Google's siteverify.
 */
export interface CaptchaVerifier {
  readonly provider: "sandbox" | "recaptcha";
  verify(token: string, remoteIp: string): Promise<boolean>;
}

const sandboxFailingToken = "sandbox-fail";

export const sandboxCaptchaVerifier: CaptchaVerifier = {
  provider: "sandbox",
  async verify(token) {
    return token.length > 0 && token !== sandboxFailingToken;
  },
};

/** reCAPTCHA (v2 or v3): v3 answers carry a score; below `minScore` counts as a script. */
export function createRecaptchaVerifier(
  secret: string,
  {
    fetch = globalThis.fetch,
    endpoint = "https://www.google.com/recaptcha/api/siteverify",
    minScore = 0.5,
  } = {},
): CaptchaVerifier {
  return {
    provider: "recaptcha",
    async verify(token, remoteIp) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as { success?: unknown; score?: unknown };
      if (answer.success !== true) return false;
      return typeof answer.score !== "number" || answer.score >= minScore;
    },
  };
}

/**
 * Captcha tokens are single use at the provider, yet the portal checks one (POST
 * /api/verify_google_captcha) before it sends it along with the sign-up. A token that passed is
 * remembered (hashed) for a couple of minutes and accepted once more, by the sign-up.
 */
export function createCaptchaGate(
  verifier: CaptchaVerifier,
  ttlMs = 2 * 60 * 1000,
  clock: Clock = systemClock,
) {
  const passed = new Map<string, number>();
  const key = (token: string) => createHash("sha256").update(token).digest("hex");
  const sweep = (now: number) => {
    for (const [hash, expires] of passed) if (expires <= now) passed.delete(hash);
  };
  return {
    provider: verifier.provider,
    /** The portal's check: verifies at the provider and remembers the pass for the sign-up. */
    async check(token: string, remoteIp: string, now = clock.now().getTime()): Promise<boolean> {
      sweep(now);
      if (!(await verifier.verify(token, remoteIp))) return false;
      passed.set(key(token), now + ttlMs);
      return true;
    },
    /** The sign-up's check: a remembered pass is used up; an unknown token goes to the provider. */
    async redeem(token: string, remoteIp: string, now = clock.now().getTime()): Promise<boolean> {
      sweep(now);
      const hash = key(token);
      if (passed.has(hash)) {
        passed.delete(hash);
        return true;
      }
      return verifier.verify(token, remoteIp);
    },
  };
}

export type CaptchaGate = ReturnType<typeof createCaptchaGate>;
