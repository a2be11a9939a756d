/**
 * What a machine's mutation result depends on, as one hash: the text of its model spec
 * (tests/model/specs/<name>.ts) and of every project file that spec imports, directly or not (the
 * machine, its domain rules, the fixtures), plus the mutation check's own code and the XState version.
 * Two checkouts with the same fingerprint for a machine get the same mutants and the same outcomes,
 * so a result recorded for that fingerprint still holds (scripts/mutation.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

/** Relative module specifiers a file imports or re-exports, statically or with `import()`. */
const specifiers = (text: string): string[] =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );

/** Every project file reachable from `entries` by relative imports, sorted, entries included. */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => resolve(root, entry));
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const specifier of specifiers(text)) queue.push(resolve(dirname(file), specifier));
  }
  return [...seen].map((file) => relative(root, file)).sort();
}

/** The mutation check's own code: how mutants are made and judged, and the harness that walks them. */
const machinery = (): string[] =>
  [
    ...importClosure(["scripts/mutation/mutant.ts"]),
    "scripts/mutation.ts",
    "scripts/mutation/worker.ts",
  ].sort();

const xstateVersion = (): string =>
  (
    JSON.parse(readFileSync(resolve(root, "node_modules", "xstate", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/** The fingerprint of machine `name`'s mutation result, and the files it was made from. */
export function fingerprintOf(name: string): { hash: string; files: string[] } {
  const files = [...new Set([...importClosure([`tests/model/specs/${name}.ts`]), ...machinery()])].sort();
  const hash = createHash("sha256");
  hash.update(`xstate ${xstateVersion()}\n`);
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(resolve(root, file)));
  }
  return { hash: hash.digest("hex"), files };
}
