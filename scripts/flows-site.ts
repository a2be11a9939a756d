/**
 * npm run flows: a static site for product owners, one page per machine with its statechart drawn
 * from the definition, why it exists (the comment above its chart), its hand-pinned journeys, its
 * generated paths as Given / When / Then, and its model coverage. Written to flows-site/; served at
 * /flows by the dev server and by `npm start` outside production.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { StateValue } from "xstate";
import {
  declaredTransitions,
  generatePaths,
  isTransient,
  runModel,
  statePaths,
} from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";
import { drawMachine } from "./flows/diagram.ts";
import { escapeHtml, eventText, machineComment, readablePath, stateText } from "./flows/text.ts";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "flows-site");

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Portal flows</title>
<link rel="stylesheet" href="flows.css">
</head>
<body>
<header><a href="index.html">Portal flows</a></header>
<main>
${body}
</main>
</body>
</html>
`;

/** Escaped text with `state names` set as code, as the machine comments write them. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const maxPathsShown = 80;

interface Summary {
  name: string;
  description: string;
  states: number;
  transitions: number;
  paths: number;
  statesCovered: number;
  transitionsCovered: number;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "paths"), { recursive: true });
copyFileSync(join(import.meta.dirname, "flows", "flows.css"), join(out, "flows.css"));

const summaries: Summary[] = [];
for (const spec of models) {
  const all = statePaths(spec.machine);
  const stable = [...all.entries()].filter(([, node]) => !isTransient(node));
  const declared = declaredTransitions(spec.machine);
  const generated = generatePaths(spec);
  const run = await runModel(spec);
  const failures = run.walks.filter((walk) => walk.error !== null);
  if (failures.length > 0)
    throw new Error(`${spec.name}: ${failures.length} walks fail; fix the model before drawing it`);
  const paths = generated.map((path, index) =>
    readablePath(
      index + 1,
      path.input,
      path.steps.map((step) => ({ event: step.event, state: step.state as { value: StateValue } })),
    ),
  );
  writeFileSync(
    join(out, "paths", `${spec.name}.json`),
    `${JSON.stringify({ machine: spec.name, paths }, null, 2)}\n`,
  );
  const summary: Summary = {
    name: spec.name,
    description: machineComment(spec.name),
    states: stable.length,
    transitions: declared.size,
    paths: paths.length,
    statesCovered: stable.filter(([key]) => run.reached.has(key)).length,
    transitionsCovered: [...declared.keys()].filter((key) => run.taken.has(key)).length,
  };
  summaries.push(summary);

  const svg = await drawMachine(spec.machine);
  const journeys = spec.journeys
    .map(
      (journey) =>
        `<li><strong>${escapeHtml(journey.name)}</strong><br>${
          journey.events.length === 0
            ? "Nothing happens"
            : journey.events.map((event) => escapeHtml(eventText(event))).join(" → ")
        } ⇒ <em>${escapeHtml(stateText(journey.expected))}</em></li>`,
    )
    .join("\n");
  // A product owner reads the first routes; every path is in the JSON.
  const shownPaths = paths.slice(0, maxPathsShown);
  const pathItems = shownPaths
    .map(
      (path) =>
        `<li><details><summary>${escapeHtml(path.steps.map((step) => step.when).join(" → ") || "start")}: ends in <em>${escapeHtml(path.steps.at(-1)?.then ?? "the start")}</em>${
          path.input === undefined
            ? ""
            : ` <span class="input">starting from ${escapeHtml(JSON.stringify(path.input))}</span>`
        }</summary><ol>${path.steps
          .map(
            (step) =>
              `<li>Given <em>${escapeHtml(step.given)}</em>, when <strong>${escapeHtml(step.when)}</strong>, then <em>${escapeHtml(step.then)}</em></li>`,
          )
          .join("")}</ol></details></li>`,
    )
    .join("\n");
  writeFileSync(
    join(out, `${spec.name}.html`),
    page(
      `${spec.name} flow`,
      `<h1>The ${escapeHtml(spec.name)} flow</h1>
<p class="lead">${withCode(summary.description)}</p>
<section aria-labelledby="diagram"><h2 id="diagram">Statechart</h2>
<p class="legend">Boxes are states; a box inside a box is a step of it; dashed boxes run side by side. ● marks where each level starts. Arrows are what moves the flow on, named by the event and, in brackets, the condition it needs. "stays" lists what a state handles without leaving it.</p>
<figure class="diagram" tabindex="0" aria-labelledby="diagram">${svg}</figure></section>
<section aria-labelledby="coverage"><h2 id="coverage">Coverage by the model tests</h2>
<table><thead><tr><th scope="col">States</th><th scope="col">Transitions</th><th scope="col">Generated paths</th><th scope="col">States covered</th><th scope="col">Transitions covered</th></tr></thead>
<tbody><tr><td>${summary.states}</td><td>${summary.transitions}</td><td>${summary.paths}</td><td>${summary.statesCovered}</td><td>${summary.transitionsCovered}</td></tr></tbody></table></section>
<section aria-labelledby="journeys"><h2 id="journeys">Journeys pinned by hand</h2><ul class="journeys">${journeys}</ul></section>
<section aria-labelledby="paths"><h2 id="paths">Generated paths</h2><p>${paths.length > shownPaths.length ? `The first ${shownPaths.length} of ${paths.length}; all of them` : "Also"} as <a href="paths/${escapeHtml(spec.name)}.json">JSON</a>.</p><ol class="paths">${pathItems}</ol></section>`,
    ),
  );
  console.log(`wrote flows-site/${spec.name}.html`);
}

const rows = summaries
  .map(
    (summary) =>
      `<tr><th scope="row"><a href="${escapeHtml(summary.name)}.html">${escapeHtml(summary.name)}</a></th><td>${summary.states}</td><td>${summary.transitions}</td><td>${summary.paths}</td><td>${summary.statesCovered}/${summary.states}</td><td>${summary.transitionsCovered}/${summary.transitions}</td></tr>`,
  )
  .join("\n");
const cards = summaries
  .map(
    (summary) =>
      `<li><a href="${escapeHtml(summary.name)}.html">${escapeHtml(summary.name)}</a><p>${withCode(summary.description)}</p></li>`,
  )
  .join("\n");
writeFileSync(
  join(out, "index.html"),
  page(
    "All flows",
    `<h1>Portal flows</h1>
<p class="lead">Every behaviour of the portal is a state machine. Each page below draws one from its definition, so the picture cannot drift from the code, and lists the paths the tests walk through it.</p>
<table><thead><tr><th scope="col">Flow</th><th scope="col">States</th><th scope="col">Transitions</th><th scope="col">Paths</th><th scope="col">States covered</th><th scope="col">Transitions covered</th></tr></thead><tbody>${rows}</tbody></table>
<ul class="cards">${cards}</ul>`,
  ),
);
console.log("wrote flows-site/index.html");
