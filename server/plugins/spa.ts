import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiPath, notFound } from "../http/envelope.ts";

/**
 * Serves the built portal from `root`. Any GET outside the API prefixes that is not a file gets
 * index.html, so deep links work; API prefixes always answer with the JSON envelope.
 */
export default fp(async function spa(
  app: FastifyInstance,
  options: { root: string | null; flows: string | null },
) {
  const root = options.root && existsSync(join(options.root, "index.html")) ? options.root : null;
  if (root) {
    await app.register(fastifyStatic, { root, index: false, wildcard: false, cacheControl: false });
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
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (root && isPage) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return notFound(reply, `No route ${request.method} ${request.url.split("?")[0]}`);
  });
});
