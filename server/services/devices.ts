import { randomUUID } from "node:crypto";
import { containsCardNumber } from "../../src/domain/payments/free-text.ts";
import { controlCharacter } from "../../src/domain/payments/names.ts";
import {
  type Device,
  deviceNicknameMaxLength,
  type RegisterDeviceRequest,
} from "../../src/domain/transit/passes.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { createPassRepository, type DeviceRow } from "../repositories/passes.ts";
import { inTransaction } from "./transaction.ts";

export type DeviceProblem = { problem: "notFound" } | { problem: "invalid"; field: string; message: string };

function deviceOf(row: DeviceRow, tickets: number): Device {
  return {
    id: row.id,
    nickname: row.nickname,
    model: row.model,
    tickets,
    registered_at: row.registeredAt.toISOString(),
  };
}

/** A nickname's problem, or null when it is fine (trimmed, 1 to 40 characters, no card number). */
function nicknameProblem(nickname: string): DeviceProblem | null {
  const trimmed = nickname.trim();
  if (trimmed.length === 0)
    return { problem: "invalid", field: "nickname", message: "Nickname can not be empty." };
  if (trimmed.length > deviceNicknameMaxLength) {
    return {
      problem: "invalid",
      field: "nickname",
      message: `Nickname must not exceed ${deviceNicknameMaxLength} characters`,
    };
  }
  // A card number is no nickname: never stored nor shown back (src/domain/payments/free-text.ts).
  if (controlCharacter.test(trimmed) || containsCardNumber(trimmed))
    return { problem: "invalid", field: "nickname", message: "Nickname is not valid." };
  return null;
}

/**
 * A rider's phones holding passes (src/domain/transit/passes.ts): the mobile app registers one per
 * installation (idempotent), the portal names and removes them; a removed device's passes go back to
 * the cloud.
 */
export function createDeviceService(options: { db: Database; clock: Clock }) {
  const { db, clock } = options;
  const repository = createPassRepository(db);

  return {
    async list(userId: string): Promise<Device[]> {
      return (await repository.devices(userId)).map((row) => deviceOf(row, row.tickets));
    },

    async register(
      userId: string,
      request: RegisterDeviceRequest,
    ): Promise<{ ok: true; device: Device; created: boolean } | ({ ok: false } & DeviceProblem)> {
      const problem = nicknameProblem(request.nickname);
      if (problem) return { ok: false, ...problem };
      const model = request.model.trim();
      if (model.length === 0 || model.length > 100) {
        return { ok: false, problem: "invalid", field: "model", message: "Model is not valid." };
      }
      const installationId = request.installation_id.trim();
      if (installationId.length === 0) {
        return {
          ok: false,
          problem: "invalid",
          field: "installation_id",
          message: "Installation id is not valid.",
        };
      }
      return inTransaction(db, async ({ tx }) => {
        const devices = createPassRepository(tx);
        const inserted = await devices.insertDevice({
          id: randomUUID(),
          userId,
          nickname: request.nickname.trim(),
          model,
          installationId,
          registeredAt: clock.now(),
        });
        if (inserted) return { ok: true, device: deviceOf(inserted, 0), created: true };
        const existing = await devices.deviceByInstallation(userId, installationId);
        if (!existing) throw new Error("device neither inserted nor found");
        // A removed phone registering again comes back, named as the app names it now.
        const revived = existing.removedAt
          ? await devices.updateDevice(existing.id, {
              removedAt: null,
              nickname: request.nickname.trim(),
              model,
              registeredAt: clock.now(),
            })
          : existing;
        const row = revived ?? existing;
        const tickets = (await devices.tickets([row.id])).get(row.id) ?? 0;
        return { ok: true, device: deviceOf(row, tickets), created: false };
      });
    },

    async rename(
      userId: string,
      id: string,
      nickname: string,
    ): Promise<{ ok: true; device: Device } | ({ ok: false } & DeviceProblem)> {
      return inTransaction(db, async ({ tx }) => {
        const devices = createPassRepository(tx);
        const device = await devices.device(userId, id, true);
        if (!device) return { ok: false, problem: "notFound" };
        const problem = nicknameProblem(nickname);
        if (problem) return { ok: false, ...problem };
        const row = (await devices.updateDevice(device.id, { nickname: nickname.trim() })) ?? device;
        const tickets = (await devices.tickets([row.id])).get(row.id) ?? 0;
        return { ok: true, device: deviceOf(row, tickets) };
      });
    },

    /** Removes the device; its passes go back to the cloud. */
    async remove(userId: string, id: string): Promise<{ ok: true } | ({ ok: false } & DeviceProblem)> {
      return inTransaction(db, async ({ tx }) => {
        const devices = createPassRepository(tx);
        const device = await devices.device(userId, id, true);
        if (!device) return { ok: false, problem: "notFound" };
        await devices.toCloudFromDevice(device.id);
        await devices.updateDevice(device.id, { removedAt: clock.now() });
        return { ok: true };
      });
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
