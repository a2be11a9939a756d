/**
 * Which generated model paths a Chromium replay walks. By default, the fewest paths that reach every
 * state and take every move (state, event, next state) the replayable paths reach, each input at least
 * once, plus a seeded random sample of the rest: the replay stays within CI's time. `npm run
 * flows:replay -- --all` (FLOWS_REPLAY=all) walks every replayable path instead.
 *
 * Settings, from the environment (read by each replay spec):
 * - FLOWS_REPLAY=all: every replayable path;
 * - FLOWS_REPLAY_EXTRA=n: how many seeded random paths on top of the covering ones (each spec has its
 *   own default);
 * - FLOWS_REPLAY_SEED=n: the seed of that draw (printed by each spec, so a failing draw can be rerun).
 */
import type { AnyEventObject, StateValue } from "xstate";

/** The part of a generated path the sampler reads. */
export interface SampledPath {
  input?: unknown;
  steps: ReadonlyArray<{ event: AnyEventObject; state: { value: StateValue } }>;
}

export interface Sampling {
  all: boolean;
  extra: number;
  seed: number;
}

/** The replay settings from the environment, with the spec's default number of extra paths. */
export function samplingFromEnv(defaultExtra: number, env: NodeJS.ProcessEnv = process.env): Sampling {
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Not a whole number: ${value}`);
    return parsed;
  };
  return {
    all: env.FLOWS_REPLAY === "all",
    extra: number(env.FLOWS_REPLAY_EXTRA, defaultExtra),
    seed: number(env.FLOWS_REPLAY_SEED, 20261123),
  };
}

/** A small seeded generator (mulberry32), so a run picks the same extra paths every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a path covers: the states it reaches and its moves. `eventKey` names an event as the replay
 * tells events apart (by default its type; a replay whose answers differ by payload names them).
 */
export function coverageOf<P extends SampledPath>(
  path: P,
  /** A step's event as the replay tells events apart; `before` is the state the step left. */
  eventKey: (event: AnyEventObject, before: P["steps"][number]["state"] | undefined) => string = (event) =>
    event.type,
): string[] {
  const keys: string[] = [];
  let from = "start";
  for (const [index, step] of path.steps.entries()) {
    const to = JSON.stringify(step.state.value);
    keys.push(`state ${to}`, `move ${from} ${eventKey(step.event, path.steps[index - 1]?.state)} ${to}`);
    from = to;
  }
  return keys;
}

export interface ChooseOptions<P extends SampledPath> {
  sampling: Sampling;
  /** What a path covers (default: coverageOf with event types). */
  coverage?: (path: P) => string[];
  /** The inputs, so each one is walked at least once (matched by identity). */
  inputs?: readonly unknown[];
  /** Whether one more path may join the chosen ones (e.g. a limit on what the demo rider can keep). */
  admits?: (path: P, chosen: readonly P[]) => boolean;
}

/**
 * The paths to replay among `replayable`: greedily the path adding most uncovered states and moves
 * per step until everything the pool reaches is covered (every input at least once), then
 * `sampling.extra` more drawn with `sampling.seed` among the rest; or all of them.
 */
export function choosePaths<P extends SampledPath>(replayable: readonly P[], options: ChooseOptions<P>): P[] {
  const admits = options.admits ?? (() => true);
  if (options.sampling.all) {
    const chosen: P[] = [];
    for (const path of replayable) if (admits(path, chosen)) chosen.push(path);
    return chosen;
  }
  const coverage = options.coverage ?? ((path: P) => coverageOf(path));
  const inputIndex = (path: P) => options.inputs?.indexOf(path.input) ?? -1;
  const covered = new Set<string>();
  const chosen: P[] = [];
  const inputsSeen = new Set<number>();
  const keysOf = new Map(replayable.map((path) => [path, [...new Set(coverage(path))]]));
  for (;;) {
    let best: P | null = null;
    let bestScore = 0;
    for (const path of replayable) {
      if (chosen.includes(path) || !admits(path, chosen)) continue;
      const fresh = (keysOf.get(path) ?? []).filter((key) => !covered.has(key)).length;
      const bonus = inputsSeen.has(inputIndex(path)) ? 0 : 5;
      const score = (fresh + bonus) / (path.steps.length + 4);
      if (score > bestScore) {
        best = path;
        bestScore = score;
      }
    }
    if (!best) break;
    chosen.push(best);
    inputsSeen.add(inputIndex(best));
    for (const key of keysOf.get(best) ?? []) covered.add(key);
  }
  const random = seeded(options.sampling.seed);
  const rest = replayable.filter((path) => !chosen.includes(path));
  for (let n = 0; n < options.sampling.extra && rest.length > 0; ) {
    const [picked] = rest.splice(Math.floor(random() * rest.length), 1);
    if (!picked || !admits(picked, chosen)) continue;
    chosen.push(picked);
    n++;
  }
  return chosen;
}

/**
 * The run's log: how many paths, how many walked, what they cover, then how many were skipped for
 * each reason.
 */
export function samplingReport<P extends SampledPath>(
  machine: string,
  all: readonly P[],
  chosen: readonly P[],
  sampling: Sampling,
  skipReason: (path: P) => string | null,
  coverage: (path: P) => string[] = (path) => coverageOf(path),
): string {
  const replayable = all.filter((path) => skipReason(path) === null);
  const reachable = new Set(replayable.flatMap(coverage));
  const covered = new Set(chosen.flatMap(coverage));
  const reasons = new Map<string, number>();
  for (const path of all) {
    const reason = skipReason(path);
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const how = sampling.all ? "all" : `covering set + ${sampling.extra} drawn with seed ${sampling.seed}`;
  return [
    `${machine} model: ${all.length} paths, ${all.length - replayable.length} not replayable, ` +
      `${chosen.length} replayed (${how}), covering ${covered.size} of ${reachable.size} states and moves`,
    ...[...reasons].map(([reason, count]) => `  skipped ${count}: ${reason}`),
  ].join("\n");
}

/**
 * The address a replayed path's rider comes from (sent as X-Forwarded-For; the e2e server trusts its
 * loopback proxy): each path has its own, as riders on their own networks do, so a replay of hundreds
 * of sign-ins never spends one address's budget (20 sign-ins a minute) and never leaves a later spec
 * short of it. `network` is a documentation prefix (RFC 5737 or 3849) of the spec's own.
 */
export function riderAddress(
  network: "192.0.2" | "198.51.100" | "203.0.113" | "2001:db8::",
  index: number,
): string {
  return network.includes(":") ? `${network}${(index + 1).toString(16)}` : `${network}.${(index % 254) + 1}`;
}
