/**
 * npm run flows: a static site for product owners, written to flows-site/ and served at /flows by the
 * dev server and by `npm start` outside production. One page per machine reads like a product
 * document: its purpose, the usual way through as numbered Given / When / Then steps in the
 * glossary's words (the spec's `happyPath` journey), its hand-pinned journeys, its statechart drawn
 * from the definition (zoom and pan in flows.js), every transition as a sentence, its model coverage,
 * its generated paths grouped by the state they end in (collapsed, searchable, each with a link and a
 * printable Given / When / Then), then what changed since the last release and the code's own notes.
 * Code names show only when "Show code names" is ticked; releases are named by their dates. The index
 * lists every machine with its purpose and coverage; the changelog lists what changed in each machine
 * release by release (docs/flows/releases).
 *
 * Pages stay small: the paths are drawn by flows.js from data/<machine>.json (states and events
 * written once, paths as numbers) only when a group is opened, a search typed or a path linked.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AnyStateMachine, type AnyStateNode, createActor, type StateValue } from "xstate";
import {
  declaredTransitions,
  generatePaths,
  isTransient,
  runModel,
  statePaths,
  type TransitionInfo,
} from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";
import { drawMachine } from "./flows/diagram.ts";
import {
  changesBetween,
  type MachineChange,
  type MachineStructure,
  readReleases,
  structureOf,
} from "./flows/structure.ts";
import {
  escapeHtml,
  firstSentence,
  leafPaths,
  machineComment,
  payloadText,
  stateText,
  stateWords,
} from "./flows/text.ts";
import { Words } from "./flows/words.ts";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "flows-site");

const page = (title: string, body: string, script = false) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Portal flows</title>
<link rel="stylesheet" href="flows.css">
${script ? '<script src="flows.js" defer></script>\n' : ""}</head>
<body>
<header><nav aria-label="Flows site"><a href="index.html">Portal flows</a><a href="changelog.html">Changelog</a></nav><label class="code-toggle"><input type="checkbox" id="code-names"> Show code names</label></header>
<main>
${body}
</main>
</body>
</html>
`;

/**
 * A release as a product owner knows it: by its date ("the release of 24 November 2026"), never by the
 * label it was recorded under; two on one day are told apart by the time.
 */
function releaseLabel(release: { date: string }, all: ReadonlyArray<{ date: string }>): string {
  const day = release.date.slice(0, 10);
  const when = new Date(release.date);
  const date = when.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const sameDay = all.filter((other) => other.date.slice(0, 10) === day).length > 1;
  return sameDay
    ? `the release of ${date}, ${when.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`
    : `the release of ${date}`;
}
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Escaped text with `state names` set as code, as the machine comments write them. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** A machine's, state's or event's name in the code: shown only when "Show code names" is ticked. */
const codeName = (text: string) => `<code class="cn">${escapeHtml(text)}</code>`;

/** A statechart with its zoom toolbar (flows.js), labelled by the element `labelId`. */
const chartBlock = (labelId: string, svg: string) =>
  `<div class="chart"><div class="toolbar" role="toolbar" aria-label="Statechart view" aria-controls="${labelId}-chart"><button type="button" data-zoom="in">Zoom in</button><button type="button" data-zoom="out">Zoom out</button><button type="button" data-zoom="fit">Fit to screen</button><span class="hint">Drag to move; Ctrl + wheel or + and − to zoom; 0 fits.</span></div>
<figure class="diagram" id="${labelId}-chart" tabindex="0" aria-labelledby="${labelId}">${svg}</figure></div>`;

interface Summary {
  name: string;
  title: string;
  purpose: string;
  states: number;
  transitions: number;
  paths: number;
  statesCovered: number;
  transitionsCovered: number;
  changed: boolean;
}

/** A transition as a product owner reads it, with the code names beside. */
function transitionRow(words: Words, info: TransitionInfo): string {
  const place = (path: string) =>
    path === "(root)"
      ? `anywhere ${codeName("(root)")}`
      : path === "(stay)"
        ? "stays where it is"
        : path
            .split(",")
            .map((target) => `${escapeHtml(stateWords(words, target as StateValue))} ${codeName(target)}`)
            .join(", ");
  const from = info.source === "(root)" ? `Anywhere ${codeName("(root)")}` : place(info.source);
  return `<tr><td>${from}</td><td>${escapeHtml(words.event(info.event))} ${codeName(info.event)}</td><td>${
    info.guard ? `${escapeHtml(words.guard(info.guard))} ${codeName(info.guard)}` : "always"
  }</td><td>${place(info.targets)}</td></tr>`;
}

/** A transition key ("source | event | targets | guard") in words, for the changelog. */
function transitionSentence(words: Words, key: string): string {
  const [source = "", event = "", targets = "", guard = ""] = key.split(" | ");
  const state = (path: string) =>
    path === "(root)" ? "anywhere" : stateWords(words, path.split(",")[0] as StateValue);
  const to = targets === "(stay)" ? "stays" : `goes to “${targets.split(",").map(state).join(", ")}”`;
  return `From “${escapeHtml(state(source))}”, ${escapeHtml(words.event(event).replace(/^./, (c) => c.toLowerCase()))}${
    guard ? ` ${escapeHtml(words.guard(guard))}` : ""
  }: ${escapeHtml(to)} ${codeName(key)}`;
}

/** The list items of one machine's changes. */
function changeItems(words: Words, change: MachineChange): string {
  if (change.kind === "added") return "<li>New flow.</li>";
  if (change.kind === "removed") return "<li>Flow removed.</li>";
  const items = [
    ...change.statesAdded.map(
      (path) =>
        `<li class="added">State added: ${escapeHtml(stateWords(words, path))} ${codeName(path)}</li>`,
    ),
    ...change.statesRemoved.map((path) => `<li class="removed">State removed: ${codeName(path)}</li>`),
    ...change.transitionsAdded.map(
      (key) => `<li class="added">Transition added: ${transitionSentence(words, key)}</li>`,
    ),
    ...change.transitionsRemoved.map(
      (key) => `<li class="removed">Transition removed: ${transitionSentence(words, key)}</li>`,
    ),
  ];
  return items.join("\n");
}

/** The paths of a machine for flows.js: states and events written once, paths as indexes. */
function pathData(spec: (typeof models)[number], words: Words) {
  const states: string[][] = [];
  const stateIndex = new Map<string, number>();
  const events: string[][] = [];
  const eventIndex = new Map<string, number>();
  const stateOf = (value: StateValue) => {
    const key = JSON.stringify(value);
    let index = stateIndex.get(key);
    if (index === undefined) {
      index = states.push([stateWords(words, value), stateText(value)]) - 1;
      stateIndex.set(key, index);
    }
    return index;
  };
  const inputs = (spec.inputs ?? []) as unknown[];
  const paths = generatePaths(spec).map((path, index) => {
    const steps: number[] = [];
    let start = -1;
    for (const step of path.steps) {
      const state = stateOf((step.state as { value: StateValue }).value);
      if (step.event.type === "xstate.init") {
        start = state;
        continue;
      }
      const payload = payloadText(step.event);
      const key = `${step.event.type} ${payload}`;
      let event = eventIndex.get(key);
      if (event === undefined) {
        event = events.push([words.event(step.event.type), step.event.type, payload]) - 1;
        eventIndex.set(key, event);
      }
      steps.push(event, state);
    }
    return { n: index + 1, i: inputs.indexOf(path.input), s: start, e: steps };
  });
  return { machine: spec.name, states, events, inputs: inputs.map((input) => JSON.stringify(input)), paths };
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "data"), { recursive: true });
for (const file of ["flows.css", "flows.js"]) {
  copyFileSync(join(import.meta.dirname, "flows", file), join(out, file));
}

const releases = readReleases();
const lastRelease = releases.at(-1);
const current: Record<string, MachineStructure> = {};
const summaries: Summary[] = [];
const wordsOf = new Map<string, Words>();

for (const spec of models) {
  const machine = spec.machine as AnyStateMachine;
  const words = new Words(spec.name);
  wordsOf.set(spec.name, words);
  const structure = structureOf(machine);
  current[spec.name] = structure;
  const all = statePaths(machine);
  const stable = [...all.entries()].filter(([, node]) => !isTransient(node));
  const declared = declaredTransitions(machine);
  const run = await runModel(spec);
  const failures = run.walks.filter((walk) => walk.error !== null);
  if (failures.length > 0)
    throw new Error(`${spec.name}: ${failures.length} walks fail; fix the model before drawing it`);
  const data = pathData(spec, words);
  writeFileSync(join(out, "data", `${spec.name}.json`), JSON.stringify(data));

  const comment = machineComment(spec.name);
  const released = lastRelease?.machines[spec.name];
  const change = lastRelease
    ? changesBetween(released ? { [spec.name]: released } : {}, { [spec.name]: structure })[0]
    : undefined;
  const summary: Summary = {
    name: spec.name,
    title: words.title,
    purpose: words.glossary.purpose || firstSentence(comment),
    states: stable.length,
    transitions: declared.size,
    paths: data.paths.length,
    statesCovered: stable.filter(([key]) => run.reached.has(key)).length,
    transitionsCovered: [...declared.keys()].filter((key) => run.taken.has(key)).length,
    changed: change !== undefined,
  };
  summaries.push(summary);

  // Paths grouped by the state they end in, the biggest group first.
  const groups = new Map<number, number>();
  for (const path of data.paths) {
    const end = path.e.length > 0 ? (path.e.at(-1) ?? path.s) : path.s;
    groups.set(end, (groups.get(end) ?? 0) + 1);
  }
  const groupItems = [...groups.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([state, count]) => {
      const [text = "", stateCode = ""] = data.states[state] ?? [];
      return `<li><details class="group" data-end="${state}"><summary><span class="end">Ends: ${escapeHtml(text)}</span> ${codeName(stateCode)} <span class="count">${count} ${count === 1 ? "path" : "paths"}</span></summary><ol class="paths" aria-label="Paths ending: ${escapeHtml(text)}"></ol></details></li>`;
    })
    .join("\n");

  // The usual way through, numbered in plain words: the journey the spec names, else the first that
  // ends where the flow finishes (every active state final), else the first.
  const finishes = (value: StateValue) => leafPaths(value).every((path) => all.get(path)?.type === "final");
  const happy =
    spec.journeys.find((journey) => journey.name === spec.happyPath) ??
    spec.journeys.find((journey) => finishes(journey.expected)) ??
    spec.journeys[0];
  const startValue = createActor(machine, { input: spec.inputs?.[happy?.input ?? 0] }).getSnapshot().value;
  const happySection = happy
    ? `<section aria-labelledby="happy"><h2 id="happy">The usual way through</h2>
<ol class="gwt"><li><strong>Given</strong> ${escapeHtml(stateWords(words, startValue))}</li>${happy.events
        .map((event) => `<li><strong>When</strong> ${escapeHtml(words.event(event.type))}</li>`)
        .join("")}<li><strong>Then</strong> ${escapeHtml(stateWords(words, happy.expected))}</li></ol>
<p class="legend">The journey “${escapeHtml(happy.name)}”, which the model tests walk on every change.</p></section>`
    : "";
  const journeys = spec.journeys
    .map(
      (journey) =>
        `<li><strong>${escapeHtml(journey.name)}</strong><br>${
          journey.events.length === 0
            ? "Nothing happens"
            : journey.events.map((event) => escapeHtml(words.event(event.type))).join(" → ")
        } ⇒ <em>${escapeHtml(stateWords(words, journey.expected))}</em></li>`,
    )
    .join("\n");
  const transitionRows = [...declared.values()]
    .filter((info) => info.event !== "xstate.init")
    .map((info) => transitionRow(words, info))
    .join("\n");
  const changeSection = !lastRelease
    ? ""
    : `<section aria-labelledby="changes"><h2 id="changes">Changes since ${escapeHtml(releaseLabel(lastRelease, releases))}</h2>${
        change
          ? `<details><summary>${change.kind === "added" ? "A new flow" : "What changed"}</summary><ul class="changes">${changeItems(words, change)}</ul></details>`
          : "<p>None: this flow is as released.</p>"
      }</section>`;
  const whole = await drawMachine(machine, words);
  // A chart that shows small when fitted gets one picture per top-level step besides.
  const steps =
    whole.fitScale < 0.5
      ? (Object.values(machine.root.states) as AnyStateNode[]).filter(
          (node) => Object.keys(node.states).length > 1,
        )
      : [];
  const stepCharts: string[] = [];
  for (const step of steps) {
    const drawing = await drawMachine(machine, words, step);
    const id = `step-${step.path.join("-")}`;
    stepCharts.push(
      `<details class="step"><summary id="${escapeHtml(id)}">${escapeHtml(words.stateOf(step))} ${codeName(step.key)}</summary>${chartBlock(id, drawing.svg)}</details>`,
    );
  }
  writeFileSync(
    join(out, `${spec.name}.html`),
    page(
      `${words.title} (${spec.name})`,
      `<h1>${escapeHtml(words.title)} ${codeName(spec.name)}</h1>
<p class="lead">${escapeHtml(summary.purpose)}</p>
${happySection}
<section aria-labelledby="journeys"><h2 id="journeys">Journeys pinned by hand</h2><ul class="journeys">${journeys}</ul></section>
<section aria-labelledby="diagram"><h2 id="diagram">Statechart</h2>
<p class="legend">Boxes are states, named as the rider meets them, with the code name under each; a box inside a box is a step of it; dashed boxes run side by side. ● marks where each level starts. Arrows are what moves the flow on: the event, and in italics the condition it needs (hover an arrow for its code name). "stays" lists what a state handles without leaving it.</p>
${chartBlock("diagram", whole.svg)}${
  stepCharts.length > 0
    ? `<h3>One picture per step</h3><p class="legend">The whole chart is large, so each step of it is drawn on its own too; dashed boxes show where a step leads.</p>${stepCharts.join("\n")}`
    : ""
}</section>
<section aria-labelledby="transitions"><h2 id="transitions">Every transition in words</h2>
<details><summary>${declared.size} transitions</summary><div class="scroll" tabindex="0" role="region" aria-label="Every transition"><table><thead><tr><th scope="col">From</th><th scope="col">When</th><th scope="col">Condition</th><th scope="col">To</th></tr></thead><tbody>${transitionRows}</tbody></table></div></details></section>
<section aria-labelledby="coverage"><h2 id="coverage">Coverage by the model tests</h2>
<div class="scroll" tabindex="0" role="region" aria-label="Coverage"><table><thead><tr><th scope="col">States</th><th scope="col">Transitions</th><th scope="col">Generated paths</th><th scope="col">States covered</th><th scope="col">Transitions covered</th></tr></thead>
<tbody><tr><td>${summary.states}</td><td>${summary.transitions}</td><td>${summary.paths}</td><td>${summary.statesCovered}</td><td>${summary.transitionsCovered}</td></tr></tbody></table></div></section>
<section aria-labelledby="paths" class="paths-section" data-machine="${escapeHtml(spec.name)}"><h2 id="paths">Generated paths</h2>
<p>${data.paths.length} ${data.paths.length === 1 ? "path" : "paths"} the model tests walk, grouped by the state they end in. Open a group to read its paths as Given / When / Then; each has a link and can be printed. QA can take them as <a href="data/${escapeHtml(spec.name)}.json">JSON</a>, or as CSV or Playwright stubs with <code>npm run flows:paths -- ${escapeHtml(spec.name)} --format csv</code>.</p>
<div class="search"><label for="path-search">Search paths</label> <input id="path-search" type="search" autocomplete="off" placeholder="a state, an event or a code name"> <output for="path-search" aria-live="polite" class="matches"></output></div>
<ol class="paths results" aria-label="Matching paths" hidden></ol>
<ul class="groups">${groupItems}</ul></section>
${changeSection}
${comment ? `<details class="notes"><summary>How it works, from the code's own notes</summary><p>${withCode(comment)}</p></details>` : ""}`,
      true,
    ),
  );
  console.log(`wrote flows-site/${spec.name}.html`);
}

const rows = summaries
  .map(
    (summary) =>
      `<tr><th scope="row"><a href="${escapeHtml(summary.name)}.html">${escapeHtml(summary.title)}</a> ${codeName(summary.name)}${
        summary.changed ? ' <span class="badge">changed</span>' : ""
      }</th><td>${withCode(summary.purpose)}</td><td>${summary.statesCovered}/${summary.states}</td><td>${summary.transitionsCovered}/${summary.transitions}</td><td>${summary.paths}</td></tr>`,
  )
  .join("\n");
const totals = summaries.reduce(
  (sum, item) => ({
    states: sum.states + item.states,
    statesCovered: sum.statesCovered + item.statesCovered,
    transitions: sum.transitions + item.transitions,
    transitionsCovered: sum.transitionsCovered + item.transitionsCovered,
    paths: sum.paths + item.paths,
  }),
  { states: 0, statesCovered: 0, transitions: 0, transitionsCovered: 0, paths: 0 },
);
writeFileSync(
  join(out, "index.html"),
  page(
    "All flows",
    `<h1>Portal flows</h1>
<p class="lead">Every behaviour of the portal is a state machine. Each page draws one from its definition, so the picture cannot drift from the code, names its states and events as a rider meets them, and lists the paths the tests walk through it. ${
      lastRelease
        ? `<a href="changelog.html">The changelog</a> shows what changed since ${escapeHtml(releaseLabel(lastRelease, releases))}; flows marked “changed” differ from it.`
        : ""
    }</p>
<p>${summaries.length} flows; the model tests reach ${totals.statesCovered} of ${totals.states} states and take ${totals.transitionsCovered} of ${totals.transitions} transitions over ${totals.paths} generated paths.</p>
<div class="scroll" tabindex="0" role="region" aria-label="Every flow"><table class="index"><thead><tr><th scope="col">Flow</th><th scope="col">Purpose</th><th scope="col">States covered</th><th scope="col">Transitions covered</th><th scope="col">Paths</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  ),
);
console.log("wrote flows-site/index.html");

// The changelog: since the last release, then each release against the one before it.
const words = (name: string) => wordsOf.get(name) ?? new Words(name);
const changeSections = (changes: MachineChange[]) =>
  changes.length === 0
    ? "<p>No flow changed.</p>"
    : changes
        .map(
          (change) =>
            `<section class="machine-change"><h3>${
              change.kind === "removed"
                ? escapeHtml(words(change.machine).title)
                : `<a href="${escapeHtml(change.machine)}.html">${escapeHtml(words(change.machine).title)}</a>`
            } ${codeName(change.machine)}</h3><ul class="changes">${changeItems(words(change.machine), change)}</ul></section>`,
        )
        .join("\n");
const history: string[] = [];
if (lastRelease) {
  history.push(
    `<section aria-labelledby="unreleased"><h2 id="unreleased">Since ${escapeHtml(releaseLabel(lastRelease, releases))} (not released yet)</h2>${changeSections(changesBetween(lastRelease.machines, current))}</section>`,
  );
}
for (let index = releases.length - 1; index >= 0; index--) {
  const release = releases[index];
  if (!release) continue;
  const before = releases[index - 1];
  const id = `release-${release.name}`;
  history.push(
    `<section aria-labelledby="${escapeHtml(id)}"><h2 id="${escapeHtml(id)}">${escapeHtml(capital(releaseLabel(release, releases)))} <span class="date">${codeName(release.commit.slice(0, 7))}</span></h2>${
      before
        ? changeSections(changesBetween(before.machines, release.machines))
        : `<p>The first recorded release: ${Object.keys(release.machines).length} flows.</p>`
    }</section>`,
  );
}
writeFileSync(
  join(out, "changelog.html"),
  page(
    "Changelog",
    `<h1>Changelog of flows</h1>
<p class="lead">What changed in each flow from one release to the next: states and transitions added or removed, so a review covers only the difference. A release is recorded with <code>npm run flows:release -- &lt;name&gt;</code>.</p>
${history.join("\n")}`,
  ),
);
console.log("wrote flows-site/changelog.html");
