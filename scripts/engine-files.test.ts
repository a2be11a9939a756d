import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { engineFiles } from "./engine-files.ts";

const root = resolve(import.meta.dirname, "..");

describe("the files test:pg runs", () => {
  const { all, chosen } = engineFiles(root);
  const reasonOf = (file: string) => chosen.find((entry) => entry.file === file)?.reason;

  it("are the server test files that open a database, themselves or through a module they import", () => {
    expect(reasonOf("server/routes/accounts/users.test.ts")).toBe("createTestApp");
    expect(reasonOf("server/db/ledger-upgrade.test.ts")).toBe("emptyDatabase");
    expect(reasonOf("server/gateways/smtp.test.ts")).toBe("freshDatabase in server/test/gateway-servers.ts");
    expect(reasonOf("server/gateways/payments/sandbox-charges.test.ts")).toBe(
      ["TEST", "DATABASE", "URL"].join("_"),
    );
    expect(reasonOf("server/domain/password.test.ts")).toBeUndefined();
    expect(reasonOf("scripts/engine-files.test.ts")).toBeUndefined();
    expect(reasonOf("scripts/vite/chunk-groups.test.ts")).toBeUndefined();
    expect(all).toContain("server/domain/password.test.ts");
    expect(chosen.length).toBeLessThan(all.length);
  });

  describe("in a tree of their own", () => {
    const tree = mkdtempSync(join(tmpdir(), "engine-files-"));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(tree, path, ".."), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    // Built from parts, so this file itself does not read as one that opens a database.
    const opens = `await ${"freshDatabase"}(config);`;

    it("follow imports that run code, static or dynamic, and not type-only ones", () => {
      write("server/test/helpers.ts", `export async function f() { ${opens} }`);
      write("server/support.ts", opens);
      write("server/types.ts", opens);
      write("server/direct.test.ts", opens);
      write("server/helper-only.test.ts", 'import { deploymentFile } from "./test/helpers.ts";');
      write("server/static.test.ts", 'import {\n  a,\n  b,\n} from "./support.ts";');
      write("server/dynamic.test.ts", 'const m = await import("./support.ts");');
      write("server/typed.test.ts", 'import type { T } from "./types.ts";');
      write("scripts/pure.test.ts", "export {};");
      const found = engineFiles(tree);
      expect(found.all).toEqual([
        "scripts/pure.test.ts",
        "server/direct.test.ts",
        "server/dynamic.test.ts",
        "server/helper-only.test.ts",
        "server/static.test.ts",
        "server/typed.test.ts",
      ]);
      expect(found.chosen).toEqual([
        { file: "server/direct.test.ts", reason: "freshDatabase" },
        { file: "server/dynamic.test.ts", reason: "freshDatabase in server/support.ts" },
        { file: "server/static.test.ts", reason: "freshDatabase in server/support.ts" },
      ]);
    });
  });
});
