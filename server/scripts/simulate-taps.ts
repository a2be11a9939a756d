import { parseArgs } from "node:util";
import { buildApp } from "../app.ts";
import { readEnv } from "../config/env.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import { openDatabase } from "../db/client.ts";
import { prepareDatabase } from "../db/startup.ts";
import { createSandboxGateway } from "../gateways/payments/sandbox.ts";

/**
 * `npm run simulate:taps -- [--card <number>] [--route <code>] [--count <n>] [--payment-method <id>]`:
 * taps at a reader against the database of DATA_DIR / DATABASE_URL (as `npm start` opens it), through
 * the taps service, and prints each outcome. Defaults: the demo rider's commute card on route 10, once.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      card: { type: "string", default: "6000 0000 0000 0015" },
      route: { type: "string", default: "10" },
      count: { type: "string", default: "1" },
      "payment-method": { type: "string" },
    },
  });
  const count = Number(values.count);
  if (!Number.isSafeInteger(count) || count < 1 || count > 1000) throw new Error("--count is 1 to 1000");
  const env = readEnv();
  const portalConfig = await loadPortalConfig(env.deploymentFile);
  const database = await openDatabase(
    env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
  );
  // As `npm start` does: a fresh demo database gets the demo agency, rider and routes first.
  await prepareDatabase(database, portalConfig, { seedDemo: env.seedDemo });
  const app = await buildApp({
    database,
    portalConfig,
    staticDir: null,
    devMailbox: false,
    paymentGateway: createSandboxGateway({ secret: env.sandboxGatewaySecret, database: database.db }),
  });
  try {
    await app.ready();
    for (let n = 0; n < count; n++) {
      const method = values["payment-method"];
      const result = await app.taps.tap(
        method
          ? { route: values.route, payment_method: method }
          : { route: values.route, card_number: values.card },
      );
      if (!result.ok) {
        console.error(result.errors.map((error) => error.message).join("; "));
        process.exitCode = 1;
        break;
      }
      const { tap } = result;
      const money = (minor: number | null) => (minor === null ? "-" : (minor / 100).toFixed(2));
      console.log(
        `${tap.outcome.padEnd(8)} fare ${money(tap.fare)} charged ${money(tap.charged)} balance ${money(tap.balance_after)}${
          tap.transaction_number ? ` ${tap.transaction_number}` : ""
        }${tap.declined_reason ? ` (${tap.declined_reason})` : ""}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
