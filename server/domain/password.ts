import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt (N=2^17, r=8, p=1: 128 MiB, about 0.4 s here), stored as `scrypt$N$r$p$salt$hash` in base64url.
 * Node runs it on the libuv thread pool, so hashing never blocks the event loop. Older hashes keep the
 * cost they were made with (it is read back from the stored string).
 */
const cost = { N: 2 ** 17, r: 8, p: 1 };
const maxmem = 256 * 1024 * 1024;

function derive(secret: string, salt: Buffer, length: number, options: typeof cost): Promise<Buffer> {
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
  decoy ??= hashSecret(randomBytes(24).toString("base64url"));
  return decoy;
}
