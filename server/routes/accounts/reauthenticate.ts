import type { FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { verifySecret } from "../../domain/password.ts";
import { fail } from "../../http/envelope.ts";
import type { User } from "../../repositories/accounts.ts";

export const wrongPasswordMessage = "Your current password is not correct. Please try again.";

/**
 * Asks for the current password again before a sensitive change (email, mobile, password,
 * two-factor, deletion). True when it matches; otherwise the 403 (error 40303) is already sent.
 */
export async function reauthenticate(
  user: User,
  given: string | undefined,
  reply: FastifyReply,
  message = wrongPasswordMessage,
): Promise<boolean> {
  if (given && (await verifySecret(given, user.passwordHash))) return true;
  fail(reply, 403, [{ code: ErrorCode.reauthenticationRequired, message, field: "current_password" }]);
  return false;
}
