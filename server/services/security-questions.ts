import {
  isSecurityQuestionId,
  normalizeSecurityAnswer,
  type ResetQuestions,
  type SecurityAnswer,
  type SecurityQuestionsState,
} from "../../src/domain/identity.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { type SecurityAnswerProblem, securityAnswerProblem } from "../../src/domain/security-questions.ts";
import type { Database } from "../db/client.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import { hashSecret, verifySecret } from "../domain/password.ts";
import type { User } from "../repositories/accounts.ts";
import { createSecurityAnswerRepository } from "../repositories/security-answers.ts";
import type { SignInThrottle } from "./sign-in-throttle.ts";
import { inTransaction } from "./transaction.ts";

export interface SecurityQuestionsOptions {
  db: Database;
  config: () => PortalConfig;
  /** The password checks' attempt budget (the sign-in throttle): a wrong password here counts there. */
  throttle: SignInThrottle;
  clock?: Clock;
}

/** A refused answer set: which entry (by index in the body) and why, or a rule of the set. */
export type AnswerSetProblem =
  | { kind: "count"; expected: number }
  | { kind: "unknownQuestion"; index: number }
  | { kind: "duplicateQuestion"; index: number }
  | { kind: "answer"; index: number; problem: SecurityAnswerProblem };

export type PasswordGuarded<T> =
  | { result: "off" }
  | { result: "locked" }
  | { result: "password" }
  | { result: "invalid"; problems: AnswerSetProblem[] }
  | T;

/** How a reset link's answers fared. */
export type ResetCheck = "notRequired" | "right" | "wrong" | "spent";

/**
 * Security questions (issue 14): a rider picks `count` distinct questions of the fixed list and
 * answers them; only a scrypt hash of each normalised answer is kept. A password reset then asks them.
 */
export function createSecurityQuestionsService(options: SecurityQuestionsOptions) {
  const { db, throttle } = options;
  const clock = options.clock ?? systemClock;
  const answers = createSecurityAnswerRepository(db);
  const enabled = () => options.config().securityQuestions.enabled;
  const count = () => options.config().securityQuestions.count;

  const stateOf = async (userId: string): Promise<SecurityQuestionsState> => {
    const rows = enabled() ? await answers.listFor(userId) : [];
    const latest = rows.reduce<Date | null>(
      (last, row) => (last && last > row.updatedAt ? last : row.updatedAt),
      null,
    );
    return {
      enabled: enabled(),
      count: count(),
      question_ids: rows.map((row) => row.questionId).filter(isSecurityQuestionId),
      updated_at: latest ? latest.toISOString() : null,
    };
  };

  /** The current password against the sign-in budget of the rider's email from this address. */
  const passwordCheck = async (
    user: User,
    password: string,
    address: string,
  ): Promise<"ok" | "locked" | "password"> => {
    if (!(await throttle.take(user.email, address, clock.now()))) return "locked";
    if (!(await verifySecret(password, user.passwordHash))) return "password";
    await throttle.succeeded(user.email, address);
    return "ok";
  };

  const problemsOf = (given: SecurityAnswer[]): AnswerSetProblem[] => {
    const problems: AnswerSetProblem[] = [];
    if (given.length !== count()) problems.push({ kind: "count", expected: count() });
    const seen = new Set<string>();
    given.forEach((entry, index) => {
      if (!isSecurityQuestionId(entry.question_id)) problems.push({ kind: "unknownQuestion", index });
      else if (seen.has(entry.question_id)) problems.push({ kind: "duplicateQuestion", index });
      seen.add(entry.question_id);
      const problem = securityAnswerProblem(entry.answer);
      if (problem) problems.push({ kind: "answer", index, problem });
    });
    return problems;
  };

  return {
    enabled,

    async state(user: User): Promise<{ result: "off" } | { result: "ok"; state: SecurityQuestionsState }> {
      if (!enabled()) return { result: "off" };
      return { result: "ok", state: await stateOf(user.id) };
    },

    /** Replaces the rider's questions and answers as a whole, after the current password. */
    async set(
      user: User,
      password: string,
      given: SecurityAnswer[],
      address: string,
    ): Promise<PasswordGuarded<{ result: "ok"; state: SecurityQuestionsState }>> {
      if (!enabled()) return { result: "off" };
      const problems = problemsOf(given);
      if (problems.length > 0) return { result: "invalid", problems };
      const checked = await passwordCheck(user, password, address);
      if (checked !== "ok") return { result: checked };
      const hashed = await Promise.all(
        given.map(async (entry) => ({
          questionId: entry.question_id,
          answerHash: await hashSecret(normalizeSecurityAnswer(entry.answer)),
        })),
      );
      await inTransaction(db, ({ tx }) => answers.with(tx).replace(user.id, hashed, clock.now()));
      return { result: "ok", state: await stateOf(user.id) };
    },

    /** Forgets the rider's questions, after the current password. */
    async clear(user: User, password: string, address: string): Promise<PasswordGuarded<{ result: "ok" }>> {
      if (!enabled()) return { result: "off" };
      const checked = await passwordCheck(user, password, address);
      if (checked !== "ok") return { result: checked };
      await answers.remove(user.id);
      return { result: "ok" };
    },

    /** The questions a reset link asks: none when off, unset, or the link does not work (alike). */
    async questionsForReset(token: string): Promise<ResetQuestions> {
      if (!enabled()) return { question_ids: [] };
      const holder = await answers.resetHolder(token, clock.now());
      if (!holder) return { question_ids: [] };
      const rows = await answers.listFor(holder);
      return { question_ids: rows.map((row) => row.questionId).filter(isSecurityQuestionId) };
    },

    /**
     * Checks a reset link's answers for the link's holder. Every chosen question must be answered
     * right; a try is taken from the link before the hashes are compared (one statement, so parallel
     * tries get at most five), given back when the answers are right, and the link whose fifth try fails
     * is spent. A link with no try left is refused by the reset too, also before its last try's request
     * has marked it used. Missing answers are wrong,
     * without a try. "notRequired" when off, when the holder set none, or when the link does not work
     * (the reset itself then refuses it).
     */
    async checkReset(token: string, given: SecurityAnswer[] | undefined): Promise<ResetCheck> {
      if (!enabled()) return "notRequired";
      const holder = await answers.resetHolder(token, clock.now());
      if (!holder) return "notRequired";
      const rows = await answers.listFor(holder);
      if (rows.length === 0) return "notRequired";
      const byQuestion = new Map<string, string>();
      for (const entry of given ?? []) {
        if (!byQuestion.has(entry.question_id)) byQuestion.set(entry.question_id, entry.answer);
      }
      if (rows.some((row) => !byQuestion.has(row.questionId))) return "wrong";
      const taken = await answers.takeResetTry(token, clock.now());
      if (!taken || taken.userId !== holder) return "spent";
      const verdicts = await Promise.all(
        rows.map((row) =>
          verifySecret(normalizeSecurityAnswer(byQuestion.get(row.questionId) ?? ""), row.answerHash),
        ),
      );
      if (verdicts.every(Boolean)) {
        await answers.returnResetTry(token);
        return "right";
      }
      await answers.spendIfExhausted(token, clock.now());
      return "wrong";
    },
  };
}

export type SecurityQuestionsService = ReturnType<typeof createSecurityQuestionsService>;
