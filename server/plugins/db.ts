import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    databaseDriver: DatabaseHandle["driver"];
  }
}

/** `app.db` and its driver: the database the caller opened (and closes after the app). */
export default fp(
  async function db(app: FastifyInstance, options: { database: DatabaseHandle }) {
    app.decorate("db", options.database.db);
    app.decorate("databaseDriver", options.database.driver);
  },
  { name: "db" },
);
