import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../db/schema.ts";
import { demoRider } from "../db/seed.ts";
import {
  createDeliveryTestApp,
  type DeliveryTestApp,
  type SmsListener,
  startSmsListener,
} from "../test/gateway-servers.ts";
import type { DeliveringOutbox } from "./outbox.ts";
import { redactedBody } from "./outbox.ts";
import { createHttpSmsProvider } from "./sms.ts";

const text = { channel: "sms", recipient: "+12025550142", body: "Metro: your code is 424242." } as const;

describe("the HTTP SMS provider", () => {
  let sms: SmsListener;
  beforeAll(async () => {
    sms = await startSmsListener([200, 500, 0]);
  });
  afterAll(() => sms.close());

  it("posts {to, from, body} as JSON with the bearer token", async () => {
    const provider = createHttpSmsProvider({ url: sms.url, token: "tok-123", from: "METRO" });
    await provider.deliver(text);
    expect(sms.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/messages",
      headers: { authorization: "Bearer tok-123", "content-type": "application/json" },
      body: { to: "+12025550142", from: "METRO", body: "Metro: your code is 424242." },
    });
  });

  it("fails on an answer outside 2xx, without the echoed body in the error", async () => {
    const provider = createHttpSmsProvider({ url: sms.url, token: "tok-123", from: null });
    const sent = provider.deliver(text);
    await expect(sent).rejects.toThrow("SMS provider answered HTTP 500");
    await expect(sent).rejects.not.toThrow(/424242/);
    expect(sms.requests[1]?.body).toEqual({ to: "+12025550142", body: "Metro: your code is 424242." });
  });

  it("gives up on a provider that does not answer in time", async () => {
    const provider = createHttpSmsProvider({ url: sms.url, token: "tok-123", from: null, timeoutMs: 200 });
    await expect(provider.deliver(text)).rejects.toThrow(/timeout/i);
  });
});

describe("an app with an SMS provider that fails once", () => {
  let sms: SmsListener;
  let t: DeliveryTestApp;
  beforeAll(async () => {
    sms = await startSmsListener([500]);
    t = await createDeliveryTestApp({
      smtp: null,
      sms: { url: sms.url, token: "tok-app", from: "METRO" },
      // Retries come only from the explicit dispatch below, so each step can be seen.
      retry: { delaysMs: [60_000], intervalMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it("answers the enrolment, records the failure and delivers the code on the retry", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email: demoRider.email, password: demoRider.password },
    });
    const token = login.json().data.access_token as string;
    const phone = "+12025550142";
    const reply = await t.app.inject({
      method: "POST",
      url: "/accounts/users/mfa/enrol",
      headers: { authorization: `Bearer ${token}` },
      payload: { mobile: phone, current_password: demoRider.password },
    });
    expect(reply.statusCode).toBe(202);

    const rowOf = async () => {
      const [row] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, phone));
      if (!row) throw new Error("no message row");
      return row;
    };
    const failed = await vi.waitFor(async () => {
      const row = await rowOf();
      if (row.status !== "failed") throw new Error(`still ${row.status}`);
      return row;
    });
    expect(failed).toMatchObject({
      provider: "http-sms",
      attempts: 1,
      lastError: "Error: SMS provider answered HTTP 500",
      deliveredAt: null,
    });
    expect(failed.body).toMatch(/your verification code is [0-9]{6}/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: a pass does nothing. Once due, the next pass delivers.
    const outbox = t.app.outbox as DeliveringOutbox;
    await outbox.dispatchDue();
    expect(sms.requests).toHaveLength(1);
    await outbox.dispatchDue(new Date(Date.now() + 61_000));

    const sent = await rowOf();
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null, body: redactedBody });
    expect(sms.requests).toHaveLength(2);
    const code = failed.body.match(/code is ([0-9]{6})/)?.[1];
    expect(sms.requests[1]).toMatchObject({
      headers: { authorization: "Bearer tok-app" },
      body: { to: phone, from: "METRO", body: failed.body },
    });

    const verified = await t.app.inject({
      method: "POST",
      url: "/accounts/users/mfa/enrol/verify",
      headers: { authorization: `Bearer ${token}` },
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });
});
