import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../db/schema.ts";
import { demoRider } from "../db/seed.ts";
import {
  createDeliveryTestApp,
  type DeliveryTestApp,
  decodeQuotedPrintable,
  type SmtpListener,
  startSmtpListener,
} from "../test/gateway-servers.ts";
import { redactedBody } from "./outbox.ts";
import { createSmtpProvider } from "./smtp.ts";

let smtp: SmtpListener;
beforeAll(async () => {
  smtp = await startSmtpListener();
});
afterAll(() => smtp.close());

describe("the SMTP provider", () => {
  it("sends plain-text mail with the subject and body, from SMTP_FROM, signed in with the URL's user", async () => {
    const provider = createSmtpProvider({
      url: `smtp://portal:s3cret@127.0.0.1:${smtp.port}`,
      from: "Metro Transit <no-reply@transit.example>",
    });
    try {
      await provider.deliver({
        channel: "email",
        recipient: "ada@example.org",
        subject: "Confirm your email",
        body: "Hello Ada,\n\nConfirm here: https://portal.example/confirm/abc123",
      });
    } finally {
      await provider.close();
    }

    const mail = smtp.mails.at(-1);
    expect(mail).toMatchObject({
      auth: "\0portal\0s3cret",
      from: "no-reply@transit.example",
      to: ["ada@example.org"],
    });
    const data = mail?.data ?? "";
    const headers = data.slice(0, data.indexOf("\r\n\r\n"));
    const body = data.slice(data.indexOf("\r\n\r\n") + 4);
    expect(headers).toMatch(/^From: Metro Transit <no-reply@transit\.example>$/m);
    expect(headers).toMatch(/^To: ada@example\.org$/m);
    expect(headers).toMatch(/^Subject: Confirm your email$/m);
    expect(headers).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(decodeQuotedPrintable(body)).toBe(
      "Hello Ada,\r\n\r\nConfirm here: https://portal.example/confirm/abc123",
    );
  });

  it("fails when the server refuses the recipient, without the body in the error", async () => {
    const refusing = await startSmtpListener({ rejectRecipients: true });
    const provider = createSmtpProvider({
      url: `smtp://127.0.0.1:${refusing.port}`,
      from: "no-reply@x.example",
    });
    try {
      const sent = provider.deliver({
        channel: "email",
        recipient: "ghost@example.org",
        body: "code 424242",
      });
      await expect(sent).rejects.toThrow(/550/);
      await expect(sent).rejects.not.toThrow(/424242/);
      expect(refusing.mails).toEqual([]);
    } finally {
      await provider.close();
      await refusing.close();
    }
  });
});

describe("an app with SMTP configured", () => {
  let t: DeliveryTestApp;
  beforeAll(async () => {
    t = await createDeliveryTestApp({
      smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from: "no-reply@transit.example" },
      sms: null,
    });
  });
  afterAll(() => t.close());

  it("mails the reset link of forgot-password, then keeps only a redacted body", async () => {
    const before = smtp.mails.length;
    const reply = await t.app.inject({
      method: "POST",
      url: "/accounts/users/forgot_password",
      payload: { email: demoRider.email },
    });
    expect(reply.statusCode).toBe(202);

    const mail = await vi.waitFor(() => {
      const found = smtp.mails.slice(before).find((m) => m.to.includes(demoRider.email));
      if (!found) throw new Error("no mail yet");
      return found;
    });
    expect(mail.data).toMatch(/^Subject: Reset your password$/m);
    expect(decodeQuotedPrintable(mail.data)).toMatch(/\/reset\/[A-Za-z0-9_-]{20,}/);

    const row = await vi.waitFor(async () => {
      const [found] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, demoRider.email));
      if (found?.status !== "sent") throw new Error("not recorded as sent yet");
      return found;
    });
    expect(row).toMatchObject({ provider: "smtp", attempts: 1, lastError: null, body: redactedBody });
    expect(row.deliveredAt).toBeInstanceOf(Date);

    const mailbox = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    expect(mailbox.json().data.messages[0]).toMatchObject({
      provider: "smtp",
      status: "sent",
      subject: "Reset your password",
      body: redactedBody,
    });
  });

  it("keeps texts in the sandbox while only email has a provider", async () => {
    const sms = await t.app.outbox.send({ channel: "sms", recipient: "+12025550199", body: "code 123456" });
    expect(sms).toMatchObject({ provider: "sandbox", status: "sent", body: "code 123456" });
  });
});
