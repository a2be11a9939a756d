import { describe, expect, it } from "vitest";
import { type CaptchaSettings, createCaptchaService } from "./captcha.service.ts";
import type { HttpClient } from "./http.ts";

function recordingHttp() {
  const calls: Array<{ path: string; body: unknown }> = [];
  const http: HttpClient = {
    async request(path, options) {
      calls.push({ path, body: options?.body });
      return undefined;
    },
  };
  return { http, calls };
}

describe("captcha service", () => {
  it("gives no token when the deployment has no captcha, and asks nobody", async () => {
    const { http, calls } = recordingHttp();
    const settings: CaptchaSettings = { enabled: false, siteKey: "sandbox-key" };
    const captcha = createCaptchaService(
      http,
      () => settings,
      () => "/transit",
      window,
    );
    expect(await captcha.checkedToken("signup")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("checks a sandbox token with the server without loading any script", async () => {
    const { http, calls } = recordingHttp();
    const settings: CaptchaSettings = { enabled: true, siteKey: "sandbox-captcha-site-key" };
    const captcha = createCaptchaService(
      http,
      () => settings,
      () => "/transit",
      window,
    );
    const token = await captcha.checkedToken("signup");
    expect(token).toMatch(/^sandbox-signup-/);
    expect(calls).toEqual([{ path: "/transit/api/verify_google_captcha", body: { token } }]);
    expect(document.querySelector("script[src*='recaptcha']")).toBeNull();
  });

  it("fails when a real key's script cannot load, so the sign-up shows an error and keeps the form", async () => {
    const { http, calls } = recordingHttp();
    const settings: CaptchaSettings = { enabled: true, siteKey: "6Lc-real-key" };
    const captcha = createCaptchaService(
      http,
      () => settings,
      () => "/transit",
      window,
    );
    const token = captcha.checkedToken("signup");
    const script = document.querySelector<HTMLScriptElement>("script[src*='recaptcha']");
    expect(script?.src).toContain("render=6Lc-real-key");
    script?.dispatchEvent(new Event("error"));
    await expect(token).rejects.toThrow("reCAPTCHA did not load");
    expect(calls).toEqual([]);
  });
});
