import { describe, expect, it } from "vitest";
import type { AddressBody, SavedAddress } from "../domain/payments/saved.ts";
import { createAddressesService } from "./addresses.service.ts";
import type { HttpClient, RequestOptions } from "./http.ts";

const home: SavedAddress = {
  id: "5d7c1f0e-0000-4000-8000-000000000001",
  firstName: "Ana",
  lastName: "Lima",
  address_1: "1 Main St",
  address_2: null,
  country: "US",
  state: "IL",
  city: "Springfield",
  zipCode: "62701",
  email: null,
  isDefault: true,
  created_at: "2026-11-01T10:00:00.000Z",
};
const body: AddressBody = {
  firstName: "Ana",
  lastName: "Lima",
  address_1: "1 Main St",
  address_2: null,
  country: "US",
  state: "IL",
  city: "Springfield",
  zipCode: "62701",
  email: null,
  isDefault: true,
};

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

describe("addresses service", () => {
  it("lists the rider's addresses", async () => {
    const { http, calls } = recordingHttp({ addresses: [home] });
    const service = createAddressesService(http, () => "/transit");
    await expect(service.list()).resolves.toEqual([home]);
    expect(calls).toEqual([{ path: "/transit/addresses", options: undefined }]);
  });

  it("posts a new address and puts a changed one", async () => {
    const { http, calls } = recordingHttp({ address: home });
    const service = createAddressesService(http, () => "/transit");
    await expect(service.save(null, body)).resolves.toEqual(home);
    await expect(service.save(home.id, body)).resolves.toEqual(home);
    expect(calls).toEqual([
      { path: "/transit/addresses", options: { method: "POST", body } },
      { path: `/transit/addresses/${home.id}`, options: { method: "PUT", body } },
    ]);
  });

  it("sets the default and answers the whole list", async () => {
    const { http, calls } = recordingHttp({ addresses: [home] });
    const service = createAddressesService(http, () => "/api/transit");
    await expect(service.setDefault(home.id)).resolves.toEqual([home]);
    expect(calls).toEqual([
      { path: `/api/transit/addresses/${home.id}/default`, options: { method: "POST" } },
    ]);
  });

  it("deletes an address, its id kept inside the path", async () => {
    const { http, calls } = recordingHttp(undefined);
    const service = createAddressesService(http, () => "/transit");
    await expect(service.remove("../users")).resolves.toBeUndefined();
    expect(calls).toEqual([{ path: "/transit/addresses/..%2Fusers", options: { method: "DELETE" } }]);
  });

  it("refuses a reply without data", async () => {
    const { http } = recordingHttp(undefined);
    const service = createAddressesService(http, () => "/transit");
    await expect(service.list()).rejects.toThrow("GET /addresses answered without data");
    await expect(service.save(null, body)).rejects.toThrow("POST /addresses answered without data");
  });
});
