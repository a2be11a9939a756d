/**
 * npm run flows:release -- <name> [<source root>]: records the structure of every machine as a release
 * of the flows (docs/flows/releases/<name>.json), so the flows site's changelog shows product owners
 * only what changed since. Run it when a release is cut; <source root> (a checkout of an older commit)
 * records a past release.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { machinesOf, type Release, releasesDir } from "./flows/structure.ts";

const [name, source] = process.argv.slice(2);
if (!name || !/^[\w.-]+$/.test(name)) {
  console.error("Usage: npm run flows:release -- <name> [<source root>] (name: letters, digits, . _ -)");
  process.exit(1);
}
const root = resolve(source ?? join(import.meta.dirname, ".."));
const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
const release: Release = {
  name,
  date: git("show", "-s", "--format=%cI", "HEAD"),
  commit: git("rev-parse", "HEAD"),
  machines: await machinesOf(root),
};
mkdirSync(releasesDir, { recursive: true });
const file = join(releasesDir, `${name}.json`);
writeFileSync(file, `${JSON.stringify(release, null, 2)}\n`);
// Formatted as the linter wants it, so a recorded release passes `npm run lint` as it is.
spawnSync(join(import.meta.dirname, "..", "node_modules", ".bin", "biome"), ["format", "--write", file], {
  stdio: "ignore",
});
console.log(`recorded ${Object.keys(release.machines).length} machines as ${file}`);
