import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const machines = readdirSync(join(root, "src", "machines"))
  .filter((file) => file.endsWith(".machine.ts"))
  .map((file) => file.replace(/\.machine\.ts$/, ""));

describe("model test registry", () => {
  it("finds the machines", () => {
    expect(machines.length).toBeGreaterThan(0);
  });

  it.each(machines)("%s.machine.ts has a model test, a view model test and a model spec", (name) => {
    expect(existsSync(join(root, "tests", "model", `${name}.model.test.ts`))).toBe(true);
    expect(existsSync(join(root, "tests", "model", `${name}.view.test.tsx`))).toBe(true);
    expect(existsSync(join(root, "tests", "model", "specs", `${name}.ts`))).toBe(true);
  });

  it("registers every model spec for the scripts (paths, mutation check, flows site)", async () => {
    const { models } = await import("./specs/index.ts");
    expect(models.map((model) => model.name).sort()).toEqual([...machines].sort());
  });
});
