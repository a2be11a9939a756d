/**
 * US bank accounts for ACH payments (spec section 3, "bank account"), checked alike by the portal and
 * the server. The routing-number checksum is ours: it is nine lines, and the packages that offer it are
 * unmaintained.
 *
 * Problems are codes; the views word them with the spec's texts:
 * - `required`: "<label> can not be empty."
 * - `routingInvalid`, `accountInvalid`, `typeInvalid`, `holderInvalid` (control characters): "<label> is
 *   not valid."
 * - `tooLong`: "<label> must not exceed <holderNameMaxLength> characters"
 */
export type BankProblem =
  | "required"
  | "routingInvalid"
  | "accountInvalid"
  | "typeInvalid"
  | "holderInvalid"
  | "tooLong";

export const accountTypes = ["checking", "savings"] as const;
export type AccountType = (typeof accountTypes)[number];

export const accountNumberMinDigits = 4;
export const accountNumberMaxDigits = 17;
export const holderNameMaxLength = 100;

export interface BankAccountInput {
  routingNumber: string;
  accountNumber: string;
  accountType: string;
  holderName: string;
}

export interface BankAccount {
  routingNumber: string;
  accountNumber: string;
  last4: string;
  accountType: AccountType;
  holderName: string;
}

export type BankProblems = Partial<Record<keyof BankAccountInput, BankProblem>>;

/** Digits as typed or pasted with spaces or dashes; other characters stay, so they can be refused. */
export function bankDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9), which is a multiple of 10 for a routing number. */
export function routingChecksum(digits: string): number {
  return [...digits].reduce((sum, digit, index) => sum + Number(digit) * (weights[index] ?? 0), 0);
}

/**
 * The first two digits the Federal Reserve gives banks: 01-12 (banks), 21-32 (thrifts), 61-72
 * (electronic transactions), 80 (traveler's cheques). 00 (government) pays no fare.
 */
function hasBankPrefix(digits: string): boolean {
  const prefix = Number(digits.slice(0, 2));
  return (
    (prefix >= 1 && prefix <= 12) ||
    (prefix >= 21 && prefix <= 32) ||
    (prefix >= 61 && prefix <= 72) ||
    prefix === 80
  );
}

/**
 * An ABA routing number: nine digits, a bank's prefix, and the checksum, which every single mistyped
 * digit breaks (3, 7 and 1 share no factor with 10).
 */
export function isRoutingNumber(input: string): boolean {
  const digits = bankDigits(input);
  return /^[0-9]{9}$/.test(digits) && hasBankPrefix(digits) && routingChecksum(digits) % 10 === 0;
}

export function routingNumberProblem(input: string): BankProblem | null {
  if (input.trim() === "") return "required";
  return isRoutingNumber(input) ? null : "routingInvalid";
}

export function accountNumberProblem(input: string): BankProblem | null {
  if (input.trim() === "") return "required";
  const digits = bankDigits(input);
  const pattern = new RegExp(`^[0-9]{${accountNumberMinDigits},${accountNumberMaxDigits}}$`);
  return pattern.test(digits) ? null : "accountInvalid";
}

export function isAccountType(value: string): value is AccountType {
  return (accountTypes as readonly string[]).includes(value);
}

export function holderNameProblem(input: string): BankProblem | null {
  const name = input.trim();
  if (name === "") return "required";
  if (/\p{Cc}/u.test(name)) return "holderInvalid";
  return [...name].length > holderNameMaxLength ? "tooLong" : null;
}

/** "6789" from any spelling of the account number. */
export function accountLast4(input: string): string {
  return bankDigits(input).slice(-4);
}

export function bankAccountProblems(input: BankAccountInput): BankProblems {
  const problems: BankProblems = {};
  const routingNumber = routingNumberProblem(input.routingNumber);
  if (routingNumber) problems.routingNumber = routingNumber;
  const accountNumber = accountNumberProblem(input.accountNumber);
  if (accountNumber) problems.accountNumber = accountNumber;
  if (input.accountType.trim() === "") problems.accountType = "required";
  else if (!isAccountType(input.accountType.trim())) problems.accountType = "typeInvalid";
  const holderName = holderNameProblem(input.holderName);
  if (holderName) problems.holderName = holderName;
  return problems;
}

/** The account as the server keeps working with it (digits only, trimmed name), or every problem. */
export function parseBankAccount(
  input: BankAccountInput,
): { ok: true; account: BankAccount } | { ok: false; problems: BankProblems } {
  const problems = bankAccountProblems(input);
  const accountType = input.accountType.trim();
  if (Object.keys(problems).length > 0 || !isAccountType(accountType)) return { ok: false, problems };
  const accountNumber = bankDigits(input.accountNumber);
  return {
    ok: true,
    account: {
      routingNumber: bankDigits(input.routingNumber),
      accountNumber,
      last4: accountNumber.slice(-4),
      accountType,
      holderName: input.holderName.trim(),
    },
  };
}

/** A bank account as the form hands it over: routing and account numbers go to the gateway only. */
export interface BankSubmission {
  routingNumber: string;
  accountNumber: string;
  accountType: AccountType;
  holderName: string;
  nickname: string | null;
  makeDefault: boolean;
}
