import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SecurityQuestionId } from "../domain/identity.ts";

/** Each security question's text, by its id (the server knows only the ids). */
const questionTexts: Record<SecurityQuestionId, MessageDescriptor> = {
  "first-school": msg`What was the name of your first school?`,
  "childhood-street": msg`What street did you live on as a child?`,
  "first-pet": msg`What was the name of your first pet?`,
  "parents-meeting-city": msg`In which city did your parents meet?`,
  "first-concert": msg`What was the first concert you went to?`,
  "favourite-teacher": msg`What was the name of your favourite teacher?`,
  "first-job": msg`What was your first job?`,
  "childhood-friend": msg`What was the name of your childhood best friend?`,
};

export const securityQuestionText = (id: SecurityQuestionId): MessageDescriptor => questionTexts[id];
