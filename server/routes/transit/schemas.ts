/**
 * JSON schemas the transit routes share. Bounds here are generous: they keep bodies small and typed,
 * and the services check the real limits with the spec's own messages.
 */

import { maxPerProduct, maxQuoteLines } from "../../../src/domain/checkout/quote.ts";

/** A uuid as the ids of rows are written; anything else is nobody's row (404, never 400). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const text = { type: "string", maxLength: 1000 } as const;
const optionalText = { type: ["string", "null"], maxLength: 1000 } as const;

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

/** A choice by code (a promo code, a shipping method), or none. */
export const choice = { type: ["string", "null"], maxLength: 100 } as const;

/**
 * A cart's lines as the quote and the order take them: a product once, 1..maxPerProduct of it, and
 * the price the rider saw (only compared). An order's lines may also ask for auto-renewal.
 */
export function cartLines<Extra extends Record<string, object>>(extra: Extra) {
  return {
    type: "array",
    minItems: 1,
    maxItems: maxQuoteLines,
    items: {
      type: "object",
      required: ["product", "quantity"],
      additionalProperties: false,
      properties: {
        product: { type: "string", format: "uuid" },
        quantity: { type: "integer", minimum: 1, maximum: maxPerProduct },
        list_price: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        ...extra,
      },
    },
  } as const;
}
