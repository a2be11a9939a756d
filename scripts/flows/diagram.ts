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

export async function drawMachine(machine: AnyStateMachine, words: Words): Promise<string> {
  const infos = new Map<string, NodeInfo>();
  const toElk = (node: AnyStateNode, isRoot: boolean): ElkNode => {
    const info = describeNode(words, node, isRoot);
    infos.set(idOf(node), info);
    const children = (Object.values(node.states) as AnyStateNode[]).map((child) => toElk(child, false));
    const lines = [info.title, info.code, ...info.notes];
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
        "elk.direction": node.type === "parallel" ? "DOWN" : "RIGHT",
      },
    };
  };
  const graph = toElk(machine.root, true);

  const edges: Array<ElkExtendedEdge & { lines: string[]; code: string }> = [];
  const all = [machine.root, ...collect(machine.root)];
  for (const node of all) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      const info = describeTransition(transition);
      if (!transition.target?.length) continue;
      for (const target of transition.target) {
        const lines = transitionLines(words, info.event, info.guard);
        const code = `${info.event}${info.guard ? ` [${info.guard}]` : ""}`;
        edges.push({
          id: `e${edges.length}`,
          sources: [idOf(node)],
          targets: [idOf(target)],
          lines,
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
  // can leave it like any other state's.
  const layout: ElkNode = await new ELK().layout(
    { id: "(graph)", children: [graph], edges },
    {
      layoutOptions: {
        "elk.algorithm": "layered",
        "elk.direction": "RIGHT",
        "elk.hierarchyHandling": "INCLUDE_CHILDREN",
        "elk.edgeRouting": "ORTHOGONAL",
        "elk.layered.spacing.nodeNodeBetweenLayers": "70",
        "elk.spacing.nodeNode": "40",
        "elk.spacing.edgeLabel": "4",
        "elk.edgeLabels.placement": "CENTER",
        "elk.layered.edgeLabels.sideSelection": "ALWAYS_UP",
      },
    },
  );

  const parts: string[] = [];
  const offsets = new Map<string, { x: number; y: number }>();
  const drawNode = (node: ElkNode, ox: number, oy: number, depth: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    const info = infos.get(node.id);
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
    const lines = [info.title, info.code, ...info.notes];
    lines.forEach((line, index) => {
      const look =
        index === 0
          ? ' font-weight="700"'
          : index === 1
            ? ' class="code" font-family="ui-monospace, monospace" fill="#52606d"'
            : ' fill="#52606d"';
      parts.push(
        `<text x="${x + 12}" y="${y + 20 + index * lineHeight}" font-size="${index === 0 ? font : font - 1}"${look}>${escapeHtml(line)}</text>`,
      );
    });
    parts.push("</g>");
    for (const child of node.children ?? []) drawNode(child, x, y, depth + 1);
  };
  offsets.set(layout.id, { x: 0, y: 0 });
  for (const child of layout.children ?? []) drawNode(child, 0, 0, 0);

  const drawEdges = (node: ElkNode) => {
    const origin = offsets.get(node.id) ?? { x: 0, y: 0 };
    for (const edge of (node.edges ?? []) as Array<ElkExtendedEdge & { lines?: string[]; code?: string }>) {
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
          parts.push(
            `<text x="${lx + 2}" y="${ly + 13 + index * lineHeight}" font-size="${font - 1}" fill="${index === 0 ? "#0b3d75" : "#7c2d12"}"${index === 0 ? "" : ' font-style="italic"'}>${escapeHtml(line)}</text>`,
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
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 ${width} ${height}" data-width="${width}" data-height="${height}" role="img" aria-labelledby="diagram-title" font-family="system-ui, sans-serif">
<title id="diagram-title">Statechart of the ${escapeHtml(machine.id)} machine</title>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#0b5cad"/></marker></defs>
${parts.join("\n")}
</svg>`;
}

function collect(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...collect(child)]);
}
