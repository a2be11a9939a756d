/** Readable names for states, events and paths, shared by the QA paths and the flows site. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AnyEventObject, StateValue } from "xstate";
import type { Words } from "./words.ts";

const root = resolve(import.meta.dirname, "..", "..");

/** Text made safe for HTML and SVG. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char,
  );
}

/** "xstate.done.actor.loadConfig" -> "loadConfig succeeds"; "" -> "immediately". */
function eventLabel(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1] === "done" ? "succeeds" : "fails"}`;
  if (type === "" || type === "(always)") return "immediately";
  return type;
}

/** The event with its payload, for path steps. */
function eventText(event: AnyEventObject): string {
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

/** The first sentence of a text (a machine's comment: its purpose in one line). */
export const firstSentence = (text: string): string => /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;

interface ReadableStep {
  /** In words (the glossary's). */
  given: string;
  when: string;
  then: string;
  /** As the code names them. */
  givenCode: string;
  whenCode: string;
  thenCode: string;
}

export interface ReadablePath {
  number: number;
  input: unknown;
  start: string;
  startCode: string;
  steps: ReadableStep[];
}

/** Given/When/Then steps of a generated path, in words and in code names. */
export function readablePath(
  words: Words,
  number: number,
  input: unknown,
  steps: ReadonlyArray<{ event: AnyEventObject; state: { value: StateValue } }>,
): ReadablePath {
  const result: ReadablePath = { number, input, start: "", startCode: "", steps: [] };
  let given = "";
  let givenCode = "";
  for (const step of steps) {
    const then = stateWords(words, step.state.value);
    const thenCode = stateText(step.state.value);
    if (step.event.type === "xstate.init") {
      result.start = then;
      result.startCode = thenCode;
    } else {
      const payload = payloadText(step.event);
      result.steps.push({
        given,
        when: `${words.event(step.event.type)}${payload ? ` (${payload})` : ""}`,
        then,
        givenCode,
        whenCode: eventText(step.event),
        thenCode,
      });
    }
    given = then;
    givenCode = thenCode;
  }
  return result;
}

/** The dotted paths of the deepest active states in a state value ("authenticated.idle"). */
export function leafPaths(value: StateValue, prefix = ""): string[] {
  if (typeof value === "string") return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined || (typeof inner === "object" && Object.keys(inner).length === 0)
      ? [`${prefix}${key}`]
      : leafPaths(inner as StateValue, `${prefix}${key}.`),
  );
}

/** A state value in a product owner's words: each active state with its parents, "Signed in › Idle". */
export function stateWords(words: Words, value: StateValue): string {
  return leafPaths(value)
    .map((path) => {
      const parts = path.split(".");
      return parts.map((_, index) => words.state(parts.slice(0, index + 1).join("."))).join(" › ");
    })
    .join(" · ");
}

/** A value in a few words: a product by its name, a list by its size, a long text cut short. */
export function briefValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}…` : value);
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? "none" : `${value.length} ${value.length === 1 ? "item" : "items"}`;
  const record = value as Record<string, unknown>;
  for (const key of ["name", "nickname", "title", "label", "first_name", "kind", "code", "id", "uuid"]) {
    const named = record[key];
    if (typeof named === "string" || typeof named === "number")
      return `${key === "name" ? "" : `${key} `}${briefValue(named)}`;
  }
  const entries = Object.entries(record);
  return entries.length <= 3
    ? `{${entries.map(([key, inner]) => `${key}: ${briefValue(inner)}`).join(", ")}}`
    : `{${entries.length} fields}`;
}

/** What an event's sample carries besides its type (for a gesture: what was chosen), or "". */
export function payloadText(event: AnyEventObject): string {
  const { type, output, error, ...rest } = event as AnyEventObject & { output?: unknown; error?: unknown };
  const parts = Object.entries(rest).map(([key, value]) => `${key}: ${briefValue(value)}`);
  if (error !== undefined) {
    const code =
      typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
    if (code) parts.push(`error ${code}`);
  }
  return parts.join(", ");
}
