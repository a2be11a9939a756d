import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail } from "../http/envelope.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route hashes or verifies a password (scrypt): at most a few run per address at once. */
    passwordWork?: boolean;
  }
}

/** Password requests one address may have in progress at once; the next is refused with 429. */
export const defaultPasswordWorkPerAddress = 2;

const counted = Symbol("passwordWork");

/**
 * Per-address cap on requests that hash a password. The hashing line (domain/password.ts) bounds the
 * work the whole server does; this keeps one address from filling that line, so a flood from one place
 * is refused in microseconds (429, Retry-After) while riders elsewhere still get a hashing slot. The
 * per-minute rate limits count requests over time; this counts what is in progress, which is what
 * starves the others.
 */
export default fp(
  async function passwordWork(app: FastifyInstance, options: { perAddress: number }) {
    const inFlight = new Map<string, number>();
    const release = (request: FastifyRequest & { [counted]?: boolean }) => {
      if (!request[counted]) return;
      request[counted] = false;
      const left = (inFlight.get(request.ip) ?? 1) - 1;
      if (left <= 0) inFlight.delete(request.ip);
      else inFlight.set(request.ip, left);
    };

    app.addHook("onRequest", async (request: FastifyRequest & { [counted]?: boolean }, reply) => {
      if (!request.routeOptions.config.passwordWork) return;
      const running = inFlight.get(request.ip) ?? 0;
      if (running >= options.perAddress) {
        reply.header("Retry-After", "1");
        return fail(reply, 429, [
          { code: ErrorCode.rateLimited, message: "Too many requests. Try again shortly." },
        ]);
      }
      inFlight.set(request.ip, running + 1);
      request[counted] = true;
    });
    app.addHook("onResponse", async (request) => release(request));
    app.addHook("onRequestAbort", async (request) => release(request));
  },
  { name: "password-work" },
);
