/*
 * A card as typed into a form: shared by the Payment Methods screen, the checkout and the loads of a fare
 * card. Its checks, which need the card libraries (card-validator, credit-card-type), are in
 * ./cardChecks.ts, which the checkout and the loads download when a card form first opens; this module
 * holds no code they would download before.
 */

/** The card form as typed. The number and code live here only while the form is open. */
export interface CardDraft {
  nickname: string;
  /** The name on the card, in two parts: the gateway is given both, the billing details the last. */
  firstName: string;
  lastName: string;
  number: string;
  expiry: string;
  cvv: string;
  address: string;
  zip: string;
  makeDefault: boolean;
}

/**
 * A field's problem, worded by the view: `required` "<label> can not be empty.", `invalid` "<label> is
 * not valid.", `tooLong` "<label> must not exceed <n> characters", `unsupportedType` "Unsupported Card
 * Type", `cvvInvalid` "Invalid CVV".
 */
export type FieldProblem = "required" | "invalid" | "tooLong" | "unsupportedType" | "cvvInvalid";
export type CardProblems = Partial<Record<keyof CardDraft, FieldProblem>>;

export const emptyCard: CardDraft = {
  nickname: "",
  firstName: "",
  lastName: "",
  number: "",
  expiry: "",
  cvv: "",
  address: "",
  zip: "",
  makeDefault: false,
};
