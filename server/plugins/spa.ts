import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiPath, notFound } from "../http/envelope.ts";

/**
 * Serves the built portal from `root`. Any GET outside the API prefixes that is not a file gets
 * index.html, so deep links work; API prefixes always answer with the JSON envelope.
 * - The build writes a Brotli and a gzip copy beside each text file (vite.config.ts), sent to a browser
 *   that accepts them, so no request pays for compressing a static file.
 * - Caching is the security plugin's: hashed assets for a year, everything else revalidated.
 */
export default fp(async function spa(
  app: FastifyInstance,
  options: { root: string | null; flows: string | null },
) {
  const root = options.root && existsSync(join(options.root, "index.html")) ? options.root : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
    });
  }
  // The product owners' flows site (npm run flows), when built and dev tools are on.
  if (options.flows && existsSync(join(options.flows, "index.html"))) {
    await app.register(fastifyStatic, {
      root: options.flows,
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
    if (root && isPage) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return notFound(reply, `No route ${request.method} ${request.url.split("?")[0]}`);
  });
});
