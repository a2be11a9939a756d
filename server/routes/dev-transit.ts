import type { FastifyInstance } from "fastify";
import type { TapRequest } from "../../src/domain/transit/taps.ts";
import { fail, ok } from "../http/envelope.ts";
import { localeFromHeader } from "../http/locale.ts";
import { riderOf } from "../plugins/auth.ts";

const text = { type: "string", minLength: 1, maxLength: 100 } as const;
const tapSchema = {
  body: {
    type: "object",
    required: ["route"],
    additionalProperties: false,
    properties: {
      route: text,
      at: { type: "string", format: "date-time", maxLength: 40 },
      key: text,
      stop: { type: "string", minLength: 1, maxLength: 80 },
      card_number: text,
      fare_medium: text,
      payment_method: text,
    },
    oneOf: [{ required: ["card_number"] }, { required: ["fare_medium"] }, { required: ["payment_method"] }],
  },
} as const;

/**
 * The tap simulator over HTTP, where the dev mailbox is on (the demo): the routes, and a tap of a fare
 * card (by number or id) or a saved bank card on one of them (src/domain/transit/taps.ts).
 */
export default async function devTransitRoutes(app: FastifyInstance) {
  app.get("/dev/transit/routes", async (request) =>
    ok({ routes: await app.taps.routes(localeFromHeader(request.headers["accept-language"])) }),
  );

  app.post<{ Body: TapRequest }>(
    "/dev/transit/taps",
    {
      schema: tapSchema,
      // A fare card is tapped by whoever holds it (its number, as a reader reads it); a saved bank
      // card only by its rider, signed in: its id alone must never charge it.
      preHandler: async (request, reply) => {
        if ("payment_method" in request.body) await app.requireRider(request, reply);
      },
    },
    async (request, reply) => {
      const owner = "payment_method" in request.body ? riderOf(request).id : undefined;
      const result = await app.taps.tap(
        request.body,
        localeFromHeader(request.headers["accept-language"]),
        owner,
      );
      if (!result.ok) return fail(reply, result.status, result.errors);
      return reply.code(201).send(ok({ tap: result.tap }));
    },
  );
}
