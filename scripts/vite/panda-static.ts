import { join } from "node:path";
import { pathToFileURL } from "node:url";
import MagicString from "magic-string";
import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";

/*
 * Panda's `css()` and recipe calls resolved at build time (issue 16).
 *
 * Panda writes the stylesheet from the source at build time, but every `css({ ... })` and `button()` in
 * the code still runs in the browser to compute its class names: that takes Panda's runtime (about 6 KB
 * gzip, on every page) and work while the entry is evaluated. Almost every call has only literal
 * arguments, so its class names are known at build time. This plugin calls the same generated functions
 * (styled-system/) in Node and writes their answer in place of the call: `css({ display: "flex" })`
 * becomes `"d_flex"`, a slot recipe `select()` an object of class names. A call with any argument that is
 * not a literal (a variable, a spread, a condition) is left to the runtime, which is then still bundled
 * where it is used. Tests and the dev server run the untouched source.
 */

/** The generated runtime's functions, by the module that exports them. */
export interface PandaRuntime {
  css: Record<string, unknown>;
  recipes: Record<string, unknown>;
}

/** Loads the functions `panda codegen` wrote into `styledSystem`. */
export async function loadPandaRuntime(styledSystem: string): Promise<PandaRuntime> {
  const load = (file: string) =>
    import(pathToFileURL(join(styledSystem, file)).href) as Promise<Record<string, unknown>>;
  return { css: await load("css/index.mjs"), recipes: await load("recipes/index.mjs") };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/** Every node under `root`, depth first. */
function* nodesOf(root: Node): Generator<Node> {
  yield root;
  for (const key of Object.keys(root)) {
    const child = root[key];
    if (Array.isArray(child)) {
      for (const item of child) if (isNode(item)) yield* nodesOf(item);
    } else if (isNode(child)) yield* nodesOf(child);
  }
}

const notStatic = Symbol("not static");
type Static = string | number | boolean | null | Static[] | { [key: string]: Static };

/** Which way each condition `test ? a : b` of a call is taken, while its answers are worked out. */
type Choices = ReadonlyMap<Node, boolean>;

/**
 * The value of a literal expression (objects and arrays of literals included), or `notStatic`. A
 * condition is taken the way `choices` says; one that `choices` does not settle is pushed to `open`.
 */
function staticValue(node: Node, choices: Choices = new Map(), open: Node[] = []): Static | typeof notStatic {
  const literal = (child: Node) => staticValue(child, choices, open);
  switch (node.type) {
    case "ConditionalExpression": {
      const chosen = choices.get(node);
      if (chosen === undefined) {
        open.push(node);
        return notStatic;
      }
      return literal((chosen ? node.consequent : node.alternate) as Node);
    }
    case "Literal": {
      const value = node.value;
      if (node.regex || node.bigint) return notStatic;
      return typeof value === "string" ||
        typeof value === "number" ||
        typeof value === "boolean" ||
        value === null
        ? value
        : notStatic;
    }
    case "TemplateLiteral": {
      const quasis = node.quasis as { value: { cooked: string | null } }[];
      const expressions = node.expressions as Node[];
      return expressions.length === 0 && quasis.length === 1 && quasis[0]?.value.cooked != null
        ? quasis[0].value.cooked
        : notStatic;
    }
    case "UnaryExpression": {
      const argument = node.argument as Node;
      const value = node.operator === "-" ? literal(argument) : notStatic;
      return typeof value === "number" ? -value : notStatic;
    }
    case "ArrayExpression": {
      const items: Static[] = [];
      for (const element of node.elements as (Node | null)[]) {
        if (!element) return notStatic;
        const value = literal(element);
        if (value === notStatic) return notStatic;
        items.push(value);
      }
      return items;
    }
    case "ObjectExpression": {
      const object: { [key: string]: Static } = {};
      for (const property of node.properties as Node[]) {
        if (property.type !== "Property" || property.kind !== "init" || property.method) return notStatic;
        const key = property.key as Node;
        let name: string;
        if (!property.computed && key.type === "Identifier") name = key.name as string;
        else if (key.type === "Literal" && (typeof key.value === "string" || typeof key.value === "number"))
          name = String(key.value);
        else return notStatic;
        const value = literal(property.value as Node);
        if (value === notStatic || name === "__proto__") return notStatic;
        object[name] = value;
      }
      return object;
    }
    default:
      return notStatic;
  }
}

/** Names bound anywhere in a pattern (`a`, `{ a, b: [c] }`, `...d`, `e = 1`). */
function boundNames(pattern: Node | null | undefined, into: Set<string>) {
  if (!pattern) return;
  switch (pattern.type) {
    case "Identifier":
      into.add(pattern.name as string);
      break;
    case "ObjectPattern":
      for (const property of pattern.properties as Node[])
        boundNames((property.type === "RestElement" ? property.argument : property.value) as Node, into);
      break;
    case "ArrayPattern":
      for (const element of pattern.elements as (Node | null)[]) boundNames(element, into);
      break;
    case "RestElement":
      boundNames(pattern.argument as Node, into);
      break;
    case "AssignmentPattern":
      boundNames(pattern.left as Node, into);
      break;
  }
}

/** Every name a module declares other than by an import: a folded import must not be shadowed. */
function declaredNames(program: Node): Set<string> {
  const names = new Set<string>();
  for (const node of nodesOf(program)) {
    if (node.type === "VariableDeclarator") boundNames(node.id as Node, names);
    else if (
      node.type === "FunctionDeclaration" ||
      node.type === "FunctionExpression" ||
      node.type === "ArrowFunctionExpression"
    ) {
      if (node.id) boundNames(node.id as Node, names);
      for (const param of node.params as Node[]) boundNames(param, names);
    } else if (node.type === "ClassDeclaration" || node.type === "ClassExpression") {
      if (node.id) boundNames(node.id as Node, names);
    } else if (node.type === "CatchClause") boundNames(node.param as Node | null, names);
  }
  return names;
}

const runtimeModule = /(^|\/)styled-system\/(css|recipes)(\/index\.mjs)?$/;

/** A recipe's answer is a class string; a slot recipe's, an object of them. */
function classNames(value: unknown): string | Record<string, string> | null {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, item]) => typeof item === "string") ? (value as Record<string, string>) : null;
}

/** A call with `test ? a : b` among its arguments is folded once per way, up to this many conditions. */
const maxConditions = 3;

/**
 * The source of a call's answer, worked out at build time: a class string, an object of them (a slot
 * recipe), or for arguments with conditions, a condition choosing between the answers. Null when some
 * argument is not a literal, or the function throws or answers something else.
 */
function foldedCall(
  code: string,
  call: Node,
  fn: (...args: unknown[]) => unknown,
  choices: Choices,
): string | null {
  const open: Node[] = [];
  const args: Static[] = [];
  for (const argument of call.arguments as Node[]) {
    const value = staticValue(argument, choices, open);
    if (value === notStatic) break;
    args.push(value);
  }
  const condition = open[0];
  if (condition) {
    if (choices.size >= maxConditions) return null;
    const yes = foldedCall(code, call, fn, new Map([...choices, [condition, true]]));
    const no = foldedCall(code, call, fn, new Map([...choices, [condition, false]]));
    if (yes === null || no === null) return null;
    const test = condition.test as Node;
    return `(${code.slice(test.start, test.end)} ? ${yes} : ${no})`;
  }
  if (args.length < (call.arguments as Node[]).length) return null;
  let answer: string | Record<string, string> | null;
  try {
    answer = classNames(fn(...args));
  } catch {
    return null;
  }
  if (answer === null) return null;
  return typeof answer === "string" ? JSON.stringify(answer) : `(${JSON.stringify(answer)})`;
}

/**
 * `code` (JavaScript) with every `css()` and recipe call whose arguments are all literals replaced by its
 * class names; null when nothing was replaced.
 */
export function foldPandaCalls(
  code: string,
  id: string,
  runtime: PandaRuntime,
): {
  code: string;
  map: ReturnType<MagicString["generateMap"]>;
  folded: number;
  /** The calls left to the runtime, as their source. */
  left: string[];
} | null {
  if (!code.includes("styled-system")) return null;
  const program = parseAst(code, { lang: "js", sourceType: "module" }) as unknown as Node;
  const folders = new Map<string, (...args: unknown[]) => unknown>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== "ImportDeclaration") continue;
    const source = (statement.source as Node).value as string;
    const kind = runtimeModule.exec(source)?.[2] as "css" | "recipes" | undefined;
    if (!kind || statement.importKind === "type") continue;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== "ImportSpecifier") continue;
      const imported = specifier.imported as Node;
      const name = (imported.name ?? imported.value) as string;
      const fn = runtime[kind][name];
      // css() itself, and each recipe (a function that carries its variant keys); never cx, cva or sva.
      const folds =
        kind === "css" ? name === "css" : Array.isArray((fn as { variantKeys?: unknown })?.variantKeys);
      if (folds && typeof fn === "function")
        folders.set((specifier.local as Node).name as string, fn as (...args: unknown[]) => unknown);
    }
  }
  if (folders.size === 0) return null;
  for (const name of declaredNames(program)) folders.delete(name);
  const output = new MagicString(code);
  let folded = 0;
  const left: string[] = [];
  for (const node of nodesOf(program)) {
    if (node.type !== "CallExpression" || node.optional) continue;
    const callee = node.callee as Node;
    const fn = callee.type === "Identifier" ? folders.get(callee.name as string) : undefined;
    if (!fn) continue;
    const answer = foldedCall(code, node, fn, new Map());
    if (answer === null) {
      left.push(code.slice(node.start, node.end));
      continue;
    }
    output.overwrite(node.start, node.end, answer);
    folded += 1;
  }
  if (folded === 0 && left.length === 0) return null;
  return {
    code: output.toString(),
    map: output.generateMap({ hires: "boundary", source: id }),
    folded,
    left,
  };
}

/**
 * The build-time plugin: folds the calls in the app's modules (not in node_modules), and marks the
 * generated runtime free of side effects, so a module of it that no call needs any more is left out.
 */
export function pandaStatic(styledSystem: string): Plugin {
  let runtime: PandaRuntime | null = null;
  return {
    name: "panda-static",
    apply: "build",
    enforce: "post",
    async buildStart() {
      runtime = await loadPandaRuntime(styledSystem);
    },
    transform(code, id) {
      // The generated runtime only defines functions: where no call is left, nothing of it is kept.
      if (id.startsWith(`${styledSystem}/`) && id.endsWith(".mjs"))
        return { code, map: null, moduleSideEffects: false };
      if (
        !runtime ||
        id.includes("/node_modules/") ||
        id.startsWith("\0") ||
        !/\.[cm]?[jt]sx?$/.test(id.split("?")[0] ?? "")
      )
        return null;
      const result = foldPandaCalls(code, id, runtime);
      if (!result) return null;
      // One call left to the runtime brings all of it back into that chunk (about 6 KB gzip).
      for (const call of result.left)
        this.warn(
          `${call.replace(/\s+/g, " ").slice(0, 100)} is resolved in the browser: spell out its arguments as literals (a condition between literals is fine) so the build can resolve it.`,
        );
      return result.folded > 0 ? { code: result.code, map: result.map } : null;
    },
  };
}
