/**
 * A machine's structure, for the changelog of flows: its states and its transitions (source, event,
 * guard, targets), read from the definition. Releases keep one snapshot of every machine
 * (docs/flows/releases/<name>.json, written by `npm run flows:release -- <name>`); the flows site
 * shows what changed between each release and the next, and since the last one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyStateMachine, AnyStateNode } from "xstate";

export interface MachineStructure {
  states: string[];
  /** "source | event | targets | guard", as the model tests key transitions. */
  transitions: string[];
}

export interface Release {
  name: string;
  date: string;
  commit: string;
  machines: Record<string, MachineStructure>;
}

export const releasesDir = join(import.meta.dirname, "..", "..", "docs", "flows", "releases");

const pathOf = (node: AnyStateNode) => node.path.join(".") || "(root)";

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}

const guardName = (guard: unknown): string =>
  typeof guard === "string"
    ? guard
    : typeof guard === "object" && guard !== null && "type" in guard
      ? String(guard.type)
      : "";

function transitionKey(source: AnyStateNode, transition: TransitionLike): string {
  const targets = transition.target?.length ? transition.target.map(pathOf).join(",") : "(stay)";
  return `${pathOf(source)} | ${transition.eventType || "(always)"} | ${targets} | ${guardName(transition.guard)}`;
}

export function structureOf(machine: AnyStateMachine): MachineStructure {
  const states: string[] = [];
  const transitions = new Set<string>();
  const visit = (node: AnyStateNode) => {
    if (node.path.length > 0) states.push(pathOf(node));
    for (const list of node.transitions.values()) {
      for (const transition of list as TransitionLike[]) transitions.add(transitionKey(node, transition));
    }
    for (const transition of (node.always ?? []) as TransitionLike[]) {
      transitions.add(transitionKey(node, transition));
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return { states, transitions: [...transitions].sort() };
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "provide" in value;

/** Every machine of a source tree (`<root>/src/machines/*.machine.ts`), by file name. */
export async function machinesOf(root: string): Promise<Record<string, MachineStructure>> {
  const dir = join(resolve(root), "src", "machines");
  const result: Record<string, MachineStructure> = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".machine.ts"))
    .sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(dir, file)).href);
    const name = file.replace(/\.machine\.ts$/, "");
    const machine = module[`${name}Machine`] ?? Object.values(module).find(isMachine);
    if (isMachine(machine)) result[name] = structureOf(machine);
  }
  return result;
}

/** The recorded releases, oldest first. */
export function readReleases(): Release[] {
  let files: string[];
  try {
    files = readdirSync(releasesDir).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(releasesDir, file), "utf8")) as Release)
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

export interface MachineChange {
  machine: string;
  kind: "added" | "removed" | "changed";
  statesAdded: string[];
  statesRemoved: string[];
  transitionsAdded: string[];
  transitionsRemoved: string[];
}

/** What changed from one set of machines to the next, machine by machine (unchanged ones left out). */
export function changesBetween(
  before: Record<string, MachineStructure>,
  after: Record<string, MachineStructure>,
): MachineChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: MachineChange[] = [];
  for (const machine of names) {
    const old = before[machine];
    const now = after[machine];
    const minus = (a: string[] = [], b: string[] = []) => a.filter((item) => !b.includes(item));
    const change: MachineChange = {
      machine,
      kind: !old ? "added" : !now ? "removed" : "changed",
      statesAdded: minus(now?.states, old?.states),
      statesRemoved: minus(old?.states, now?.states),
      transitionsAdded: minus(now?.transitions, old?.transitions),
      transitionsRemoved: minus(old?.transitions, now?.transitions),
    };
    const size =
      change.statesAdded.length +
      change.statesRemoved.length +
      change.transitionsAdded.length +
      change.transitionsRemoved.length;
    if (change.kind !== "changed" || size > 0) changes.push(change);
  }
  return changes;
}
