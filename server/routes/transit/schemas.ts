/**
 * JSON schemas the transit routes share. Bounds here are generous: they keep bodies small and typed,
 * and the services check the real limits with the spec's own messages.
 */

/** A uuid as the ids of rows are written; anything else is nobody's row (404, never 400). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const text = { type: "string", maxLength: 1000 } as const;
export const optionalText = { type: ["string", "null"], maxLength: 1000 } as const;

/** `/:id` of a rider's row: any string, so that a malformed id is the same 404 as another rider's. */
export const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string" } },
} as const;

/**
 * An address as the address form sends it (AddressInput): a rider's saved address, or a guest's for
 * one order (where `isDefault` means nothing). parseAddressBody checks the fields.
 */
export const addressBody = {
  type: "object",
  required: ["firstName", "lastName", "address_1", "country", "state", "city", "zipCode"],
  additionalProperties: false,
  properties: {
    firstName: text,
    lastName: text,
    address_1: text,
    address_2: optionalText,
    country: text,
    state: text,
    city: text,
    zipCode: text,
    email: optionalText,
    isDefault: { type: "boolean" },
  },
} as const;
