import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenSigner, maxTokenLength, tokenPrefixes } from "./tokens.ts";

const secret = "a-sandbox-secret-of-at-least-32-characters";
const signer = createTokenSigner(secret);
const payload = { v: 1, last4: "4242", nonce: "n" };

/** The token with one character of its payload changed. */
function tampered(token: string, at: number): string {
  const character = token[at] === "A" ? "B" : "A";
  return `${token.slice(0, at)}${character}${token.slice(at + 1)}`;
}

describe("sandbox tokens", () => {
  it("carry their payload and come back intact", () => {
    const token = signer.sign("card", payload);
    expect(token).toMatch(/^tok_sandbox_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify("card", token)).toEqual(payload);
  });

  it("keyed by the same secret verify in another process", () => {
    expect(createTokenSigner(secret).verify("card", signer.sign("card", payload))).toEqual(payload);
  });

  it("refuse a changed payload or signature", () => {
    const token = signer.sign("card", payload);
    const dot = token.indexOf(".");
    expect(signer.verify("card", tampered(token, tokenPrefixes.card.length + 2))).toBeNull();
    expect(signer.verify("card", tampered(token, dot + 5))).toBeNull();
    expect(signer.verify("card", `${token}x`)).toBeNull();
    expect(signer.verify("card", `${token}.x`)).toBeNull();
  });

  it("refuse a payload signed anew with another key", () => {
    const forged = createTokenSigner("another-secret-of-at-least-32-characters!!").sign("card", payload);
    expect(signer.verify("card", forged)).toBeNull();
    expect(createTokenSigner(null).verify("card", signer.sign("card", payload))).toBeNull();
  });

  it("cannot pass one kind off as another", () => {
    const bank = signer.sign("bank_account", payload);
    const relabelled = `${tokenPrefixes.card}${bank.slice(tokenPrefixes.bank_account.length)}`;
    expect(signer.verify("card", relabelled)).toBeNull();
    expect(signer.verify("card", bank)).toBeNull();
    expect(signer.verify("bank_account", bank)).toEqual(payload);
  });

  it("refuse what is no token at all", () => {
    for (const value of [undefined, null, 42, {}, "", "tok_sandbox_", "tok_sandbox_.", "x".repeat(5000)]) {
      expect(signer.verify("card", value)).toBeNull();
    }
    expect(signer.verify("card", `tok_sandbox_${"A".repeat(maxTokenLength)}.${"A".repeat(43)}`)).toBeNull();
  });

  it("refuse a signed payload that is not JSON", () => {
    const body = Buffer.from("not json").toString("base64url");
    const mac = createHmac("sha256", secret).update(tokenPrefixes.card).update(body).digest("base64url");
    expect(signer.verify("card", `${tokenPrefixes.card}${body}.${mac}`)).toBeNull();
  });

  it("need a secret of 32 characters or more", () => {
    expect(() => createTokenSigner("short")).toThrow(/at least 32/);
  });
});
