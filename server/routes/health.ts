import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail, ok } from "../http/envelope.ts";
import { createHealthRepository } from "../repositories/health.ts";

/** GET /healthz: 200 once the database answers. */
export default async function healthRoutes(app: FastifyInstance) {
  const health = createHealthRepository(app.db);
  app.get("/healthz", async (request, reply) => {
    try {
      await health.ping();
      return ok({ status: "ok", database: app.databaseDriver });
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return fail(reply, 503, [{ code: ErrorCode.unavailable, message: "Database unavailable." }]);
    }
  });
}
