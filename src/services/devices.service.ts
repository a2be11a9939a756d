import type { Device } from "../domain/transit/passes.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * The rider's devices (registered by the mobile app): the portal lists them, renames one and removes
 * one (its passes go back to the cloud). Another rider's device is the same 404 as an unknown one.
 */
export function createDevicesService(http: HttpClient, base: () => string) {
  const one = (id: string) => `${base()}/devices/${encodeURIComponent(id)}`;
  return {
    async list(): Promise<Device[]> {
      const reply = await http.request<{ devices: Device[] }>(`${base()}/devices`);
      return required(reply, "GET /devices").devices;
    },
    async rename(id: string, nickname: string): Promise<Device> {
      const reply = await http.request<{ device: Device }>(one(id), { method: "PATCH", body: { nickname } });
      return required(reply, "PATCH /devices/:id").device;
    },
    async remove(id: string): Promise<void> {
      await http.request<undefined>(one(id), { method: "DELETE" });
    },
  };
}
