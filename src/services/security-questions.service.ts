import type {
  ResetQuestions,
  SecurityAnswer,
  SecurityQuestionId,
  SecurityQuestionsState,
} from "../domain/identity.ts";
import { type HttpClient, required } from "./http.ts";

/** Security questions (issue 14): the signed-in rider's, and the ones a reset link asks. */
export function createSecurityQuestionsService(http: HttpClient, accountsBase: () => string) {
  const url = (path: string) => `${accountsBase()}/users${path}`;
  return {
    async state(): Promise<SecurityQuestionsState> {
      return required(
        await http.request<SecurityQuestionsState>(url("/security_questions")),
        "GET /users/security_questions",
      );
    },
    async save(password: string, answers: SecurityAnswer[]): Promise<SecurityQuestionsState> {
      return required(
        await http.request<SecurityQuestionsState>(url("/security_questions"), {
          method: "PUT",
          body: { password, answers },
        }),
        "PUT /users/security_questions",
      );
    },
    /** The questions a reset link asks; none when the link tells nothing (or the request failed). */
    async resetQuestions(token: string): Promise<SecurityQuestionId[]> {
      const data = await http.request<ResetQuestions>(
        url(`/reset_password/${encodeURIComponent(token)}/questions`),
      );
      return data?.question_ids ?? [];
    },
  };
}
