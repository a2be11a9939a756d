import type { FastifyInstance } from "fastify";
import { ok } from "../http/envelope.ts";

interface IssueBody {
  rider_type?: "ADULT" | "YOUTH" | "SENIOR";
  type?: "PHYSICAL" | "VIRTUAL";
  balance?: number;
}

const issueSchema = {
  body: {
    type: ["object", "null"],
    additionalProperties: false,
    properties: {
      rider_type: { type: "string", enum: ["ADULT", "YOUTH", "SENIOR"] },
      type: { type: "string", enum: ["PHYSICAL", "VIRTUAL"] },
      balance: { type: "integer", minimum: 0, maximum: 1_000_000 },
    },
  },
} as const;

/**
 * Development only (registered with the dev mailbox): issues a fresh unlinked fare card, so end-to-end
 * tests can link new cards to new riders. `balance` is general funds posted from `opening`.
 */
export default async function devCardRoutes(app: FastifyInstance) {
  app.post<{ Body: IssueBody | null }>(
    "/dev/transit/fare_media",
    { schema: issueSchema },
    async (request, reply) => {
      const body = request.body ?? {};
      const card = await app.fareMedia.issueUnlinked({
        riderType: body.rider_type ?? "ADULT",
        type: body.type ?? "PHYSICAL",
        balance: body.balance ?? 0,
      });
      return reply.code(201).send(ok(card));
    },
  );
}
