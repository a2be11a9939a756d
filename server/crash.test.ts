import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/pg-server.ts";
import { ErrorCode } from "../src/domain/envelope.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import {
  fareMedia,
  orderAttemptLegs,
  orderPayments,
  orderRequests,
  orders,
  sandboxCharges,
  users,
} from "./db/schema.ts";
import { demoCatalog } from "./db/seed-catalog.ts";
import { SandboxPaymentGateway } from "./gateways/payments/sandbox.ts";
import { sandboxCustomerId } from "./gateways/payments/sandbox-charges.ts";
import { idempotencyKeyHash, staleClaimMs } from "./services/orders/idempotency.ts";
import { expectBooksAgree } from "./test/books.ts";
import { databaseUrl } from "./test/database-templates.ts";
import { emptyDatabase } from "./test/helpers.ts";
import { testCardToken } from "./test/sandbox-cards.ts";

/*
 * kill -9 in the middle of a checkout storm (issue 33, item 2), on a real server process: `npm start`'s
 * server/main.ts on PostgreSQL under `npm run test:pg` (TEST_DATABASE_URL), on a PGlite data directory
 * otherwise. The first process kills itself with SIGKILL right after the sandbox gateway recorded its
 * third capture (SANDBOX_GATEWAY_KILL_AFTER=capture:3), so at least one rider is charged for an order
 * that was never committed while other orders are in flight. The next processes start on the same
 * database (two at once on PostgreSQL) with their clocks past the attempts' claims (CLOCK_OFFSET_MS,
 * instead of waiting): their start-up repairs finish or give back every stopped attempt, once. The rider then retries every request with its
 * key, and the books agree with the gateway charge by charge: nothing captured without an order,
 * nothing left authorized, no order charged twice.
 */

const root = resolve(import.meta.dirname, "..");
const secret = "crash-test-sandbox-secret-0123456789abcdef";
const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Running {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line of output that matches. */
  line(pattern: RegExp): Promise<string>;
}

/** `node server/main.ts` on the test's database, resolved once it says it is ready. */
async function startServer(
  database: Record<string, string>,
  extra: Record<string, string>,
): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      ...database,
      ...extra,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      SKIP_BUILD: "1",
      SEED_DEMO: "on",
      DEV_MAILBOX: "on",
      PASSWORD_HASH_COST: "10",
      SANDBOX_GATEWAY_SECRET: secret,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const waiters: Array<{ pattern: RegExp; found: (line: string) => void }> = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue;
      output.push(line);
      for (const waiter of waiters.filter((one) => one.pattern.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.found(line);
      }
    }
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  const line = (pattern: RegExp) => {
    const seen = output.find((one) => pattern.test(one));
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<string>((found) => waiters.push({ pattern, found })),
      exited.then((how) => {
        throw new Error(
          `the server exited (${JSON.stringify(how)}) before ${pattern}:\n${output.join("\n")}`,
        );
      }),
    ]);
  };
  await line(/Transit portal ready/);
  return { url: `http://127.0.0.1:${port}`, child, output, exited, line };
}

async function call(
  server: Running,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  json: { data?: Record<string, unknown>; errors?: Array<{ code?: number }> } & Record<string, unknown>;
}> {
  const reply = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  return { status: reply.status, json: text ? JSON.parse(text) : {} };
}

/** A one-time card token the servers accept (they share the sandbox's secret). */
const cardToken = (number: string) => testCardToken(new SandboxPaymentGateway({ secret }), number);

/** A new rider, signed up, confirmed through the dev mailbox and signed in, with a saved Visa. */
async function newRider(server: Running): Promise<{ email: string; token: string; method: string }> {
  const email = `crash-${randomUUID()}@example.org`;
  const password = "a long rider passphrase";
  const captcha = `sandbox-signup-${randomUUID()}`;
  expect((await call(server, "POST", "/transit/api/verify_google_captcha", { token: captcha })).status).toBe(
    200,
  );
  const signUp = await call(server, "POST", "/accounts/users", {
    first_name: "Kim",
    last_name: "Crash",
    email,
    password,
    locale: "en",
    captcha_token: captcha,
  });
  expect(signUp.status, JSON.stringify(signUp.json)).toBeLessThan(300);
  const mailbox = await call(server, "GET", "/dev/mailbox.json");
  const messages = (mailbox.json.data?.messages ?? []) as Array<{ recipient: string; body: string }>;
  const link = messages
    .find((message) => message.recipient === email)
    ?.body.match(/\/confirm\/([A-Za-z0-9_-]+)/);
  expect(link?.[1]).toBeDefined();
  expect((await call(server, "POST", "/accounts/users/confirm", { token: link?.[1] })).status).toBeLessThan(
    300,
  );
  const login = await call(server, "POST", "/accounts/users/login", { email, password });
  const token = String(login.json.data?.access_token ?? "");
  expect(token).not.toBe("");
  const saved = await call(
    server,
    "POST",
    "/transit/payment_methods",
    {
      token: cardToken("4242424242424242"),
      billing: { last_name: "Crash", address_1: "1 Main St", zip_code: "94103" },
    },
    { authorization: `Bearer ${token}` },
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(201);
  const method = (saved.json.data?.payment_method as { id: string } | undefined)?.id ?? "";
  return { email, token, method };
}

/** The database the servers share: a fresh PostgreSQL database, or a PGlite data directory. */
async function testDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  if (adminUrl) {
    const handle = await emptyDatabase();
    cleanups.push(() => handle.close());
    const [row] = await handle.db
      .select({ name: sql<string>`current_database()` })
      .from(sql`(select 1) as one`);
    const url = databaseUrl(adminUrl, String(row?.name));
    return { env: { DATABASE_URL: url }, open: async () => handle };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "crash-test-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dataDir },
    open: async () => {
      const handle = await openDatabase({ kind: "pglite", dataDir });
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      cleanups.push(close);
      return { ...handle, close };
    },
  };
}

describe("kill -9 of a server process in the middle of a checkout storm", () => {
  it("leaves nothing charged without an order once a second process has started", {
    timeout: 120_000,
  }, async () => {
    const database = await testDatabase();
    const first = await startServer(database.env, { SANDBOX_GATEWAY_KILL_AFTER: "capture:3" });
    const riders = [await newRider(first), await newRider(first), await newRider(first)];
    const search = await call(
      first,
      "POST",
      "/transit/v3.0/product/search",
      { return: "ENTITY" },
      { authorization: `Bearer ${riders[0]?.token}` },
    );
    const results = (search.json.data?.results ?? []) as Array<{ uuid: string; list_price: number }>;
    const price = results.find((product) => product.uuid === demoCatalog.products.dayPass)?.list_price ?? 0;
    expect(price).toBeGreaterThan(0);

    // Eight orders from three riders at once, each with its own key: the third capture kills the process.
    // Every other one is split: 100 from the saved card, the rest from a one-time card (issue 48, item 5).
    const attempts = Array.from({ length: 8 }, (_, n) => {
      const rider = riders[n % riders.length];
      if (!rider) throw new Error("no rider");
      const quantity = 1 + (n % 2);
      const total = price * quantity;
      const split = n % 2 === 1;
      return {
        rider,
        key: randomUUID(),
        split,
        body: {
          lines: [{ product: demoCatalog.products.dayPass, quantity }],
          pass_destination: "account",
          expected_total: total,
          payments: split
            ? [
                { kind: "saved", payment_method: rider.method, amount: 100 },
                { kind: "card", token: cardToken("5555555555554444"), amount: total - 100 },
              ]
            : [{ kind: "saved", payment_method: rider.method, amount: total }],
        },
      };
    });
    const place = (server: Running, attempt: (typeof attempts)[number]) =>
      call(server, "POST", "/transit/orders", attempt.body, {
        authorization: `Bearer ${attempt.rider.token}`,
        "idempotency-key": attempt.key,
      });
    const storm = await Promise.allSettled(attempts.map((attempt) => place(first, attempt)));
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    const answered = storm.filter((one) => one.status === "fulfilled").length;
    expect(answered, "the kill came while orders were in flight").toBeLessThan(attempts.length);

    // What the kill left, read while no server runs on the data (PGlite takes one process at a time).
    const peek = async () => {
      const handle = await database.open();
      const riderIds = (
        await handle.db.select({ id: users.id }).from(users).where(sql`${users.email} like 'crash-%'`)
      ).map((row) => row.id);
      const charges = await handle.db
        .select()
        .from(sandboxCharges)
        .where(sql`${sandboxCharges.customerId} in ${riderIds.map(sandboxCustomerId)}`);
      const paid = new Set(
        (await handle.db.select({ id: orderPayments.authorizationId }).from(orderPayments)).map(
          (row) => row.id,
        ),
      );
      const stranded = charges.filter((charge) => charge.captured > charge.refunded && !paid.has(charge.id));
      const openLegs = await handle.db.select().from(orderAttemptLegs);
      const unanswered = await handle.db
        .select()
        .from(orderRequests)
        .where(sql`${orderRequests.replyStatus} is null`);
      return { handle, riderIds, charges, stranded, openLegs, unanswered };
    };
    const after = await peek();
    expect(after.stranded.length, "a rider was charged for an order never committed").toBeGreaterThan(0);
    expect(after.openLegs.length).toBeGreaterThan(0);
    // The attempts whose claim was left with no leg recorded: nothing of theirs was held (a split's
    // one-time card is attached and recorded before any leg is authorized).
    const legless = new Set(
      after.unanswered
        .filter((claim) => !after.openLegs.some((leg) => leg.orderId === claim.orderId))
        .map((claim) => claim.key),
    );
    if (!adminUrl) await after.handle.close();

    // The next processes, their clocks past the claims: on PostgreSQL two start at once, as instances
    // behind a balancer do, and their start-up repairs give back or finish each attempt once between
    // them; PGlite takes one process at a time.
    const later = { CLOCK_OFFSET_MS: String(staleClaimMs + 60_000) };
    const successors = await Promise.all(
      Array.from({ length: adminUrl ? 2 : 1 }, () => startServer(database.env, later)),
    );
    const repairs = await Promise.all(
      successors.map(async (server) =>
        Number((await server.line(/Start-up repair: (\d+) stopped/)).match(/(\d+) stopped/)?.[1]),
      ),
    );
    expect(repairs.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(repairs.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(after.unanswered.length);
    // The riders retry every request with its key, on any instance, and each gets its order: the one
    // the repair finished from the recorded request, the one placed before the kill, or (never begun)
    // a new one; never a second charge.
    const retries = await Promise.all(
      attempts.map((attempt, n) => place(successors[n % successors.length] ?? first, attempt)),
    );
    // A split that stopped before its one-time card was attached cannot be finished without the token
    // (the claim keeps only its digest): it held nothing, says so, and the rider places it again.
    const placedAgain = await Promise.all(
      retries.map(async (retry, n) => {
        const attempt = attempts[n];
        if (!attempt || retry.status === 201) return retry;
        expect(
          attempt.split && legless.has(idempotencyKeyHash(attempt.key)),
          JSON.stringify(retry.json),
        ).toBe(true);
        expect(retry.status).toBe(422);
        expect(retry.json.errors?.[0]?.code).toBe(ErrorCode.orderNotPlaced);
        return place(successors[0] ?? first, { ...attempt, key: randomUUID() });
      }),
    );
    for (const retry of placedAgain) expect(retry.status, JSON.stringify(retry.json)).toBe(201);
    const orderIds = placedAgain.map((retry) => JSON.stringify(retry.json.data));
    expect(new Set(orderIds).size).toBe(attempts.length);
    for (const server of successors) {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    }

    const repaired = await peek();
    expect(repaired.stranded).toEqual([]);
    expect(repaired.openLegs).toEqual([]);
    expect(repaired.unanswered).toEqual([]);
    const placed = await repaired.handle.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(sql`${orders.userId} in ${repaired.riderIds}`);
    expect(placed).toHaveLength(attempts.length);
    const cards = await repaired.handle.db
      .select({ id: fareMedia.id, userId: fareMedia.userId })
      .from(fareMedia)
      .where(sql`${fareMedia.userId} in ${repaired.riderIds}`);
    await expectBooksAgree(
      repaired.handle.db,
      repaired.riderIds.map((id) => ({
        id,
        cards: cards.filter((card) => card.userId === id).map((card) => card.id),
      })),
    );
  });
});
