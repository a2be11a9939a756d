import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail, ok } from "../http/envelope.ts";

/** GET /healthz: 200 once the database answers. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return ok({ status: "ok", database: app.databaseDriver });
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return fail(reply, 503, [{ code: ErrorCode.unavailable, message: "Database unavailable." }]);
    }
  });
}
