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
export default fp(async function spa(app: FastifyInstance, options: { root: string | null }) {
  const root = options.root && existsSync(join(options.root, "index.html")) ? options.root : null;
  if (root) {
    await app.register(fastifyStatic, { root, index: false, wildcard: false, cacheControl: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (root && isPage) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return notFound(reply, `No route ${request.method} ${request.url.split("?")[0]}`);
  });
});
