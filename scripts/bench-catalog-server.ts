/**
 * The server side of the product-search benchmark (npm run bench): the real app on a fresh database
 * (in-memory PGlite, or DATABASE_URL's PostgreSQL) whose catalogue is the demo one plus 10,000
 * generated products, and beside it a bare Fastify on its own port, in this same process so both get
 * the same CPU: a hello-world at GET /, and at POST /precomputed the exact bytes the app answers the
 * ENTITY 2-filter search with, taken once at start and replied from memory (what the search is
 * measured against). Prints one JSON line with both ports once they listen.
 */
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { buildApp } from "../server/app.ts";
import { loadPortalConfig } from "../server/config/portal-config.ts";
import { openDatabase } from "../server/db/client.ts";
import { productFilterValues, products } from "../server/db/schema.ts";
import { seedDemoData } from "../server/db/seed.ts";
import { childOrganizationId, demoCatalog } from "../server/db/seed-catalog.ts";
import { deploymentFile } from "../server/test/helpers.ts";
import { entityTwoFilters, searchHeaders, searchPath } from "./bench/search-requests.ts";

const generated = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const config = await loadPortalConfig(deploymentFile);
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: "postgres", url: process.env.DATABASE_URL }
    : { kind: "pglite", dataDir: null },
);
await database.migrate();
await seedDemoData(database.db, config);

// A deterministic pseudo-random catalogue: every product has a service, fare type, rider and
// duration; rail and ferry one-way tickets also an origin and a destination.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const { value } = demoCatalog;
const railStops = ["UNS", "UNI", "HBP", "APT"] as const;
const ferryStops = ["HPP", "IST", "NSH"] as const;
for (let start = 0; start < generated; start += 1_000) {
  const rows: Array<typeof products.$inferInsert> = [];
  const links: Array<typeof productFilterValues.$inferInsert> = [];
  for (let n = start; n < Math.min(start + 1_000, generated); n++) {
    const uuid = randomUUID();
    const service = pick(["bus", "rail", "ferry"] as const);
    const physical = service !== "ferry" && random() < 0.1;
    const rider = pick(["ADULT", "YOUTH", "SENIOR", "REDUCED"] as const);
    const duration = pick(["SINGLE", "DAY", "WEEK", "MONTH", "MULTI", "VALUE"] as const);
    rows.push({
      uuid,
      organizationId: service === "ferry" ? childOrganizationId : config.organization.parentUuid,
      name: `Generated ${service} product ${n}`,
      shortDescription: "A generated product for the search benchmark.",
      longDescription: "First line.\nSecond line.",
      alertMessage: random() < 0.05 ? "Mind the gap." : null,
      listPrice: 100 + Math.floor(random() * 20_000),
      subType: physical ? "PHYSICAL_PASS" : "DIGITAL_PASS",
      serviceType: service,
      shippingEnabled: physical,
      subscriptionAllowed: duration === "WEEK" || duration === "MONTH",
      themeBackgroundColor: "#0b5cad",
      listPriority: 1_000 + n,
      riderTypes: [rider],
      translations: { es: { name: `Producto generado ${n}` } },
    });
    const valueIds = [
      value("service", service),
      value("fareType", physical ? "PHYSICAL" : "DIGITAL"),
      value("rider", rider),
      value("duration", duration),
    ];
    if (!physical && service !== "bus" && duration === "SINGLE") {
      const stops = service === "rail" ? railStops : ferryStops;
      const origin = pick(stops);
      const destination = pick(stops.filter((stop) => stop !== origin));
      valueIds.push(value("origin", origin), value("destination", destination));
    }
    for (const valueUuid of valueIds) links.push({ productUuid: uuid, valueUuid });
  }
  await database.db.insert(products).values(rows);
  await database.db.insert(productFilterValues).values(links);
}

const app = await buildApp({
  database,
  portalConfig: config,
  staticDir: null,
  devMailbox: false,
  logLevel: "silent",
  // The benchmark measures the search, not the per-address limiter.
  rateLimitPerMinute: 100_000_000,
});
const reference = await app.inject({
  method: "POST",
  url: searchPath,
  headers: searchHeaders,
  payload: JSON.stringify(entityTwoFilters),
});
if (reference.statusCode !== 200) throw new Error(`the reference search answered ${reference.statusCode}`);
const precomputed = reference.rawPayload;
const precomputedType = String(reference.headers["content-type"]);
const hello = Fastify({ logger: false });
hello.get("/", async () => ({ hello: "world" }));
hello.post("/precomputed", (_request, reply) => {
  reply.type(precomputedType).send(precomputed);
});
await app.listen({ port: 0, host: "127.0.0.1" });
await hello.listen({ port: 0, host: "127.0.0.1" });
const portOf = (address: ReturnType<typeof app.server.address>) =>
  typeof address === "object" && address ? address.port : 0;
console.log(
  JSON.stringify({
    app: portOf(app.server.address()),
    hello: portOf(hello.server.address()),
    products: generated,
    precomputedBytes: precomputed.length,
  }),
);
process.on("SIGTERM", async () => {
  await Promise.all([app.close(), hello.close()]);
  await database.close();
  process.exit(0);
});
