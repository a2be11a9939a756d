import {
  type AddressField,
  type AddressInput,
  type AddressProblem,
  addressMaxLengths,
  parseAddress,
} from "../../src/domain/payments/address.ts";
import { containsCardNumber } from "../../src/domain/payments/free-text.ts";
import { type AddressBody, maxAddresses, type SavedAddress } from "../../src/domain/payments/saved.ts";
import type { Database } from "../db/client.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { createAddressRepository, savedAddressOf } from "../repositories/addresses.ts";
import type { FieldProblem } from "./payment-methods.ts";
import { inTransaction } from "./transaction.ts";

export type AddressSaveResult =
  | { ok: true; address: SavedAddress }
  | { ok: false; problem: "invalid"; errors: FieldProblem[] }
  | { ok: false; problem: "notFound" | "limitReached" };

/** The labels of the address form (spec section 5), for the English messages. */
const labels: Readonly<Record<AddressField, string>> = {
  firstName: "First Name",
  lastName: "Last Name",
  address_1: "Address Line 1",
  address_2: "Address Line 2",
  country: "Country",
  state: "State",
  city: "City",
  zipCode: "Zip Code",
  email: "Email",
};

/** The spec's wording of an address problem (src/domain/payments/address.ts lists them). */
function addressMessage(field: AddressField, problem: AddressProblem): string {
  const label = labels[field];
  switch (problem) {
    case "required":
      return `${label} can not be empty.`;
    case "tooLong":
      return `${label} must not exceed ${addressMaxLengths[field]} characters`;
    case "emailInvalid":
      return "Invalid Email Address";
    default:
      return `${label} is not valid.`;
  }
}

const textFields = ["firstName", "lastName", "address_1", "address_2", "state", "city", "email"] as const;
const fieldOrder = Object.keys(addressMaxLengths) as AddressField[];

/** An address as the forms send it, checked as saved addresses are (card numbers refused too). */
export function parseAddressBody(body: AddressBody) {
  const input: AddressInput = { ...body };
  const parsed = parseAddress(input);
  const problems: Partial<Record<AddressField, AddressProblem>> = parsed.ok ? {} : { ...parsed.problems };
  // Free text holding a card number is refused, never stored (the PAN scan holds us to it).
  for (const field of textFields) {
    const value = input[field];
    if (!problems[field] && typeof value === "string" && containsCardNumber(value)) {
      problems[field] = field === "email" ? "emailInvalid" : "textInvalid";
    }
  }
  // In the form's order, one per field.
  const errors = fieldOrder.flatMap((field) => {
    const problem = problems[field];
    return problem ? [{ field, message: addressMessage(field, problem) }] : [];
  });
  if (parsed.ok && errors.length === 0) return parsed;
  return { ok: false as const, errors };
}

/**
 * Riders' shipping addresses (issue 11). Checked by the portal's own rules (parseAddress); at most
 * `maxAddresses`; one default: the first address, or the one saved or made default last. Every change
 * runs with the rider's row locked, so parallel requests cannot pass the limit or leave two defaults.
 */
export function createAddressService(options: { db: Database }) {
  const { db } = options;
  const addresses = createAddressRepository(db);

  /** Runs `body` with the rider's row locked and the repository bound to the transaction. */
  const locked = <T>(userId: string, body: (repository: ReturnType<typeof addresses.with>) => Promise<T>) =>
    inTransaction(db, async ({ tx }) => {
      await createAccountRepository(tx).lock(userId);
      return body(addresses.with(tx));
    });

  return {
    async list(userId: string): Promise<SavedAddress[]> {
      return (await addresses.list(userId)).map(savedAddressOf);
    },

    async create(userId: string, body: AddressBody): Promise<AddressSaveResult> {
      const parsed = parseAddressBody(body);
      if (!parsed.ok) return { ok: false, problem: "invalid", errors: parsed.errors };
      return locked(userId, async (repository) => {
        const saved = await repository.count(userId);
        if (saved >= maxAddresses) return { ok: false, problem: "limitReached" } as const;
        const isDefault = saved === 0 || parsed.address.isDefault;
        if (isDefault) await repository.clearDefault(userId);
        const row = await repository.add(userId, parsed.address, isDefault);
        return { ok: true, address: savedAddressOf(row) } as const;
      });
    },

    /** Rewrites one of the rider's addresses; `isDefault: true` makes it the default, false keeps it as it was. */
    async update(userId: string, id: string, body: AddressBody): Promise<AddressSaveResult> {
      const parsed = parseAddressBody(body);
      if (!parsed.ok) return { ok: false, problem: "invalid", errors: parsed.errors };
      return locked(userId, async (repository) => {
        const current = await repository.find(userId, id);
        if (!current) return { ok: false, problem: "notFound" } as const;
        if (parsed.address.isDefault && !current.isDefault) {
          await repository.clearDefault(userId);
          await repository.setDefault(userId, id);
        }
        const row = await repository.change(userId, id, parsed.address);
        return row
          ? ({ ok: true, address: savedAddressOf(row) } as const)
          : ({ ok: false, problem: "notFound" } as const);
      });
    },

    async setDefault(userId: string, id: string): Promise<SavedAddress[] | null> {
      return locked(userId, async (repository) => {
        if (!(await repository.find(userId, id))) return null;
        await repository.clearDefault(userId);
        await repository.setDefault(userId, id);
        return (await repository.list(userId)).map(savedAddressOf);
      });
    },

    /** Deletes one; when it was the default, the oldest remaining address becomes the default. */
    async remove(userId: string, id: string): Promise<boolean> {
      return locked(userId, async (repository) => {
        const removed = await repository.remove(userId, id);
        if (!removed) return false;
        if (removed.isDefault) {
          const oldest = await repository.oldest(userId);
          if (oldest) await repository.setDefault(userId, oldest.id);
        }
        return true;
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
