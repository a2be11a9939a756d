/**
 * npm run flows:glossary: keeps scripts/flows/glossary/<machine>.json in step with the machines. A
 * state, event or guard a machine gained gets a first guess at its words (rewrite it as a product
 * owner would say it); one it lost is dropped. Prints what changed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { models } from "../tests/model/specs/index.ts";
import { firstSentence, machineComment } from "./flows/text.ts";
import { codeNames, type Glossary, glossaryDir, guessWords, humanize, readGlossary } from "./flows/words.ts";

mkdirSync(glossaryDir, { recursive: true });
const sync = (
  kind: "state" | "event" | "guard",
  names: string[],
  current: Record<string, string>,
  log: string[],
) => {
  const next: Record<string, string> = {};
  for (const name of names) {
    const words = current[name];
    if (words === undefined) log.push(`+ ${kind} ${name}`);
    next[name] = words ?? guessWords(kind, name);
  }
  for (const name of Object.keys(current)) if (!names.includes(name)) log.push(`- ${kind} ${name}`);
  return next;
};

for (const spec of models) {
  const names = codeNames(spec.machine);
  const current = readGlossary(spec.name);
  const log: string[] = [];
  const next: Glossary = {
    title: current?.title ?? humanize(spec.name).replace(/^./, (c) => c.toUpperCase()),
    purpose: current?.purpose ?? firstSentence(machineComment(spec.name)),
    states: sync("state", names.states, current?.states ?? {}, log),
    events: sync("event", names.events, current?.events ?? {}, log),
    guards: sync("guard", names.guards, current?.guards ?? {}, log),
  };
  if (current?.purpose === undefined) log.push("+ purpose");
  if (current === null || log.length > 0) {
    writeFileSync(join(glossaryDir, `${spec.name}.json`), `${JSON.stringify(next, null, 2)}\n`);
    console.log(`${spec.name}: ${current === null ? "new glossary" : log.join(", ")}`);
  }
}
