import { normalizeSecurityAnswer, securityAnswerLimits } from "./identity.ts";

/** What is wrong with an answer, judged alike by the portal (before sending) and the server. */
export type SecurityAnswerProblem = "tooShort" | "tooLong" | "invalidCharacters";

/** Control characters (NUL, tabs, line breaks...) are refused: an answer is one line of text. */
const controlCharacter = /\p{Cc}/u;

/** Characters of the compared form (code points, so an emoji counts once). */
const securityAnswerLength = (answer: string): number => [...normalizeSecurityAnswer(answer)].length;

export function securityAnswerProblem(answer: string): SecurityAnswerProblem | null {
  if (controlCharacter.test(answer)) return "invalidCharacters";
  const length = securityAnswerLength(answer);
  if (length < securityAnswerLimits.min) return "tooShort";
  if (length > securityAnswerLimits.max) return "tooLong";
  return null;
}

/** The server's words for each problem (the portal words them itself, translated). */
export const securityAnswerMessages: Record<SecurityAnswerProblem, string> = {
  tooShort: `An answer needs at least ${securityAnswerLimits.min} characters.`,
  tooLong: `An answer can have at most ${securityAnswerLimits.max} characters.`,
  invalidCharacters: "An answer cannot contain control characters.",
};

export const securityAnswersWrongMessage = "The answers to your security questions do not match.";

/** The reset form's field of a security question: `security_answer.<question id>`. */
export const securityAnswerPrefix = "security_answer.";
