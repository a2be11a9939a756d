import { readFileSync } from "node:fs";
import { join } from "node:path";

/** NIST SP 800-63B: length limits and a deny-list, no composition rules. */
export const passwordLength = { min: 8, max: 128 } as const;

const denied = new Set(
  readFileSync(join(import.meta.dirname, "common-passwords.txt"), "utf8")
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0 && !line.startsWith("#")),
);

export type PasswordProblem = "tooShort" | "tooLong" | "common";

export function passwordProblem(password: string, context: { email?: string } = {}): PasswordProblem | null {
  const length = [...password].length;
  if (length < passwordLength.min) return "tooShort";
  if (length > passwordLength.max) return "tooLong";
  const lowered = password.toLowerCase();
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (denied.has(lowered) || (local && local.length >= 4 && lowered.includes(local))) return "common";
  if (/^(.)\1+$/.test(password)) return "common";
  return null;
}

export const passwordMessages: Record<PasswordProblem, string> = {
  tooShort: `Please enter minimum of ${passwordLength.min} characters`,
  tooLong: `Password must not exceed ${passwordLength.max} characters`,
  common: "This password is too common. Please choose another.",
};
