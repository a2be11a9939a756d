/**
 * 50 riders at once against the real server (issues 16 and 33): each signs in from its own address
 * (the server trusts X-Forwarded-For from 127.0.0.1 and ::1, as behind the e2e proxy, so the
 * per-address sign-in limit of 20 a minute is each rider's own) through the portal's own HTTP client
 * (src/services/http.ts), which waits what a busy server's Retry-After asks and tries again; then all
 * 50 read their profile (GET /accounts/users/me) over and over for a few seconds. On one server, or
 * on two sharing one PostgreSQL (riders alternate between them). Figures are reported, never asserted.
 */
import { type DatabaseTarget, openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { demoCatalog } from "../../server/db/seed-catalog.ts";
import { hashSecret } from "../../server/domain/password.ts";
import { SandboxPaymentGateway } from "../../server/gateways/payments/sandbox.ts";
import { testCardToken } from "../../server/test/sandbox-cards.ts";
import { createHttpClient } from "../../src/services/http.ts";
import { createPortalStorage } from "../../src/services/storage.ts";
import { type BenchRow, ms, reportOnly } from "./table.ts";

const benchRiderCount = 50;
/** The sandbox secret the bench's servers share, so the bench makes card tokens they accept. */
export const benchGatewaySecret = "bench-sandbox-secret-0123456789abcdef0123";
const password = "bench rider passphrase";
const riderEmail = (n: number) => `bench-rider-${n}@example.org`;
const riderAddress = (n: number) => `198.18.0.${n + 1}`;

/**
 * Puts the bench riders (confirmed, one password) into a database: the PGlite of a DATA_DIR (its
 * server stopped) or a PostgreSQL that servers share.
 */
export async function addBenchRiders(target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target);
  try {
    const passwordHash = await hashSecret(password);
    await database.db
      .insert(users)
      .values(
        Array.from({ length: benchRiderCount }, (_, n) => ({
          id: crypto.randomUUID(),
          email: riderEmail(n),
          passwordHash,
          firstName: "Bench",
          lastName: `Rider ${n}`,
          locale: "en",
          emailConfirmed: true,
        })),
      )
      .onConflictDoNothing();
  } finally {
    await database.close();
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

interface Attempt {
  status: number;
  ms: number;
  token: string | null;
  /** Times the portal's client waited on a busy answer before this one. */
  waits: number;
}

/** A Storage in memory: the portal's client reads the language and the tokens from one. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

/** Rider `n` signs in as the portal does: its HTTP client, busy answers waited out. */
async function signIn(base: string, n: number): Promise<Attempt> {
  let waits = 0;
  const client = createHttpClient({
    storage: createPortalStorage(new MemoryStorage()),
    clientId: () => null,
    signals: {
      sessionExpired: () => {},
      networkLost: () => {},
      accountDeactivated: () => {},
      serverBusy: () => {},
    },
    wait: (ms) => {
      waits++;
      return new Promise((done) => setTimeout(done, ms));
    },
  });
  const started = performance.now();
  try {
    const reply = await client.request<{ access_token?: string }>(`${base}/accounts/users/login`, {
      method: "POST",
      body: { email: riderEmail(n), password },
      headers: { "x-forwarded-for": riderAddress(n) },
    });
    return { status: 200, ms: performance.now() - started, token: reply?.access_token ?? null, waits };
  } catch (error) {
    const status = typeof error === "object" && error && "status" in error ? Number(error.status) : 0;
    return { status, ms: performance.now() - started, token: null, waits };
  }
}

const statusCounts = (attempts: readonly Attempt[]) => {
  const counts = new Map<number, number>();
  for (const attempt of attempts) counts.set(attempt.status, (counts.get(attempt.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(", ");
};
const p50p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}`;
};

/**
 * Sign-in of 50 riders at once through the portal's client (each waits out busy answers), then all 50
 * profiles under load, against the servers at `bases` (rider n on `bases[n % bases.length]`).
 */
export async function ridersBenchmark(bases: readonly string[], seconds: number): Promise<BenchRow[]> {
  const at = (n: number) => bases[n % bases.length] ?? "";
  const stormStarted = performance.now();
  const atOnce = await Promise.all(Array.from({ length: benchRiderCount }, (_, n) => signIn(at(n), n)));
  const allIn = performance.now() - stormStarted;
  const tokens = atOnce.map((attempt) => attempt.token);
  const signedIn = tokens.flatMap((token) => (token ? [{ token }] : []));
  if (signedIn.length < benchRiderCount) {
    throw new Error(
      `only ${signedIn.length} of ${benchRiderCount} bench riders signed in (${statusCounts(atOnce)})`,
    );
  }

  const profileTimes: number[] = [];
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    signedIn.map(async ({ token }, n) => {
      while (performance.now() < until) {
        const sent = performance.now();
        const response = await fetch(`${at(n)}/accounts/users/me`, {
          headers: { authorization: `Bearer ${token}`, "x-forwarded-for": riderAddress(n) },
        });
        await response.arrayBuffer();
        if (response.status === 429) {
          refused++;
          const wait = Number(response.headers.get("retry-after") ?? "1");
          await new Promise((done) => setTimeout(done, Math.min(wait, seconds) * 1000));
          continue;
        }
        if (!response.ok) throw new Error(`bench rider ${n}: profile answered ${response.status}`);
        profileTimes.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  profileTimes.sort((a, b) => a - b);
  const checkouts = await checkoutStorm(signedIn, at);
  const servers = bases.length === 1 ? "one server" : `${bases.length} servers on one PostgreSQL`;
  const of = `${benchRiderCount} riders at once, ${servers}`;
  const waited = atOnce.filter((attempt) => attempt.waits > 0);
  return [
    reportOnly(`sign-in, ${of}: all in after`, ms(allIn)),
    reportOnly(
      `  each rider's sign-in p50 / p99 (busy answers waited out)`,
      `${p50p99(atOnce.map((a) => a.ms))}; ${waited.length} waited, ${atOnce.reduce((sum, a) => sum + a.waits, 0)} waits in all`,
    ),
    reportOnly(
      `profile (GET /accounts/users/me), ${of} for ${seconds} s: p50 / p99`,
      `${ms(percentile(profileTimes, 0.5))} / ${ms(percentile(profileTimes, 0.99))} (${Math.round(profileTimes.length / elapsed)} req/s${refused ? `, ${refused} x 429` : ""})`,
    ),
    ...checkouts.map((round, n) =>
      reportOnly(
        `checkout (POST /transit/orders), ${of}, round ${n + 1}: all placed after; p50 / p99`,
        `${ms(round.allIn)}; ${p50p99(round.times)}`,
      ),
    ),
  ];
}

/**
 * 50 checkouts at once, twice: every rider places a day pass paid by a saved card (made untimed
 * before), each with its own Idempotency-Key, as a rider's checkout does. Each order's time and when
 * the last was placed; every order must be placed (201).
 */
async function checkoutStorm(
  riders: ReadonlyArray<{ token: string }>,
  at: (n: number) => string,
): Promise<Array<{ allIn: number; times: number[] }>> {
  const gateway = new SandboxPaymentGateway({ secret: benchGatewaySecret });
  const post = async (n: number, path: string, body: unknown, token: string, key?: string) => {
    const response = await fetch(`${at(n)}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-forwarded-for": riderAddress(n),
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { data?: Record<string, unknown> } };
  };
  const methods = await Promise.all(
    riders.map(async ({ token }, n) => {
      const saved = await post(
        n,
        "/transit/payment_methods",
        {
          token: testCardToken(gateway),
          billing: { last_name: "Rider", address_1: "1 Main St", zip_code: "94103" },
        },
        token,
      );
      const method = (saved.json.data?.payment_method as { id?: string } | undefined)?.id;
      if (saved.status !== 201 || !method)
        throw new Error(`bench rider ${n}: card not saved (${saved.status})`);
      return method;
    }),
  );
  const search = await post(0, "/transit/v3.0/product/search", { return: "ENTITY" }, riders[0]?.token ?? "");
  const products = (search.json.data?.results ?? []) as Array<{ uuid: string; list_price: number }>;
  const price = products.find((product) => product.uuid === demoCatalog.products.dayPass)?.list_price;
  if (!price) throw new Error("bench: no day pass price");
  const rounds: Array<{ allIn: number; times: number[] }> = [];
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    const times = await Promise.all(
      riders.map(async ({ token }, n) => {
        const sent = performance.now();
        const placed = await post(
          n,
          "/transit/orders",
          {
            lines: [{ product: demoCatalog.products.dayPass, quantity: 1 }],
            pass_destination: "account",
            expected_total: price,
            payments: [{ kind: "saved", payment_method: methods[n], amount: price }],
          },
          token,
          crypto.randomUUID(),
        );
        if (placed.status !== 201) throw new Error(`bench rider ${n}: order answered ${placed.status}`);
        return performance.now() - sent;
      }),
    );
    rounds.push({ allIn: performance.now() - started, times });
  }
  return rounds;
}
