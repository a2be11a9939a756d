import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { manifestPath, routePreloads, withPreloads } from "./preloads.ts";

/*
 * The page sent for a route names its screen's chunks as module preloads, read from the build's
 * manifest: here a small build of its own, shaped as Vite writes one (`build.manifest`).
 */
const manifest = {
  "index.html": {
    file: "assets/index-Aa11.js",
    isEntry: true,
    dynamicImports: ["src/views/screens/LandingScreen.tsx"],
  },
  "src/views/screens/LandingScreen.tsx": {
    file: "assets/LandingScreen-Bb22.js",
    isDynamicEntry: true,
    imports: ["index.html", "_SessionViews-Cc33.js", "_Settled-Dd44.js"],
  },
  "_SessionViews-Cc33.js": {
    file: "assets/SessionViews-Cc33.js",
    imports: ["index.html", "_Settled-Dd44.js"],
  },
  "_Settled-Dd44.js": { file: "assets/Settled-Dd44.js", imports: ["index.html"] },
  "src/views/screens/ShopScreens.tsx": {
    file: "assets/ShopScreens-Ee55.js",
    isDynamicEntry: true,
    imports: ["index.html", "_Settled-Dd44.js"],
    dynamicImports: ["src/views/layout/CartDrawer.tsx"],
  },
  "src/views/layout/CartDrawer.tsx": { file: "assets/CartDrawer-Ff66.js", isDynamicEntry: true },
};
const page = `<!doctype html><html><head><title>portal</title><script type="module" crossorigin src="/assets/index-Aa11.js"></script></head><body><div id="root"></div></body></html>`;

function build(withManifest: boolean): string {
  const root = mkdtempSync(join(tmpdir(), "portal-preloads-"));
  writeFileSync(join(root, "index.html"), page);
  if (withManifest) {
    mkdirSync(join(root, ".vite"));
    writeFileSync(join(root, manifestPath), JSON.stringify(manifest));
  }
  return root;
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe("routePreloads", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("names a route's screen and every chunk it imports statically, once each, never the entry", () => {
    const root = build(true);
    roots.push(root);
    const at = routePreloads(root);
    expect(at("/login")).toEqual([
      "/assets/LandingScreen-Bb22.js",
      "/assets/SessionViews-Cc33.js",
      "/assets/Settled-Dd44.js",
    ]);
    expect(at("/")).toEqual(at("/login"));
    // A part the screen imports on demand (the cart drawer) waits until it is wanted.
    expect(at("/products/bus/monthly")).toEqual(["/assets/ShopScreens-Ee55.js", "/assets/Settled-Dd44.js"]);
  });

  it("names nothing for a path without a route, a screen the manifest does not know, or no manifest", () => {
    const root = build(true);
    const bare = build(false);
    roots.push(root, bare);
    expect(routePreloads(root)("/nowhere")).toEqual([]);
    expect(routePreloads(root)("/account/profile")).toEqual([]);
    expect(routePreloads(bare)("/login")).toEqual([]);
    expect(routePreloads(null)("/login")).toEqual([]);
  });

  it("adds one link per file inside the head, and leaves a page without preloads as it was", () => {
    const html = withPreloads(page, ["/assets/a-1.js", "/assets/b-2.js"]);
    expect(preloadsOf(html)).toEqual(["/assets/a-1.js", "/assets/b-2.js"]);
    expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf("</head>"));
    expect(withPreloads(page, [])).toBe(page);
  });
});

describe("the page as served", () => {
  let served: TestApp;
  let app: TestApp["app"];
  beforeAll(async () => {
    served = await createTestApp({ staticDir: build(true), devMailbox: false });
    app = served.app;
  });
  afterAll(() => served.close());

  it("names the chunks of the route asked for, whatever its query, in every encoding", async () => {
    for (const encoding of ["identity", "gzip", "br"]) {
      const reply = await app.inject({
        method: "GET",
        url: "/login?from=%2Faccount",
        headers: { "accept-encoding": encoding },
      });
      expect(reply.statusCode).toBe(200);
      const sent = reply.headers["content-encoding"];
      expect(sent).toBe(encoding === "identity" ? undefined : encoding);
      const body =
        sent === "br"
          ? brotliDecompressSync(reply.rawPayload).toString()
          : sent === "gzip"
            ? gunzipSync(reply.rawPayload).toString()
            : reply.body;
      expect(preloadsOf(body)).toEqual([
        "/assets/LandingScreen-Bb22.js",
        "/assets/SessionViews-Cc33.js",
        "/assets/Settled-Dd44.js",
      ]);
    }
  });

  it("sends an unknown path the page without preloads, refuses a NUL byte, and answers a HEAD", async () => {
    const unknown = await app.inject({ method: "GET", url: "/nowhere/deeper" });
    expect(unknown.statusCode).toBe(200);
    expect(preloadsOf(unknown.body)).toEqual([]);
    // A NUL byte in the path is refused before any page is made for it.
    const hostile = await app.inject({ method: "GET", url: "/login%00x" });
    expect(hostile.statusCode).toBe(400);
    const head = await app.inject({ method: "HEAD", url: "/products" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
  });

  it("does not serve the build's manifest: its path gets the page", async () => {
    const reply = await app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(reply.headers["content-type"]).toContain("text/html");
    expect(reply.body).not.toContain("isDynamicEntry");
  });

  it("answers 50 parallel requests for different routes each with its own page", async () => {
    const paths = ["/login", "/products", "/nowhere", "/"];
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const url = paths[index % paths.length] ?? "/";
        return app.inject({ method: "GET", url }).then((reply) => ({ url, reply }));
      }),
    );
    for (const { url, reply } of replies) {
      expect(reply.statusCode).toBe(200);
      expect(preloadsOf(reply.body).length).toBe(url === "/products" ? 2 : url === "/nowhere" ? 0 : 3);
    }
  });
});
