import { describe, expect, it } from "vitest";
import { readEnv } from "../config/env.ts";

describe("delivery configuration from the environment", () => {
  it("keeps every channel in the sandbox when nothing is set (or set empty)", () => {
    expect(readEnv({}).delivery).toEqual({ smtp: null, sms: null });
    expect(readEnv({ SMTP_URL: "", SMS_PROVIDER_URL: "" }).delivery).toEqual({ smtp: null, sms: null });
  });

  it("reads SMTP and the SMS provider when both are complete", () => {
    const env = readEnv({
      SMTP_URL: "smtps://portal:secret@mail.example:465",
      SMTP_FROM: "Metro Transit <no-reply@transit.example>",
      SMS_PROVIDER_URL: "https://sms.example/v1/messages",
      SMS_PROVIDER_TOKEN: "tok-123",
      SMS_FROM: "METRO",
    });
    expect(env.delivery).toEqual({
      smtp: {
        url: "smtps://portal:secret@mail.example:465",
        from: "Metro Transit <no-reply@transit.example>",
      },
      sms: { url: "https://sms.example/v1/messages", token: "tok-123", from: "METRO" },
    });
    expect(
      readEnv({ SMS_PROVIDER_URL: "https://sms.example/send", SMS_PROVIDER_TOKEN: "t" }).delivery.sms?.from,
    ).toBeNull();
  });

  it("refuses SMTP_URL without SMTP_FROM, naming the variable and not the password", () => {
    const start = () => readEnv({ SMTP_URL: "smtp://portal:hunter2@mail.example:587" });
    expect(start).toThrow("SMTP_FROM is required when SMTP_URL is set");
    expect(start).not.toThrow(/hunter2/);
  });

  it("refuses SMS_PROVIDER_URL without SMS_PROVIDER_TOKEN", () => {
    expect(() => readEnv({ SMS_PROVIDER_URL: "https://sms.example/send" })).toThrow(
      "SMS_PROVIDER_TOKEN is required when SMS_PROVIDER_URL is set",
    );
  });

  it("refuses URLs of the wrong kind", () => {
    expect(() => readEnv({ SMTP_URL: "https://mail.example", SMTP_FROM: "a@b.example" })).toThrow(
      "SMTP_URL must be an smtp:// or smtps:// URL",
    );
    expect(() => readEnv({ SMS_PROVIDER_URL: "ftp://sms.example", SMS_PROVIDER_TOKEN: "t" })).toThrow(
      "SMS_PROVIDER_URL must be an http:// or https:// URL",
    );
  });
});
