/** JSON-schema pieces the account routes share (Fastify validates every body with them). */

export const emailSchema = {
  type: "string",
  minLength: 3,
  maxLength: 254,
  pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$",
} as const;

/** A password as typed: the policy (length, deny-list) is checked after, with its own messages. */
export const passwordSchema = { type: "string", minLength: 1, maxLength: 512 } as const;

export const nameSchema = { type: "string", minLength: 1, maxLength: 50, pattern: "\\S" } as const;

/** Emailed tokens (confirmation, reset, invite): base64url, at least 128 bits. */
export const tokenSchema = {
  type: "string",
  minLength: 20,
  maxLength: 200,
  pattern: "^[A-Za-z0-9_-]+$",
} as const;

export const localeSchema = { type: "string", pattern: "^[a-z]{2,3}(-[A-Za-z]{2,4})?$" } as const;

/** Security answers as sent (issue 14): the questions and answers are judged by the service (field errors). */
export const securityAnswersSchema = {
  type: "array",
  maxItems: 10,
  items: {
    type: "object",
    required: ["question_id", "answer"],
    additionalProperties: false,
    properties: {
      question_id: { type: "string", minLength: 1, maxLength: 64 },
      answer: { type: "string", maxLength: 400 },
    },
  },
} as const;
