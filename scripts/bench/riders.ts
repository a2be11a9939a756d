/**
 * 50 riders at once against the real server (issue 16): each signs in from its own address (the
 * server trusts X-Forwarded-For from 127.0.0.1 and ::1, as behind the e2e proxy, so the per-address
 * sign-in limit of 20 a minute is each rider's own), retrying after Retry-After when the hashing line
 * is full, as the portal does; then all 50 read their profile (GET /accounts/users/me) over and over
 * for a few seconds. Figures are reported, never asserted.
 */
import { openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { hashSecret } from "../../server/domain/password.ts";
import { type BenchRow, ms, reportOnly } from "./table.ts";

export const benchRiderCount = 50;
const password = "bench rider passphrase";
const riderEmail = (n: number) => `bench-rider-${n}@example.org`;
const riderAddress = (n: number) => `198.18.0.${n + 1}`;

/** Puts the bench riders (confirmed, one password) into the PGlite of `dataDir`; the server must be stopped. */
export async function addBenchRiders(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir });
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
}

async function signIn(base: string, n: number): Promise<Attempt> {
  const started = performance.now();
  const response = await fetch(`${base}/accounts/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": riderAddress(n) },
    body: JSON.stringify({ email: riderEmail(n), password }),
  });
  const body = (await response.json()) as { data: { access_token?: string } | null };
  return { status: response.status, ms: performance.now() - started, token: body.data?.access_token ?? null };
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
 * Sign-in of 50 riders at once, then the refused ones two at a time (what a 2-core hashing line
 * takes; a refused attempt still spends one of the rider's 5 per 15 minutes, so riders cannot just
 * retry until they get in), then all 50 profiles under load, against the server at `base`.
 */
export async function ridersBenchmark(base: string, seconds: number): Promise<BenchRow[]> {
  const atOnce = await Promise.all(Array.from({ length: benchRiderCount }, (_, n) => signIn(base, n)));
  const tokens = atOnce.map((attempt) => attempt.token);
  const paced: Attempt[] = [];
  const waiting = tokens.flatMap((token, n) => (token ? [] : [n]));
  await Promise.all(
    [0, 1].map(async () => {
      for (let n = waiting.shift(); n !== undefined; n = waiting.shift()) {
        const attempt = await signIn(base, n);
        paced.push(attempt);
        tokens[n] = attempt.token;
      }
    }),
  );
  const signedIn = tokens.flatMap((token) => (token ? [{ token }] : []));
  if (signedIn.length < benchRiderCount) {
    throw new Error(
      `only ${signedIn.length} of ${benchRiderCount} bench riders signed in (${statusCounts(paced)})`,
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
        const response = await fetch(`${base}/accounts/users/me`, {
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
  const of = `${benchRiderCount} riders at once`;
  const accepted = atOnce.filter((attempt) => attempt.token !== null);
  return [
    reportOnly(
      `sign-in (POST /accounts/users/login), ${of}: p50 / p99 of every reply`,
      `${p50p99(atOnce.map((a) => a.ms))} (${statusCounts(atOnce)})`,
    ),
    reportOnly(`  of those signed in`, accepted.length ? p50p99(accepted.map((a) => a.ms)) : "none"),
    reportOnly(
      `  the refused ones then 2 at a time: p50 / p99`,
      paced.length ? `${p50p99(paced.map((a) => a.ms))} (${statusCounts(paced)})` : "none refused",
    ),
    reportOnly(
      `profile (GET /accounts/users/me), ${of} for ${seconds} s: p50 / p99`,
      `${ms(percentile(profileTimes, 0.5))} / ${ms(percentile(profileTimes, 0.99))} (${Math.round(profileTimes.length / elapsed)} req/s${refused ? `, ${refused} x 429` : ""})`,
    ),
  ];
}
