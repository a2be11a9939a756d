import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WrittenForms } from "../../src/domain/forms.ts";
import { isApiPath, notFound } from "../http/envelope.ts";
import type { PortalPage } from "./page.ts";
import { routePreloads, withPreloads } from "./preloads.ts";

/**
 * Serves the built portal from `root`. Any GET outside the API prefixes that is not a file gets
 * index.html, so deep links work; API prefixes always answer with the JSON envelope.
 * - The build writes a Brotli and a gzip copy beside each text file (vite.config.ts), sent to a browser
 *   that accepts them, so no request pays for compressing a static file.
 * - Caching is the security plugin's: hashed assets for a year, everything else revalidated.
 * - The page for a route names its screen's chunks as module preloads (plugins/preloads.ts), so they
 *   download alongside the entry. Each distinct page is made and compressed once, when first asked for.
 * - A script's source map is named by a `SourceMap` header, not by a comment at the end of the script
 *   (vite.config.ts builds "hidden" maps): the browser's developer tools find it just the same, and
 *   no rider downloads the comment, about 55 bytes gzip in each of the dozens of chunks (issue 16).
 */
export default fp(async function spa(
  app: FastifyInstance,
  options: {
    root: string | null;
    /** The build's page as read at start (plugins/page.ts). */
    page: PortalPage | null;
    flows: string | null;
    /** Written into the page, so the portal boots without asking GET /portal-config first. */
    config: unknown;
    /**
     * Form definitions written into the page (src/services/forms.service.ts reads them), so a first
     * screen that needs one draws without asking POST /transit/api/get_form first.
     */
    forms: WrittenForms;
  },
) {
  const root = options.root && existsSync(join(options.root, "index.html")) ? options.root : null;
  // Made once: the page with its stylesheet and the configuration inside; then, once for each set of
  // preloads, that page with them and its compressed copies (a handful: screens share their modules).
  const html =
    root && options.page
      ? withConfig(withDataBlock(options.page.html, "portal-forms", options.forms), options.config)
      : null;
  const preloadsAt = routePreloads(root);
  const pages = new Map<string, Encoded>();
  const pageFor = (base: string, path: string): Encoded => {
    const files = preloadsAt(path);
    const key = files.join(" ");
    let page = pages.get(key);
    if (!page) {
      page = encodings(withPreloads(base, files));
      pages.set(key, page);
    }
    return page;
  };
  if (root) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: sourceMapHeader(join(root, "assets")),
      // The page is always the one with the configuration in it (below), under any path.
      allowedPath: (path) => path !== "/index.html",
    });
  }
  // The product owners' flows site (npm run flows) when dev tools are on. Until its pages exist (npm
  // start draws them in the background on a fresh clone: server/main.ts), /flows/ says they are being
  // drawn and looks again by itself, instead of "Page not found" until a restart (issue 34).
  const flows = options.flows;
  if (flows) {
    mkdirSync(flows, { recursive: true });
    app.addHook("onRequest", async (request, reply) => {
      // Every request passes here: only /flows/ looks further.
      if (!request.url.startsWith("/flows/")) return;
      const path = request.url.split("?")[0];
      if ((path === "/flows/" || path === "/flows/index.html") && !existsSync(join(flows, "index.html"))) {
        return reply
          .code(503)
          .header("Retry-After", "10")
          .header("Cache-Control", "no-store")
          .type("text/html; charset=utf-8")
          .send(flowsBeingDrawnPage);
      }
    });
    await app.register(fastifyStatic, {
      root: flows,
      prefix: "/flows/",
      index: "index.html",
      decorateReply: false,
      cacheControl: false,
    });
    app.get("/flows", (_request, reply) => reply.redirect("/flows/"));
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a tab open across a deploy asking for an old chunk) is a 404, never the
    // page: a script that gets HTML fails with a MIME error instead of a clear "not found".
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      !request.url.startsWith("/assets/");
    if (html && isPage) {
      const page = pageFor(html, request.url.split("?")[0] ?? "/");
      const encoding = negotiate(String(request.headers["accept-encoding"] ?? ""), ["br", "gzip"]);
      reply
        .header("Cache-Control", "no-cache")
        .header("Vary", "Accept-Encoding")
        .type("text/html; charset=utf-8");
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    }
    return notFound(reply, `No route ${request.method} ${request.url.split("?")[0]}`);
  });
});

/**
 * Sets `SourceMap` on a build file that has a map beside it. The build's files never change while
 * the server runs, so which ones have a map is read once. The path is the file sent: a compressed
 * copy ends in `.br` or `.gz`.
 */
function sourceMapHeader(
  assets: string,
): (reply: { header(name: string, value: string): unknown }, path: string) => void {
  const mapped = new Set(
    existsSync(assets)
      ? readdirSync(assets)
          .filter((name) => name.endsWith(".map"))
          .map((name) => name.slice(0, -".map".length))
      : [],
  );
  return (reply, path) => {
    const sent = path.replace(/\.(br|gz)$/, "");
    const file = basename(sent);
    if (dirname(sent) === assets && mapped.has(file)) reply.header("SourceMap", `/assets/${file}.map`);
  };
}

/**
 * The page with the deployment's configuration in it, as a JSON data block the browser never runs (so
 * the CSP's script-src is untouched): the portal reads it at boot instead of waiting for a request
 * after its script has loaded (issue 16: one round trip less before the first screen). Every `<` is
 * escaped, so no value can close the element.
 */
export function withConfig(html: string, config: unknown): string {
  return withDataBlock(html, "portal-config", config);
}

/** The page with `value` in it as a JSON data block named `id`, escaped as withConfig says. */
export function withDataBlock(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script type="application/json" id="${id}">${json}</script></head>`);
}

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The page, and its Brotli and gzip copies made once, as the build makes them for its files. */
function encodings(html: string): Encoded {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** /flows/ while its pages are being drawn: says so, and looks again every 10 seconds. */
const flowsBeingDrawnPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10">
<title>Flows are being drawn</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}</style>
</head>
<body>
<main>
<h1>The flows are being drawn</h1>
<p role="status">The portal started without its flows site, so it is drawing it now (about a minute on a
fresh clone). This page looks again every 10 seconds.</p>
</main>
</body>
</html>
`;
