import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { hashSecret } from "../domain/password.ts";
import { createOutbox } from "../gateways/outbox.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { deploymentFile, freshDatabase } from "../test/helpers.ts";
import { createAccountService } from "./accounts.ts";

/**
 * Known and unknown emails must cost the same: the same statements, in the same order, on the same
 * tables. Each statement is recorded through drizzle's logger on the test database's own connection.
 */
let database: DatabaseHandle;
const statements: string[] = [];
let recorded: Database;

beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  recorded =
    database.driver === "pglite"
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger });
  await createAccountRepository(database.db).createIfNew({
    email: "known@example.org",
    passwordHash: await hashSecret("a fine long passphrase"),
    firstName: "Known",
    lastName: "Rider",
    mobile: null,
    locale: "en",
  });
});
afterAll(() => database?.close());

/** What a statement does and to which table, without its values. */
function shape(query: string): string {
  const verb = /^\s*(select|insert into|update|delete from)\b/i.exec(query)?.[1]?.toLowerCase();
  if (!verb) return query.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const table = (
    verb === "select" ? /\bfrom\s+"([a-z_]+)"/i : /^\s*\S+(?:\s+into|\s+from)?\s+"([a-z_]+)"/i
  ).exec(query)?.[1];
  return `${verb} ${table ?? "?"}`;
}

async function record(work: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await work();
  // node-postgres logs the transaction's begin and commit too, PGlite does not: compare the rest.
  return statements.map(shape).filter((statement) => statement !== "begin" && statement !== "commit");
}

describe("known and unknown emails do the same work", () => {
  const service = () =>
    createAccountService({
      db: recorded,
      outbox: createOutbox(recorded),
      publicUrl: "https://portal.test",
      requireVerifiedEmail: () => true,
    });

  it("forgot password runs the same statements on the same tables", async () => {
    const known = await record(() => service().requestPasswordReset("known@example.org"));
    const unknown = await record(() => service().requestPasswordReset("unknown@example.org"));
    expect(unknown).toEqual(known);
    expect(known).toEqual([
      "insert into attempt_budgets",
      "select users",
      "update account_tokens",
      "insert into account_tokens",
      "insert into outbox_messages",
    ]);
  });

  it("a wrong password runs the same statements as an unknown email", async () => {
    const known = await record(() => service().signIn("known@example.org", "wrong guess", "192.0.2.1"));
    const unknown = await record(() => service().signIn("unknown@example.org", "wrong guess", "192.0.2.1"));
    expect(unknown).toEqual(known);
    expect(known).toEqual(["insert into attempt_budgets", "insert into attempt_budgets", "select users"]);
  });
});
