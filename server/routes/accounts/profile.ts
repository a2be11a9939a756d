import { maskPhone } from "../../../src/domain/phone.ts";
import type { User } from "../../repositories/accounts.ts";

/** The rider record the portal keeps (cwp_user); the two-factor phone only by its last digits. */
export function profileOf(user: User) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    mobile: user.mobile,
    locale: user.locale,
    email_confirmed: user.emailConfirmed,
    mfa_enrollment_status: user.mfaEnrollmentStatus,
    mfa_phone: user.mfaPhone ? maskPhone(user.mfaPhone) : null,
  };
}
