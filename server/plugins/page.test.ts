import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { readPortalPage } from "./page.ts";
import security from "./security.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "portal-page-"));
  dirs.push(root);
  mkdirSync(join(root, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

const css = ".boot-splash{display:grid}\n";
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const link = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`;

describe("the page the server sends", () => {
  it("carries its stylesheet inside it, admitted by the CSP through its hash alone", async () => {
    const root = build({
      "index.html": `<head>${link("/assets/index-A.css")}</head>`,
      "assets/index-A.css": css,
    });
    const page = readPortalPage(root);
    expect(page?.html).toBe(
      `<head><style>${css}</style><link rel="stylesheet" type="text/x-inlined" href="/assets/index-A.css"></head>`,
    );
    expect(page?.styleHashes).toEqual([hashOf(css)]);

    const app = Fastify();
    await app.register(security, {
      rateLimitPerMinute: 100,
      styleHashes: page?.styleHashes ?? [],
      captcha: { enabled: true, siteKey: "sandbox-captcha-site-key" },
      analytics: { tagManagerAllowed: false, tagManagerId: "" },
      hsts: () => null,
    });
    app.get("/", async () => "ok");
    const reply = await app.inject({ method: "GET", url: "/" });
    await app.close();
    expect(reply.headers["content-security-policy"]).toContain(`style-src 'self' ${hashOf(css)};`);
  });

  it("keeps a stylesheet as a link when it could close its element, or is missing", () => {
    const hostile = "a::after{content:'</style><script>alert(1)</script>'}";
    const root = build({
      "index.html": `<head>${link("/assets/bad-B.css")}${link("/assets/gone-C.css")}</head>`,
      "assets/bad-B.css": hostile,
    });
    const page = readPortalPage(root);
    expect(page?.html).toBe(`<head>${link("/assets/bad-B.css")}${link("/assets/gone-C.css")}</head>`);
    expect(page?.styleHashes).toEqual([]);
  });

  it("is null without a build", () => {
    expect(readPortalPage(null)).toBeNull();
    expect(readPortalPage(build({}))).toBeNull();
  });
});
