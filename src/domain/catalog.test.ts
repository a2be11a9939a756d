import { describe, expect, it } from "vitest";
import { filters } from "../../tests/model/specs/products.ts";
import { appliedFilterNames } from "./catalog.ts";

describe("appliedFilterNames", () => {
  const [service, rider] = filters;
  it("names the applied values in the filters' order of application, or nothing", () => {
    if (!service || !rider) throw new Error("fixture filters missing");
    const applied = [
      { filter_uuid: service.uuid, filter_value: service.values[1]?.uuid ?? "" },
      { filter_uuid: rider.uuid, filter_value: rider.values[0]?.uuid ?? "" },
    ];
    expect(appliedFilterNames(filters, applied)).toBe("Rail · Adult");
    expect(appliedFilterNames(filters, [])).toBeNull();
    // A value the filters no longer offer is left out.
    expect(appliedFilterNames(filters, [{ filter_uuid: service.uuid, filter_value: "gone" }])).toBeNull();
  });
});
