/**
 * Which server test files can answer differently on PostgreSQL than on PGlite (npm run test:pg): those
 * that open a database, or read TEST_DATABASE_URL, themselves or through a module they import (the
 * gateway tests open theirs in server/test/gateway-servers.ts). The others never reach a database, so
 * `npm run test:server` has already run them exactly as PostgreSQL would.
 */
import { existsSync, globSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/** The server project's test files (vite.config.ts, project "server"). */
const serverTestGlobs = ["server/**/*.test.ts", "scripts/**/*.test.ts"];

/** Calls that open a database, and the variable that switches the suite to PostgreSQL. */
const opener = /\b(createTestApp|freshDatabase|emptyDatabase|openDatabase)\s*\(|\b(TEST_DATABASE_URL)\b/;

/** Modules that define the openers, or this rule: importing one is not opening a database. */
const definitions = [
  "server/test/helpers.ts",
  "server/test/database-templates.ts",
  "server/db/client.ts",
  "scripts/engine-files.ts",
];

/** Relative imports that run code (`import type` runs none): static, re-exports and dynamic. */
const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

export interface EngineFile {
  file: string;
  /** What opens the database: the call, and the module it is in when that is not the test file. */
  reason: string;
}

function importsOf(path: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier) continue;
    const target = resolve(dirname(path), specifier);
    if (existsSync(target)) found.push(target);
  }
  return found;
}

/** The first module reached from `file` (itself first) that opens a database, and what it calls. */
function openerReached(root: string, file: string, sources: Map<string, string>): string | null {
  const seen = new Set<string>();
  const queue = [resolve(root, file)];
  const skipped = new Set(definitions.map((path) => resolve(root, path)));
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (seen.has(next) || skipped.has(next)) continue;
    seen.add(next);
    let source = sources.get(next);
    if (source === undefined) {
      source = readFileSync(next, "utf8");
      sources.set(next, source);
    }
    const call = source.match(opener);
    if (call) {
      const name = call[1] ?? call[2] ?? "";
      const where = relative(root, next);
      return where === file ? name : `${name} in ${where}`;
    }
    queue.push(...importsOf(next, source));
  }
  return null;
}

/** The server test files that open a database, each with what opens it, in path order. */
export function engineFiles(root: string): { all: string[]; chosen: EngineFile[] } {
  const all = serverTestGlobs
    .flatMap((pattern) => globSync(pattern, { cwd: root, exclude: ["**/node_modules/**"] }))
    .sort();
  const sources = new Map<string, string>();
  const chosen: EngineFile[] = [];
  for (const file of all) {
    const reason = openerReached(root, file, sources);
    if (reason) chosen.push({ file, reason });
  }
  return { all, chosen };
}
