import type { AddressBody, SavedAddress } from "../domain/payments/saved.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * The rider's shipping addresses (src/domain/payments/saved.ts), under the transit service. Failures
 * are the client's ApiRequestError: its first error's `code`, and `field` on a validation error.
 */
export function createAddressesService(http: HttpClient, base: () => string) {
  const url = (path = "") => `${base()}/addresses${path}`;
  const one = (id: string) => url(`/${encodeURIComponent(id)}`);
  return {
    /** Default first, then oldest first. */
    async list(): Promise<SavedAddress[]> {
      const reply = await http.request<{ addresses: SavedAddress[] }>(url());
      return required(reply, "GET /addresses").addresses;
    },
    /** A new address (`id` null) or a change to one of the rider's own. */
    async save(id: string | null, body: AddressBody): Promise<SavedAddress> {
      const reply =
        id === null
          ? await http.request<{ address: SavedAddress }>(url(), { method: "POST", body: { ...body } })
          : await http.request<{ address: SavedAddress }>(one(id), { method: "PUT", body: { ...body } });
      return required(reply, id === null ? "POST /addresses" : "PUT /addresses/:id").address;
    },
    /** Makes the address the default; the whole list comes back, default first. */
    async setDefault(id: string): Promise<SavedAddress[]> {
      const reply = await http.request<{ addresses: SavedAddress[] }>(`${one(id)}/default`, {
        method: "POST",
      });
      return required(reply, "POST /addresses/:id/default").addresses;
    },
    async remove(id: string): Promise<void> {
      await http.request(one(id), { method: "DELETE" });
    },
  };
}
