import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Clock, systemClock } from "../domain/clock.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The time every expiry is decided by (the system clock unless a test gives its own). */
    clock: Clock;
  }
}

/** `app.clock`: the system clock unless one is given (tests move a manual clock, main.ts an offset one). */
export default fp(
  async function clock(app: FastifyInstance, options: { clock?: Clock }) {
    app.decorate("clock", options.clock ?? systemClock);
  },
  { name: "clock" },
);
