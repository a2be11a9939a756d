/**
 * npm run flows:replay -- [machine ...] [--all] [--extra n] [--seed n]: replays the generated model
 * paths of the session, cart and checkout machines in Chromium against the real server (the
 * e2e/<machine>-replay.spec.ts specs, through `npm run test:e2e`). By default each replays its covering
 * set (every state and move its replayable paths reach) plus a seeded sample, as CI does; --all walks
 * every replayable path, --extra sets the sample's size and --seed its draw (e2e/models/replay-sampling.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "..");
const replays = readdirSync(join(root, "e2e"))
  .filter((file) => file.endsWith("-replay.spec.ts"))
  .map((file) => file.replace(/-replay\.spec\.ts$/, ""))
  .sort();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    all: { type: "boolean", default: false },
    extra: { type: "string" },
    seed: { type: "string" },
  },
});
const unknown = positionals.filter((name) => !replays.includes(name));
if (unknown.length > 0) {
  console.error(`No replay for: ${unknown.join(", ")}. Replayed machines: ${replays.join(", ")}`);
  process.exit(1);
}
for (const [name, value] of [
  ["--extra", values.extra],
  ["--seed", values.seed],
] as const) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`${name} takes a whole number, not "${value}"`);
    process.exit(1);
  }
}
const specs = (positionals.length > 0 ? positionals : replays).map((name) => `e2e/${name}-replay.spec.ts`);
for (const spec of specs) if (!existsSync(join(root, spec))) throw new Error(`${spec} is missing`);

const env: NodeJS.ProcessEnv = { ...process.env };
if (values.all) env.FLOWS_REPLAY = "all";
if (values.extra !== undefined) env.FLOWS_REPLAY_EXTRA = values.extra;
if (values.seed !== undefined) env.FLOWS_REPLAY_SEED = values.seed;
console.log(
  `Replaying ${specs.join(", ")} (${values.all ? "every replayable path" : "covering set and a seeded sample"})`,
);
const result = spawnSync(process.execPath, [join(root, "scripts", "e2e.ts"), ...specs], {
  cwd: root,
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
