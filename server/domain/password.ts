import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

/**
 * scrypt (N=2^17, r=8, p=1: 128 MiB, about 0.4 s here), stored as `scrypt$N$r$p$salt$hash` in base64url.
 * Node runs it on the libuv thread pool, so hashing never blocks the event loop. Older hashes keep the
 * cost they were made with (it is read back from the stored string).
 */
export const defaultHashCost = 17;
/** The cheapest cost configureHashCost accepts from outside code (tests go lower by calling it). */
export const minimumHashCost = 10;
let cost = { N: 2 ** defaultHashCost, r: 8, p: 1 };
const maxmem = 256 * 1024 * 1024;

/**
 * Sets the cost (log2 of N) of the hashes this process makes from now on. Only tests lower it (2^10 in
 * server/test/setup.ts): a test pays for a hash as many times as it signs a rider up or in, and at 2^17
 * that was most of the server suite's time. Verification reads each stored hash's own cost, so hashes
 * made at either cost keep verifying.
 */
export function configureHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > defaultHashCost) {
    throw new RangeError(`scrypt cost must be an integer log2 N in 1..${defaultHashCost}, got ${log2N}`);
  }
  cost = { ...cost, N: 2 ** log2N };
}

/** The cost (log2 of N) new hashes are made with: a seeded database's hashes depend on it. */
export function hashCost(): number {
  return Math.log2(cost.N);
}

/** How many hashes run at once and how many may wait; past that, hashing refuses at once. */
export interface HashingLimits {
  concurrency: number;
  maxWaiting: number;
}

/**
 * One hash per core (each takes a libuv thread and 128 MiB), and a line of two per core behind them: a
 * rider who gets in waits at most three rounds of about 0.4 s, under the 2 s a sign-in may take; past
 * that a flood is refused at once (503) instead of queueing every rider behind it.
 */
const cores = Math.max(1, availableParallelism());
export const defaultHashingLimits: HashingLimits = { concurrency: cores, maxWaiting: 2 * cores };

/**
 * Hashing refused because the line is full: answered 503 with Retry-After by the error plugin, so a
 * flood of bad sign-ins is turned away in microseconds instead of queueing every rider behind it
 * (40 parallel bad sign-ins once pushed a real one from 1.1 s to 22.8 s).
 */
export class HashingBusyError extends Error {
  readonly code = "HASHING_BUSY";
  constructor() {
    super("Password hashing is busy");
    this.name = "HashingBusyError";
  }
}

let limits: HashingLimits = defaultHashingLimits;
let running = 0;
const waiting: Array<() => void> = [];

/** Sets the limits for this process (buildApp does, from its options). */
export function configureHashing(next: HashingLimits): void {
  limits = { concurrency: Math.max(1, next.concurrency), maxWaiting: Math.max(0, next.maxWaiting) };
}

/** Runs `work` when a slot is free; refuses with HashingBusyError when the waiting list is full. */
async function throttled<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limits.concurrency) {
    if (waiting.length >= limits.maxWaiting) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(secret: string, salt: Buffer, length: number, options: typeof cost): Promise<Buffer> {
  return throttled(() => deriveNow(secret, salt, length, options));
}

function deriveNow(secret: string, salt: Buffer, length: number, options: typeof cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize("NFKC"), salt, length, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, 32, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifySecret(secret: string, encoded: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = encoded.split("$");
  if (algorithm !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(secret, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random secret nobody knows: verifying against it costs what verifying a real one costs. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret(randomBytes(24).toString("base64url")).catch((error: unknown) => {
    decoy = null;
    throw error;
  });
  return decoy;
}
