import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("dev mailbox", () => {
  it("shows every message the outbox sent, newest first, as JSON and as a page", async () => {
    await t.app.outbox.send({
      channel: "email",
      recipient: "rider@example.com",
      subject: "Welcome",
      body: "Hello <b>rider</b>",
    });
    await t.app.outbox.send({ channel: "sms", recipient: "+15550100", body: "Your code is 123456" });

    const json = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    expect(json.statusCode).toBe(200);
    const messages = json.json().data.messages;
    expect(messages.map((m: { channel: string }) => m.channel)).toEqual(["sms", "email"]);
    expect(messages[1]).toMatchObject({
      recipient: "rider@example.com",
      subject: "Welcome",
      provider: "sandbox",
    });

    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Your code is 123456");
    expect(page.body).toContain("Hello &#60;b&#62;rider&#60;/b&#62;");
    expect(page.body).not.toContain("<b>rider</b>");
  });
});

describe("dev mailbox when disabled", () => {
  it("is not served", async () => {
    const off = await createTestApp({ devMailbox: false });
    try {
      const reply = await off.app.inject({ method: "GET", url: "/dev/mailbox.json" });
      expect(reply.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
