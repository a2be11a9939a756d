import { describe, expect, it } from "vitest";
import type { SecurityQuestionsState } from "../domain/identity.ts";
import { createAccountChangesService } from "./account-changes.service.ts";
import type { HttpClient, RequestOptions } from "./http.ts";
import { createSecurityQuestionsService } from "./security-questions.service.ts";

function recordingHttp(reply: unknown) {
  const calls: Array<{ path: string; options: RequestOptions | undefined }> = [];
  const http: HttpClient = {
    async request<Data>(path: string, options?: RequestOptions) {
      calls.push({ path, options });
      return reply as Data | undefined;
    },
  };
  return { http, calls };
}

const state: SecurityQuestionsState = {
  enabled: true,
  count: 2,
  question_ids: ["first-pet", "first-job"],
  updated_at: "2026-11-23T12:00:00.000Z",
};

describe("security questions service", () => {
  it("reads the rider's questions", async () => {
    const { http, calls } = recordingHttp(state);
    expect(await createSecurityQuestionsService(http, () => "/accounts").state()).toEqual(state);
    expect(calls).toEqual([{ path: "/accounts/users/security_questions", options: undefined }]);
  });

  it("puts every answer with the password", async () => {
    const { http, calls } = recordingHttp(state);
    const answers = [
      { question_id: "first-pet" as const, answer: "Rex" },
      { question_id: "first-job" as const, answer: "paper round" },
    ];
    expect(await createSecurityQuestionsService(http, () => "/accounts").save("secret", answers)).toEqual(
      state,
    );
    expect(calls).toEqual([
      {
        path: "/accounts/users/security_questions",
        options: { method: "PUT", body: { password: "secret", answers } },
      },
    ]);
  });

  it("asks which questions a reset link asks, none when the reply has none", async () => {
    const { http, calls } = recordingHttp({ question_ids: ["first-school"] });
    const service = createSecurityQuestionsService(http, () => "/accounts");
    expect(await service.resetQuestions("t0ken")).toEqual(["first-school"]);
    expect(calls[0]?.path).toBe("/accounts/users/reset_password/t0ken/questions");
    const empty = recordingHttp(undefined);
    expect(await createSecurityQuestionsService(empty.http, () => "/accounts").resetQuestions("t")).toEqual(
      [],
    );
  });

  it("a reset sends its answer fields as security_answers, and none when it has none", async () => {
    const { http, calls } = recordingHttp(undefined);
    const accounts = createAccountChangesService(http, () => "/accounts");
    await accounts.resetPassword({
      token: "t0ken",
      password: "new pass",
      confirm_password: "new pass",
      "security_answer.first-pet": "Rex",
      "security_answer.not-a-question": "ignored",
    });
    await accounts.resetPassword({ token: "t0ken", password: "new pass" });
    expect(calls.map((call) => call.options?.body)).toEqual([
      {
        token: "t0ken",
        password: "new pass",
        security_answers: [{ question_id: "first-pet", answer: "Rex" }],
      },
      { token: "t0ken", password: "new pass" },
    ]);
  });
});
