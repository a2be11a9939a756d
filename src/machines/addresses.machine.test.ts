import { describe, expect, it } from "vitest";
import type { SavedAddress } from "../domain/payments/saved.ts";
import {
  bodyOf,
  draftOf,
  emptyDraft,
  serverProblems,
  withoutAddress,
  withSaved,
} from "./addresses.machine.ts";

const address = (id: string, created: string, isDefault = false): SavedAddress => ({
  id,
  firstName: "Ada",
  lastName: "Rider",
  address_1: `${id} Main St`,
  address_2: null,
  country: "US",
  state: "CA",
  city: "San Francisco",
  zipCode: "94105",
  email: null,
  isDefault,
  created_at: `2026-11-0${created}T10:00:00.000Z`,
});
const first = address("a", "1", true);
const second = address("b", "2");
const third = address("c", "3");

describe("addresses machine rules", () => {
  it("words every refused field from the server's messages", () => {
    const error = {
      code: 40001,
      errors: [
        { code: 40001, field: "firstName", message: "First Name can not be empty." },
        { code: 40001, field: "city", message: "City must not exceed 60 characters" },
        { code: 40001, field: "email", message: "Invalid Email Address" },
        { code: 40001, field: "zipCode", message: "Zip Code is not valid." },
        { code: 40001, field: "nickname", message: "not an address field" },
      ],
    };
    expect(serverProblems(error)).toEqual({
      firstName: "required",
      city: "tooLong",
      email: "emailInvalid",
      zipCode: "textInvalid",
    });
    expect(serverProblems({ code: 40001, field: "state", message: "stateInvalid" })).toEqual({
      state: "stateInvalid",
    });
    expect(serverProblems({ code: 40001, message: "This request takes no fields." })).toBeNull();
    expect(serverProblems({ code: 42205, field: "zipCode", message: "limit" })).toBeNull();
  });

  it("keeps one default, listed first, then oldest first", () => {
    expect(
      withSaved([first, second], { ...third, isDefault: true }).map((entry) => [entry.id, entry.isDefault]),
    ).toEqual([
      ["c", true],
      ["a", false],
      ["b", false],
    ]);
    expect(withSaved([first, second], { ...second, city: "Oakland" })[1]?.city).toBe("Oakland");
  });

  it("hands the default to the oldest address left when the default goes", () => {
    expect(withoutAddress([first, third, second], "a").map((entry) => [entry.id, entry.isDefault])).toEqual([
      ["b", true],
      ["c", false],
    ]);
    expect(withoutAddress([first, second], "b")).toEqual([first]);
    expect(withoutAddress([first], "a")).toEqual([]);
  });

  it("sends a draft as the API takes it and refuses one with problems", () => {
    expect(bodyOf({ ...draftOf(second), zipCode: " 941051234 ", email: " " })).toMatchObject({
      zipCode: "94105-1234",
      email: null,
      address_2: null,
    });
    expect(() => bodyOf(emptyDraft())).toThrow();
  });
});
