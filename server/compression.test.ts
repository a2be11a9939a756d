import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { immutableAssets } from "./plugins/security.ts";
import { withConfig, withDataBlock } from "./plugins/spa.ts";
import { deploymentFile, freshDatabase } from "./test/helpers.ts";

/*
 * What a browser gets on the wire: the build's precompressed copies of static files, long-cached hashed
 * assets, revalidated pages, and API replies compressed on the fly. The static root is a small build of
 * its own, written as vite.config.ts's precompress plugin writes one.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
const staticDir = mkdtempSync(join(tmpdir(), "portal-static-"));
const script = `export const answer = ${JSON.stringify("x".repeat(4000))};\n`;
const sourceMap = JSON.stringify({ version: 3, sources: ["../src/main.ts"], mappings: "" });
const page = `<!doctype html><html><head><title>portal</title></head><body>${"<p>page</p>".repeat(200)}</body></html>`;

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${path}.gz`, gzipSync(Buffer.from(text)));
}

function decoded(reply: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = reply.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(reply.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(reply.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return reply.rawPayload.toString();
}

/** The sign-in form as POST /transit/api/get_form answers it in `language`. */
async function signInForm(language: string) {
  const reply = await app.inject({
    method: "POST",
    url: "/transit/api/get_form",
    payload: { form_method: "SIGN_IN", langCode: language },
  });
  return reply.json().data;
}

/** The page as served: the build's, with the sign-in form and the deployment's configuration in it. */
async function pageWithConfig() {
  const config = await app.inject({ method: "GET", url: "/portal-config" });
  const forms = { language: "en", forms: [await signInForm("en")] };
  return withConfig(withDataBlock(page, "portal-forms", forms), config.json().data);
}

beforeAll(async () => {
  mkdirSync(join(staticDir, "assets"));
  writeWithCopies(join(staticDir, "index.html"), page);
  writeWithCopies(join(staticDir, "assets", "main-Ab12Cd34.js"), script);
  writeWithCopies(join(staticDir, "assets", "main-Ab12Cd34.js.map"), sourceMap);
  writeFileSync(join(staticDir, "assets", "small-Ef56Gh78.js"), "export const b = 1;\n");
  const portalConfig = await loadPortalConfig(deploymentFile);
  database = await freshDatabase(portalConfig);
  app = await buildApp({ database, portalConfig, staticDir, devMailbox: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("static files", () => {
  it("sends a hashed asset as Brotli, gzip or plain, as the browser accepts, cached for a year", async () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=1", "gzip"],
      ["identity", undefined],
      [undefined, undefined],
    ] as const) {
      const reply = await app.inject({
        method: "GET",
        url: "/assets/main-Ab12Cd34.js",
        headers: accept === undefined ? {} : { "accept-encoding": accept },
      });
      expect(reply.statusCode, String(accept)).toBe(200);
      expect(reply.headers["content-encoding"], String(accept)).toBe(encoding);
      expect(reply.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(reply.headers["cache-control"]).toBe(immutableAssets);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(reply)).toBe(script);
      expect(reply.headers.sourcemap, String(accept)).toBe("/assets/main-Ab12Cd34.js.map");
    }
  });

  it("names a script's source map in a header, and only where the build wrote one", async () => {
    const map = await app.inject({ method: "GET", url: "/assets/main-Ab12Cd34.js.map" });
    expect(map.statusCode).toBe(200);
    expect(decoded(map)).toBe(sourceMap);
    expect(map.headers.sourcemap).toBeUndefined();
    const unmapped = await app.inject({ method: "GET", url: "/assets/small-Ef56Gh78.js" });
    expect(unmapped.statusCode).toBe(200);
    expect(unmapped.headers.sourcemap).toBeUndefined();
    const missing = await app.inject({ method: "GET", url: "/assets/gone-00000000.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.sourcemap).toBeUndefined();
  });

  it("sends deep links the page compressed and revalidated, never long-cached", async () => {
    for (const url of ["/login", "/products/rail", "/index.html"]) {
      const reply = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers["cache-control"], url).toBe("no-cache");
      expect(reply.headers["content-type"]).toMatch(/^text\/html/);
      expect(decoded(reply)).toBe(await pageWithConfig());
    }
  });

  it("writes the configuration GET /portal-config serves into the page, escaped so nothing closes its element", async () => {
    const served = await app.inject({ method: "GET", url: "/login" });
    const block = /<script type="application\/json" id="portal-config">(.*?)<\/script><\/head>/.exec(
      served.body,
    );
    const config = await app.inject({ method: "GET", url: "/portal-config" });
    expect(JSON.parse(block?.[1] ?? "null")).toEqual(config.json().data);
    const hostile = withConfig(page, { name: "</script><script>alert(1)</script><!--" });
    expect(hostile).not.toContain("</script><script>");
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
    const inline = /id="portal-config">(.*?)<\/script>/.exec(hostile)?.[1] ?? "";
    expect(JSON.parse(inline)).toEqual({ name: "</script><script>alert(1)</script><!--" });
  });

  it("writes the sign-in form, as POST /transit/api/get_form answers it in the default language, into the page", async () => {
    const config = (await app.inject({ method: "GET", url: "/portal-config" })).json().data;
    const defaultLanguage = (config.locales as { code: string; is_default: boolean }[]).find(
      (locale) => locale.is_default,
    )?.code;
    expect(defaultLanguage).toBe("en");
    const served = await app.inject({ method: "GET", url: "/products/rail" });
    const block = /<script type="application\/json" id="portal-forms">(.*?)<\/script>/.exec(served.body);
    expect(JSON.parse(block?.[1] ?? "null")).toEqual({ language: "en", forms: [await signInForm("en")] });
  });

  it("answers a missing asset with the JSON envelope's 404, not the page", async () => {
    const reply = await app.inject({
      method: "GET",
      url: "/assets/gone-00000000.js",
      headers: { "accept-encoding": "br" },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers["cache-control"]).not.toBe(immutableAssets);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("copes with hostile Accept-Encoding headers, on a file and on the page", async () => {
    const withItsConfig = await pageWithConfig();
    for (const [url, body] of [
      ["/assets/main-Ab12Cd34.js", script],
      ["/login", withItsConfig],
    ] as const) {
      for (const accept of ["\u0000", "br\u0000gzip", "*;q=abc", ",".repeat(2000), "x".repeat(8000), "*"]) {
        const reply = await app.inject({ method: "GET", url, headers: { "accept-encoding": accept } });
        expect(reply.statusCode, `${url} ${JSON.stringify(accept.slice(0, 20))}`).toBeLessThan(500);
        if (reply.statusCode === 200) expect(decoded(reply)).toBe(body);
      }
    }
  });

  it("serves parallel requests in mixed encodings each with its own bytes", async () => {
    const accepts = ["br", "gzip", "identity", "gzip, br"];
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        app.inject({
          method: "GET",
          url: index % 5 === 0 ? "/account/profile" : "/assets/main-Ab12Cd34.js",
          headers: { "accept-encoding": accepts[index % accepts.length] ?? "br" },
        }),
      ),
    );
    const withItsConfig = await pageWithConfig();
    replies.forEach((reply, index) => {
      expect(reply.statusCode).toBe(200);
      expect(decoded(reply)).toBe(index % 5 === 0 ? withItsConfig : script);
    });
  });
});

describe("API replies", () => {
  it("compress a reply over 1 KiB for a client that accepts it, and only then", async () => {
    const plain = await app.inject({ method: "GET", url: "/portal-config" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const reply = await app.inject({
        method: "GET",
        url: "/portal-config",
        headers: { "accept-encoding": encoding },
      });
      expect(reply.headers["content-encoding"]).toBe(encoding);
      expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(reply))).toEqual(plain.json());
    }
  });

  it("leave a small reply alone", async () => {
    const reply = await app.inject({ method: "GET", url: "/healthz", headers: { "accept-encoding": "br" } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-encoding"]).toBeUndefined();
  });

  it("never inflate a compressed request body (no zip bomb gets in)", async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    const reply = await app.inject({
      method: "POST",
      url: "/accounts/users/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: bomb,
    });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
  });

  it("refuse an empty body as before, compressed or not", async () => {
    const reply = await app.inject({
      method: "POST",
      url: "/accounts/users/login",
      headers: { "content-type": "application/json", "accept-encoding": "br" },
      payload: "",
    });
    expect(reply.statusCode).toBe(400);
    expect(JSON.parse(decoded(reply))).toMatchObject({ data: null, errors: expect.any(Array) });
  });
});
