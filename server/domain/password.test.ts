import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { configureHashCost, defaultHashCost, hashCost, hashSecret, verifySecret } from "./password.ts";

const run = promisify(execFile);

describe("the scrypt cost", () => {
  it("is 2^17 in a process that configures nothing", async () => {
    // The suite hashes at 2^10 (server/test/setup.ts): production's default is seen in a fresh process.
    const module = resolve(import.meta.dirname, "password.ts");
    const script = `const { hashSecret, hashCost } = await import(${JSON.stringify(module)});
      console.log(JSON.stringify({ cost: hashCost(), hash: await hashSecret("a fine long passphrase") }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script]);
    const { cost, hash } = JSON.parse(stdout) as { cost: number; hash: string };
    expect(cost).toBe(17);
    expect(defaultHashCost).toBe(17);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    // A production hash verifies in a process hashing at another cost: each hash carries its own.
    expect(await verifySecret("a fine long passphrase", hash)).toBe(true);
    expect(await verifySecret("another passphrase", hash)).toBe(false);
  });

  it("is what the process configured for new hashes, and hashes made at any cost verify", async () => {
    const before = hashCost();
    try {
      configureHashCost(12);
      const cheap = await hashSecret("secret one");
      expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
      configureHashCost(11);
      expect(await hashSecret("secret two")).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect(await verifySecret("secret one", cheap)).toBe(true);
      expect(await verifySecret("secret two", cheap)).toBe(false);
    } finally {
      configureHashCost(before);
    }
  });

  it("refuses a cost that is not a whole power of two up to production's", () => {
    for (const bad of [0, 1.5, 18, Number.NaN]) expect(() => configureHashCost(bad)).toThrow(RangeError);
  });
});
