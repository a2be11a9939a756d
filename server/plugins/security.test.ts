import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/helpers.ts";
import security, { tagManagerHosts } from "./security.ts";

/** The CSP a deployment without a tag manager (and with the sandbox captcha) has always sent. */
const withoutTagManager =
  "default-src 'self';script-src 'self';frame-src 'none';style-src 'self';img-src 'self' data:;" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
  "frame-ancestors 'none'";

async function cspWith(analytics: { tagManagerAllowed: boolean; tagManagerId: string }) {
  const app = Fastify();
  await app.register(security, {
    rateLimitPerMinute: 100,
    captcha: { enabled: true, siteKey: "sandbox-captcha-site-key" },
    analytics,
    hsts: () => null,
  });
  app.get("/", async () => "ok");
  const reply = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return String(reply.headers["content-security-policy"]);
}

/** One directive's sources, e.g. `sources(csp, "script-src")` -> ["'self'", ...]. */
const sources = (csp: string, directive: string) =>
  csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

describe("the CSP and the tag manager", () => {
  it("stays exactly as before when the deployment allows a tag manager but names no id (the demo)", async () => {
    expect(await cspWith({ tagManagerAllowed: true, tagManagerId: "" })).toBe(withoutTagManager);
    expect(await cspWith({ tagManagerAllowed: true, tagManagerId: "   " })).toBe(withoutTagManager);
  });

  it("stays exactly as before when the deployment does not allow one, even with an id", async () => {
    expect(await cspWith({ tagManagerAllowed: false, tagManagerId: "GTM-TEST123" })).toBe(withoutTagManager);
  });

  it("admits Google Tag Manager and the Analytics hosts its tags use when allowed with an id", async () => {
    const csp = await cspWith({ tagManagerAllowed: true, tagManagerId: "GTM-TEST123" });
    const collectors = [
      "https://www.google-analytics.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ];
    expect(sources(csp, "script-src")).toEqual(["'self'", "https://www.googletagmanager.com"]);
    expect(sources(csp, "img-src")).toEqual([
      "'self'",
      "data:",
      "https://www.googletagmanager.com",
      ...collectors,
    ]);
    expect(sources(csp, "connect-src")).toEqual([
      "'self'",
      "https://www.googletagmanager.com",
      ...collectors,
    ]);
    // Nothing else opens: no inline scripts, no frames, the same defaults.
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(sources(csp, "frame-src")).toEqual(["'none'"]);
    expect(sources(csp, "default-src")).toEqual(["'self'"]);
    expect(sources(csp, "object-src")).toEqual(["'none'"]);
  });

  it("names no host for a deployment without a usable tag manager", () => {
    expect(tagManagerHosts({ tagManagerAllowed: false, tagManagerId: "" })).toEqual({
      script: [],
      img: [],
      connect: [],
    });
  });

  it("is fed from the deployment's analytics by the app, on the SPA and the API alike", async () => {
    const t = await createTestApp({
      configure: (config) => ({
        ...config,
        analytics: { tagManagerAllowed: true, tagManagerId: "GTM-TEST123" },
      }),
    });
    try {
      for (const url of ["/", "/healthz"]) {
        const reply = await t.app.inject({ method: "GET", url });
        const csp = String(reply.headers["content-security-policy"]);
        expect(sources(csp, "script-src")).toContain("https://www.googletagmanager.com");
      }
    } finally {
      await t.close();
    }
    const demo = await createTestApp();
    try {
      const reply = await demo.app.inject({ method: "GET", url: "/" });
      expect(String(reply.headers["content-security-policy"])).not.toContain("googletagmanager");
    } finally {
      await demo.close();
    }
  });
});
