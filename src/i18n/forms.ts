import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ErrorCode } from "../domain/envelope.ts";
import type { FieldProblem } from "../domain/forms.ts";

/** The spec's texts for field problems (section 5), with the field's label. */
export function problemMessage(i18n: I18n, problem: FieldProblem, label: string): string {
  switch (problem.kind) {
    case "required":
      return i18n._(msg`${label} can not be empty.`);
    case "minLength":
      return i18n._(msg`Please enter minimum of ${problem.min} characters`);
    case "maxLength":
      return i18n._(msg`${label} must not exceed ${problem.max} characters`);
    case "email":
      return i18n._(msg`Invalid Email Address`);
    case "pattern":
      return i18n._(msg`Please enter a valid ${label}`);
    case "match":
      return i18n._(msg`${label} is not valid.`);
  }
}

/**
 * What a rider reads for an error code from the server (spec section 8). A code the catalogue has no
 * text for reads as `otherwise` when the form names its own failure (the profile's), else as the
 * generic error.
 */
export function apiErrorMessage(i18n: I18n, code: number, otherwise?: string): string {
  switch (code) {
    case ErrorCode.loginMismatch:
      return i18n._(
        msg`The email and password you entered do not match our information. Check again and retry.`,
      );
    case ErrorCode.unauthorized:
      return i18n._(msg`You are unauthorized to perform this request. Please sign in and try again.`);
    case ErrorCode.emailNotVerified:
      return i18n._(msg`Unable to complete your request. Please verify your email and try again.`);
    case ErrorCode.captchaFailed:
      return i18n._(msg`We could not verify that you are not a robot. Please try again.`);
    case ErrorCode.inviteInvalid:
      return i18n._(msg`Invalid user information`);
    case ErrorCode.appleSignInFailed:
      return i18n._(msg`Failed to login by Apple sign in.`);
    case ErrorCode.accountDeactivated:
      return i18n._(msg`This account has been deactivated.`);
    case ErrorCode.deactivationRefused:
      return i18n._(msg`Account could not be deactivated at this time. Please try again later.`);
    case ErrorCode.transferFailed:
      return i18n._(msg`Failed to transfer the balance. Please try again later.`);
    case ErrorCode.tokenInvalid:
      return i18n._(msg`This token is invalid`);
    case ErrorCode.securityAnswersWrong:
      return i18n._(msg`The answers to your security questions do not match.`);
    case ErrorCode.codeInvalid:
      return i18n._(msg`Invalid verification code. Please try again with valid code.`);
    case ErrorCode.reauthenticationRequired:
      return i18n._(msg`Your current password is not correct. Please try again.`);
    case ErrorCode.conflict:
      return i18n._(msg`This email cannot be used. Please choose another one.`);
    case ErrorCode.rateLimited:
      return i18n._(msg`Too many attempts. Please wait a few minutes and try again.`);
    case ErrorCode.passwordRejected:
      return i18n._(msg`Please choose a longer or less common password.`);
    case ErrorCode.busy:
      return i18n._(msg`The portal is very busy right now. Please try again in a minute.`);
    case ErrorCode.unavailable:
      return i18n._(
        msg`You are not connected to the internet. Please connect to the internet and try again.`,
      );
    default:
      return otherwise ?? i18n._(msg`Something went wrong, please try again!`);
  }
}
