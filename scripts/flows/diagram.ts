/**
 * Draws a machine's statechart as SVG from its definition: states (nested ones inside their parent,
 * parallel regions dashed), the initial state of each level marked, final states double-bordered,
 * transitions as arrows labelled with the event and its guard, transitions that stay put listed inside
 * their state. Layout by ELK (layered, hierarchical). States, events and guards are named in the
 * glossary's words (scripts/flows/words.ts), each state with its code name under it and each arrow
 * with its code name as a tooltip; the structure comes from the machine itself.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from "elkjs/lib/elk.bundled.js";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { describeTransition, isTransient } from "../../tests/model/harness.ts";
import { escapeHtml } from "./text.ts";
import type { Words } from "./words.ts";

const font = 13;
const charWidth = 7.4;
const lineHeight = 17;

const idOf = (node: AnyStateNode) => node.path.join(".") || "(root)";

interface NodeInfo {
  node: AnyStateNode;
  title: string;
  code: string;
  notes: string[];
}

/** The words of an arrow: the event, and on a second line the condition it needs. */
function transitionLines(words: Words, event: string, guard: string): string[] {
  return guard ? [words.event(event), words.guard(guard)] : [words.event(event)];
}

function describeNode(words: Words, node: AnyStateNode, isRoot: boolean): NodeInfo {
  const notes: string[] = [];
  for (const invoke of node.invoke) notes.push(`runs ${String(invoke.src)}`);
  for (const [event, list] of node.transitions) {
    for (const transition of list) {
      if (!transition.target?.length && !event.startsWith("xstate.")) {
        const guard = describeTransition(transition).guard;
        notes.push(`${words.event(event)}${guard ? ` ${words.guard(guard)}` : ""}: stays`);
      }
    }
  }
  if (node.tags.length > 0) notes.push(`tags: ${node.tags.join(", ")}`);
  const initial = !isRoot && node.parent?.type === "compound" && node.parent.initial?.target?.[0] === node;
  const name = isRoot ? words.title : words.stateOf(node);
  const title = `${initial ? "● " : ""}${name}${isTransient(node) ? " (decides at once)" : ""}`;
  return { node, title, code: isRoot ? node.machine.id : node.key, notes };
}

function textWidth(lines: string[]): number {
  return Math.max(...lines.map((line) => line.length * charWidth)) + 24;
}

/** Words broken into lines of at most `width` characters, so boxes and labels stay narrow. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

type LineKind = "title" | "code" | "note";
interface Line {
  text: string;
  kind: LineKind;
}

const nodeLines = (info: NodeInfo): Line[] => [
  ...wrap(info.title, 28).map((text) => ({ text, kind: "title" as const })),
  { text: info.code, kind: "code" as const },
  ...info.notes.flatMap((note) => wrap(note, 34).map((text) => ({ text, kind: "note" as const }))),
];

/** The screen the chart is fitted to on the flows site; the layout that fits it best is drawn. */
const screen = { width: 1150, height: 650 };

export interface Drawing {
  svg: string;
  /** How big the chart shows when fitted to the flows site's screen (1 = its natural size). */
  fitScale: number;
}

/**
 * Draws the whole machine, or with `step` one of its top-level states on its own: its inner states
 * and transitions, and a dashed box for each state outside that it leaves for.
 */
export async function drawMachine(
  machine: AnyStateMachine,
  words: Words,
  step: AnyStateNode | null = null,
): Promise<Drawing> {
  const top = step ?? machine.root;
  const inside = new Set([top, ...collect(top)]);
  const infos = new Map<string, NodeInfo>();
  const toElk = (node: AnyStateNode, isRoot: boolean, direction: "RIGHT" | "DOWN"): ElkNode => {
    const info = describeNode(words, node, isRoot);
    infos.set(idOf(node), info);
    const children = (Object.values(node.states) as AnyStateNode[]).map((child) =>
      toElk(child, false, direction),
    );
    const lines = nodeLines(info).map((line) => line.text);
    const header = 10 + lines.length * lineHeight;
    if (children.length === 0) {
      return { id: idOf(node), width: Math.max(90, textWidth(lines)), height: header + 10 };
    }
    return {
      id: idOf(node),
      children,
      layoutOptions: {
        "elk.padding": `[top=${header + 8},left=16,bottom=16,right=16]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${textWidth(lines)}, ${header + 20})`,
        "elk.direction": node.type === "parallel" ? (direction === "RIGHT" ? "DOWN" : "RIGHT") : direction,
      },
    };
  };

  const edges: Array<ElkExtendedEdge & { lines: string[]; eventLines: number; code: string }> = [];
  const exits = new Map<string, AnyStateNode>();
  for (const node of inside) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      const info = describeTransition(transition);
      if (!transition.target?.length) continue;
      for (const reached of transition.target) {
        // A state outside the step is drawn as a dashed box it leaves for.
        const target = inside.has(reached) ? reached : null;
        if (!target) exits.set(`exit:${idOf(reached)}`, reached);
        const [eventText = "", guardText] = transitionLines(words, info.event, info.guard);
        const eventLines = wrap(eventText, 24);
        const lines = [...eventLines, ...(guardText ? wrap(guardText, 24) : [])];
        const code = `${info.event}${info.guard ? ` [${info.guard}]` : ""}`;
        edges.push({
          id: `e${edges.length}`,
          sources: [idOf(node)],
          targets: [target ? idOf(target) : `exit:${idOf(reached)}`],
          lines,
          eventLines: eventLines.length,
          code,
          labels: [
            {
              text: lines.join("\n"),
              width: Math.max(...lines.map((line) => line.length)) * charWidth + 8,
              height: lineHeight * lines.length,
            },
          ],
        });
      }
    }
  }
  // The machine is a node inside the layout graph, so root-level transitions (the machine's own `on`)
  // can leave it like any other state's. Laid out left to right and top to bottom; the one that shows
  // bigger on the screen is drawn.
  const exitLines = new Map<string, string[]>();
  const layoutTowards = (direction: "RIGHT" | "DOWN"): Promise<ElkNode> => {
    const graph: ElkNode = {
      id: "(graph)",
      children: [
        toElk(top, step === null, direction),
        ...[...exits.entries()].map(([id, node]) => {
          const lines = wrap(`Leaves for: ${words.stateOf(node)}`, 28);
          exitLines.set(id, lines);
          return { id, width: Math.max(90, textWidth(lines)), height: 14 + lines.length * lineHeight };
        }),
      ],
      edges: edges.map((edge) => ({
        ...edge,
        sections: [],
        labels: (edge.labels ?? []).map((label) => ({ ...label })),
      })),
    };
    return new ELK().layout(graph, {
      layoutOptions: {
        "elk.algorithm": "layered",
        "elk.direction": direction,
        "elk.hierarchyHandling": "INCLUDE_CHILDREN",
        "elk.edgeRouting": "ORTHOGONAL",
        "elk.layered.spacing.nodeNodeBetweenLayers": "70",
        "elk.spacing.nodeNode": "40",
        "elk.spacing.edgeLabel": "4",
        "elk.edgeLabels.placement": "CENTER",
        "elk.layered.edgeLabels.sideSelection": "ALWAYS_UP",
      },
    });
  };
  const scale = (candidate: { width?: number; height?: number }) =>
    Math.min(screen.width / (candidate.width ?? 1), screen.height / (candidate.height ?? 1));
  const across = await layoutTowards("RIGHT");
  const down = await layoutTowards("DOWN");
  const layout = scale(down) > scale(across) * 1.1 ? down : across;

  const parts: string[] = [];
  const offsets = new Map<string, { x: number; y: number }>();
  const drawNode = (node: ElkNode, ox: number, oy: number, depth: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    const info = infos.get(node.id);
    const exit = exitLines.get(node.id);
    if (exit) {
      parts.push(
        `<g class="exit"><rect x="${x}" y="${y}" width="${node.width}" height="${node.height}" rx="10" fill="#f8fafc" stroke="#7b8794" stroke-width="1.5" stroke-dasharray="4 4"/>`,
        ...exit.map(
          (line, index) =>
            `<text x="${x + 12}" y="${y + 20 + index * lineHeight}" font-size="${font - 1}" fill="#3e4c59">${escapeHtml(line)}</text>`,
        ),
        "</g>",
      );
      return;
    }
    if (!info) return;
    const stateNode = info.node;
    const isParallelRegion = stateNode.parent?.type === "parallel";
    const isFinal = stateNode.type === "final";
    const fill = depth === 0 ? "#f8fafc" : node.children?.length ? "#eef4fb" : "#ffffff";
    parts.push(
      `<g class="state" data-state="${escapeHtml(node.id)}"><rect x="${x}" y="${y}" width="${node.width}" height="${node.height}" rx="10" fill="${fill}" stroke="#334e68" stroke-width="1.5"${isParallelRegion ? ' stroke-dasharray="6 4"' : ""}/>`,
    );
    if (isFinal) {
      parts.push(
        `<rect x="${x + 4}" y="${y + 4}" width="${(node.width ?? 0) - 8}" height="${(node.height ?? 0) - 8}" rx="7" fill="none" stroke="#334e68"/>`,
      );
    }
    nodeLines(info).forEach((line, index) => {
      const look =
        line.kind === "title"
          ? ' font-weight="700"'
          : line.kind === "code"
            ? ' class="code" font-family="ui-monospace, monospace" fill="#52606d"'
            : ' fill="#52606d"';
      parts.push(
        `<text x="${x + 12}" y="${y + 20 + index * lineHeight}" font-size="${line.kind === "title" ? font : font - 1}"${look}>${escapeHtml(line.text)}</text>`,
      );
    });
    parts.push("</g>");
    for (const child of node.children ?? []) drawNode(child, x, y, depth + 1);
  };
  offsets.set(layout.id, { x: 0, y: 0 });
  for (const child of layout.children ?? []) drawNode(child, 0, 0, 0);

  const drawEdges = (node: ElkNode) => {
    const origin = offsets.get(node.id) ?? { x: 0, y: 0 };
    for (const edge of (node.edges ?? []) as Array<
      ElkExtendedEdge & { lines?: string[]; eventLines?: number; code?: string }
    >) {
      // Coordinates are relative to the edge's container (ELK reports it for hierarchical layouts).
      const container = offsets.get((edge as { container?: string }).container ?? node.id) ?? origin;
      parts.push(`<g class="transition"><title>${escapeHtml(edge.code ?? "")}</title>`);
      for (const section of edge.sections ?? []) {
        const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
          .map((point) => `${container.x + point.x},${container.y + point.y}`)
          .join(" ");
        parts.push(
          `<polyline points="${points}" fill="none" stroke="#0b5cad" stroke-width="1.5" marker-end="url(#arrow)"/>`,
        );
      }
      for (const label of edge.labels ?? []) {
        const lx = container.x + (label.x ?? 0);
        const ly = container.y + (label.y ?? 0);
        parts.push(
          `<rect x="${lx - 2}" y="${ly - 1}" width="${(label.width ?? 0) + 4}" height="${(label.height ?? 0) + 2}" rx="3" fill="#ffffff" opacity="0.9"/>`,
        );
        (edge.lines ?? []).forEach((line, index) => {
          // The event's lines, then the condition's in italics.
          const isEvent = index < (edge.eventLines ?? 1);
          parts.push(
            `<text x="${lx + 2}" y="${ly + 13 + index * lineHeight}" font-size="${font - 1}" fill="${isEvent ? "#0b3d75" : "#7c2d12"}"${isEvent ? "" : ' font-style="italic"'}>${escapeHtml(line)}</text>`,
          );
        });
      }
      parts.push("</g>");
    }
    for (const child of node.children ?? []) drawEdges(child);
  };
  drawEdges(layout);

  const width = Math.ceil((layout.width ?? 0) + 2);
  const height = Math.ceil((layout.height ?? 0) + 2);
  const id = step ? `chart-${step.path.join("-")}` : "chart-all";
  const name = step
    ? `Statechart of the step ${words.stateOf(step)} (${step.key}) of the ${machine.id} machine`
    : `Statechart of the ${machine.id} machine`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 ${width} ${height}" data-width="${width}" data-height="${height}" role="img" aria-labelledby="${id}-title" font-family="system-ui, sans-serif">
<title id="${id}-title">${escapeHtml(name)}</title>
<defs><marker id="${id}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#0b5cad"/></marker></defs>
${parts.join("\n").replaceAll('marker-end="url(#arrow)"', `marker-end="url(#${id}-arrow)"`)}
</svg>`;
  return { svg, fitScale: scale(layout) };
}

function collect(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...collect(child)]);
}
