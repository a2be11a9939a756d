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

describe("helmet's headers, computed once", () => {
  /** What helmet 8 writes for the portal's options, every header of it (issue 16 moved it out of the request path). */
  const expected = {
    "content-security-policy": withoutTagManager,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "SAMEORIGIN",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };

  it("are on a reply, a miss and a refusal for load alike, and never mix between requests", async () => {
    const app = Fastify();
    await app.register(security, {
      rateLimitPerMinute: 2,
      captcha: { enabled: true, siteKey: "sandbox-captcha-site-key" },
      analytics: { tagManagerAllowed: false, tagManagerId: "" },
      hsts: (request) => (request.headers["x-test-https"] === "1" ? "max-age=31536000" : null),
    });
    app.get("/transit/thing", async (_request, reply) => {
      reply.header("X-Frame-Options", "DENY");
      return { ok: true };
    });
    const first = await app.inject({
      method: "GET",
      url: "/transit/thing",
      headers: { "x-test-https": "1" },
    });
    const missing = await app.inject({ method: "GET", url: "/transit/missing" });
    await app.inject({ method: "GET", url: "/transit/thing" });
    // The budget is two a minute: the third reply from the route is the refusal.
    const refused = await app.inject({ method: "GET", url: "/transit/thing" });
    await app.close();
    expect([first.statusCode, missing.statusCode, refused.statusCode]).toEqual([200, 404, 429]);
    for (const reply of [missing, refused]) {
      for (const [name, value] of Object.entries(expected)) expect(reply.headers[name], name).toBe(value);
      expect(reply.headers["strict-transport-security"]).toBeUndefined();
      expect(reply.headers["x-powered-by"]).toBeUndefined();
    }
    // A route's own header wins, and what one route set never leaks into the shared set.
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(refused.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
