/** Readable names for states, events and paths, shared by the QA paths and the flows site. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AnyEventObject, StateValue } from "xstate";

const root = resolve(import.meta.dirname, "..", "..");

/** Text made safe for HTML and SVG. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char,
  );
}

/** "xstate.done.actor.loadConfig" -> "loadConfig succeeds"; "" -> "immediately". */
export function eventLabel(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1] === "done" ? "succeeds" : "fails"}`;
  if (type === "" || type === "(always)") return "immediately";
  return type;
}

/** The event with its payload, for path steps. */
export function eventText(event: AnyEventObject): string {
  const { type, output, error, ...rest } = event as AnyEventObject & { output?: unknown; error?: unknown };
  const payload = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  return `${eventLabel(type)}${payload}`;
}

/** {"ready":{"session":"guest","menu":"closed"}} -> "ready (session: guest, menu: closed)". */
export function stateText(value: StateValue): string {
  if (typeof value === "string") return value;
  return Object.entries(value)
    .map(([key, inner]) => {
      if (inner === undefined) return key;
      if (typeof inner === "string") return `${key}: ${inner}`;
      const innerText = stateText(inner as StateValue);
      return innerText.includes("(") || innerText.includes(",")
        ? `${key} (${innerText})`
        : `${key}: ${innerText}`;
    })
    .join(", ");
}

/** The block comment above the machine's chart: why its states exist. */
export function machineComment(name: string): string {
  const source = readFileSync(join(root, "src", "machines", `${name}.machine.ts`), "utf8");
  const match = /\/\*\n((?:\s*\*.*\n)+?)\s*\*\/\s*\nexport const \w+Machine/.exec(source);
  if (!match?.[1]) return "";
  return match[1]
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface ReadablePath {
  number: number;
  input: unknown;
  steps: Array<{ given: string; when: string; then: string }>;
}

/** Given/When/Then steps of a generated path. */
export function readablePath(
  number: number,
  input: unknown,
  steps: Array<{ event: AnyEventObject; state: { value: StateValue } }>,
): ReadablePath {
  const result: ReadablePath = { number, input, steps: [] };
  let given = "";
  for (const step of steps) {
    const then = stateText(step.state.value);
    if (step.event.type === "xstate.init") {
      given = then;
      continue;
    }
    result.steps.push({ given, when: eventText(step.event), then });
    given = then;
  }
  return result;
}
