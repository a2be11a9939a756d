/**
 * Words a product owner uses for each machine's states, events and guards, with the code name kept
 * beside them on the flows site. They live in scripts/flows/glossary/<machine>.json, one file per
 * machine (`npm run flows:glossary` adds what a machine gained and drops what it lost; a unit test
 * fails when a glossary is out of step with its machine).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { declaredTransitions, statePaths } from "../../tests/model/harness.ts";

export const glossaryDir = join(import.meta.dirname, "glossary");

export interface Glossary {
  /** What the flow is, in a few words ("Signing in and out"). */
  title: string;
  /** Why the flow exists, in one sentence a product owner reads on the index. */
  purpose: string;
  /** Each state by its dotted path: what the rider sees or what is going on ("On the sign-in page"). */
  states: Record<string, string>;
  /** Each event: what happened ("The rider taps Sign out", "The profile arrives"). */
  events: Record<string, string>;
  /** Each guard as a condition ("when the cart holds another fare card"). */
  guards: Record<string, string>;
}

/** "signOutConfirmed" -> "sign out confirmed"; "loadProfile" -> "load profile". */
export function humanize(code: string): string {
  return code
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .toLowerCase()
    .trim();
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A first guess at the words for a code name, for a glossary entry nobody has written yet. */
export function guessWords(kind: "state" | "event" | "guard", code: string): string {
  if (kind === "guard") return `when ${humanize(code)}`;
  if (kind === "state") return sentence(humanize(code.split(".").at(-1) ?? code));
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(code);
  if (actor?.[2]) return `${sentence(humanize(actor[2]))} ${actor[1] === "done" ? "succeeds" : "fails"}`;
  return sentence(humanize(code.replace(/^[a-z]+\./, "")));
}

/** What the glossary of a machine must name: every state, event (but init) and guard it declares. */
export function codeNames(machine: AnyStateMachine): {
  states: string[];
  events: string[];
  guards: string[];
} {
  const states = [...statePaths(machine).keys()];
  const events = new Set<string>();
  const guards = new Set<string>();
  for (const transition of declaredTransitions(machine).values()) {
    if (transition.event !== "(always)" && transition.event !== "xstate.init") events.add(transition.event);
    if (transition.guard) guards.add(transition.guard);
  }
  return { states, events: [...events].sort(), guards: [...guards].sort() };
}

export function readGlossary(name: string): Glossary | null {
  const file = join(glossaryDir, `${name}.json`);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Glossary;
}

/** Looks up the words of one machine, falling back to a guess for anything not written down. */
export class Words {
  readonly name: string;
  readonly glossary: Glossary;
  constructor(name: string, glossary: Glossary | null = readGlossary(name)) {
    this.name = name;
    this.glossary = glossary ?? {
      title: sentence(humanize(name)),
      purpose: "",
      states: {},
      events: {},
      guards: {},
    };
  }

  get title(): string {
    return this.glossary.title;
  }

  state(path: string): string {
    return this.glossary.states[path] ?? guessWords("state", path);
  }

  stateOf(node: AnyStateNode): string {
    return this.state(node.path.join("."));
  }

  event(type: string): string {
    if (type === "" || type === "(always)") return "At once";
    return this.glossary.events[type] ?? guessWords("event", type);
  }

  guard(code: string): string {
    return this.glossary.guards[code] ?? guessWords("guard", code);
  }
}
