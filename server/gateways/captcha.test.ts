import { describe, expect, it } from "vitest";
import { createCaptchaGate, createRecaptchaVerifier, sandboxCaptchaVerifier } from "./captcha.ts";

describe("captcha gate", () => {
  it("accepts a token the portal checked exactly once more, within two minutes", async () => {
    let calls = 0;
    const gate = createCaptchaGate({
      provider: "sandbox",
      async verify() {
        calls++;
        return calls === 1;
      },
    });
    expect(await gate.check("t", "127.0.0.1", 0)).toBe(true);
    expect(await gate.redeem("t", "127.0.0.1", 1000)).toBe(true);
    // Used up: the provider is asked again, and it refuses a replayed token.
    expect(await gate.redeem("t", "127.0.0.1", 2000)).toBe(false);
  });

  it("forgets a pass after its time", async () => {
    const gate = createCaptchaGate(sandboxCaptchaVerifier, 1000);
    expect(await gate.check("sandbox-pass", "::1", 0)).toBe(true);
    expect(await gate.redeem("sandbox-fail", "::1", 500)).toBe(false);
    expect(await gate.check("sandbox-fail", "::1", 600)).toBe(false);
  });
});

describe("reCAPTCHA verifier", () => {
  const answering = (status: number, body: unknown) => {
    const seen: URLSearchParams[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push(new URLSearchParams(String(init?.body)));
      return new Response(JSON.stringify(body), { status });
    };
    return { seen, fetch: fetch as typeof globalThis.fetch };
  };

  it("posts secret, token and address to siteverify and trusts success with a good score", async () => {
    const provider = answering(200, { success: true, score: 0.9 });
    const verifier = createRecaptchaVerifier("s3cret", { fetch: provider.fetch });
    expect(await verifier.verify("tok", "10.0.0.1")).toBe(true);
    expect(Object.fromEntries(provider.seen[0] ?? [])).toEqual({
      secret: "s3cret",
      response: "tok",
      remoteip: "10.0.0.1",
    });
  });

  it.each([
    ["a failure", 200, { success: false }],
    ["a low v3 score", 200, { success: true, score: 0.1 }],
    ["a provider error", 500, {}],
  ])("refuses %s", async (_, status, body) => {
    const verifier = createRecaptchaVerifier("s3cret", { fetch: answering(status, body).fetch });
    expect(await verifier.verify("tok", "10.0.0.1")).toBe(false);
  });
});
