import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { outboxMessages } from "../db/schema.ts";
import { type SmsListener, startSmsListener } from "../test/gateway-servers.ts";
import { deploymentFile, freshDatabase } from "../test/helpers.ts";
import type { DeliveryConfig } from "./delivery.ts";
import { sandboxDelivery } from "./delivery.ts";
import { createOutbox, type OutboxLog, redactedBody } from "./outbox.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
});
afterAll(() => database?.close());

const smsVia = (listener: SmsListener, retry: DeliveryConfig["retry"] = {}): DeliveryConfig => ({
  smtp: null,
  sms: { url: listener.url, token: "tok", from: "METRO" },
  retry,
});

const rowFor = async (recipient: string) => {
  const [row] = await database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
  if (!row) throw new Error(`no message to ${recipient}`);
  return row;
};

/** A message left pending by an earlier process, due now. */
const leftPending = (recipient: string, body: string) =>
  database.db.insert(outboxMessages).values({
    channel: "sms",
    recipient,
    body,
    provider: "http-sms",
    nextAttemptAt: new Date(Date.now() - 1000),
  });

function capturingLog() {
  const entries: { level: string; details: object; message: string }[] = [];
  const log: OutboxLog = {
    debug: (details, message) => entries.push({ level: "debug", details, message }),
    warn: (details, message) => entries.push({ level: "warn", details, message }),
    error: (details, message) => entries.push({ level: "error", details, message }),
  };
  return { log, entries };
}

describe("the sandbox outbox", () => {
  it("keeps every message with its body, as sent, and has nothing to dispatch", async () => {
    const outbox = createOutbox(database.db, sandboxDelivery);
    outbox.start();
    const stored = await outbox.send({
      channel: "email",
      recipient: "sandbox@example.org",
      subject: "Reset your password",
      body: "https://portal.example/reset/abc",
    });
    await outbox.stop();
    expect(stored).toMatchObject({
      provider: "sandbox",
      status: "sent",
      subject: "Reset your password",
      body: "https://portal.example/reset/abc",
    });
    expect(await rowFor("sandbox@example.org")).toMatchObject({ attempts: 0, lastError: null });
    expect((await outbox.list()).find((m) => m.recipient === "sandbox@example.org")?.body).toBe(
      "https://portal.example/reset/abc",
    );
  });
});

describe("the delivering outbox", () => {
  it("delivers, on start, a message an earlier process left pending", async () => {
    const sms = await startSmsListener();
    const outbox = createOutbox(database.db, smsVia(sms));
    try {
      await leftPending("+12025550101", "left over 111111");
      outbox.start();
      await vi.waitFor(async () => expect((await rowFor("+12025550101")).status).toBe("sent"));
      expect(sms.requests.map((r) => r.body)).toEqual([
        { to: "+12025550101", from: "METRO", body: "left over 111111" },
      ]);
      expect((await rowFor("+12025550101")).body).toBe(redactedBody);
    } finally {
      await outbox.stop();
      await sms.close();
    }
  });

  it("retries with backoff, gives up after the last attempt, and never logs the body", async () => {
    const sms = await startSmsListener(Array(10).fill(500));
    const { log, entries } = capturingLog();
    const outbox = createOutbox(
      database.db,
      smsVia(sms, { maxAttempts: 3, delaysMs: [20], intervalMs: 10 }),
      log,
    );
    try {
      outbox.start();
      const stored = await outbox.send({ channel: "sms", recipient: "+12025550102", body: "code 222222" });
      expect(stored).toMatchObject({ provider: "http-sms", status: "pending", body: "code 222222" });
      await vi.waitFor(async () => expect((await rowFor("+12025550102")).attempts).toBe(3));
      await outbox.settled();
      await new Promise((done) => setTimeout(done, 100));

      expect(sms.requests).toHaveLength(3);
      expect(await rowFor("+12025550102")).toMatchObject({
        status: "failed",
        attempts: 3,
        lastError: "Error: SMS provider answered HTTP 500",
        body: "code 222222",
        deliveredAt: null,
      });
      expect(entries.map((e) => [e.level, e.message])).toEqual([
        ["warn", "outbox delivery failed, will retry"],
        ["warn", "outbox delivery failed, will retry"],
        ["warn", "outbox message undeliverable, giving up"],
      ]);
      expect(entries[2]?.details).toMatchObject({ channel: "sms", provider: "http-sms", attempt: 3 });
      const logged = JSON.stringify(entries);
      expect(logged).not.toContain("222222");
      expect(logged).not.toContain("+12025550102");
    } finally {
      await outbox.stop();
      await sms.close();
      // Out of attempts for this policy, not for the default one of the next tests' outboxes.
      await database.db.delete(outboxMessages).where(eq(outboxMessages.recipient, "+12025550102"));
    }
  });

  it("delivers a message once when two servers dispatch at the same time", async () => {
    const sms = await startSmsListener();
    const first = createOutbox(database.db, smsVia(sms));
    const second = createOutbox(database.db, smsVia(sms));
    try {
      await leftPending("+12025550103", "once 333333");
      await Promise.all([first.dispatchDue(), second.dispatchDue()]);
      expect(sms.requests.filter((r) => JSON.stringify(r.body).includes("+12025550103"))).toHaveLength(1);
      expect(await rowFor("+12025550103")).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await first.stop();
      await second.stop();
      await sms.close();
    }
  });

  it("waits on stop for the delivery under way, and leaves later messages pending", async () => {
    const sms = await startSmsListener();
    const outbox = createOutbox(database.db, smsVia(sms));
    try {
      await outbox.send({ channel: "sms", recipient: "+12025550104", body: "before stop" });
      await outbox.stop();
      expect((await rowFor("+12025550104")).status).toBe("sent");

      await outbox.send({ channel: "sms", recipient: "+12025550105", body: "after stop" });
      expect(await rowFor("+12025550105")).toMatchObject({ status: "pending", attempts: 0 });
      expect(sms.requests).toHaveLength(1);
    } finally {
      await sms.close();
    }
  });
});
