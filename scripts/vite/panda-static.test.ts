import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { foldPandaCalls, loadPandaRuntime, type PandaRuntime } from "./panda-static.ts";

let runtime: PandaRuntime;
let css: (...styles: unknown[]) => string;
let button: (variants?: unknown) => string;
let drawer: (variants?: unknown) => Record<string, string>;

beforeAll(async () => {
  runtime = await loadPandaRuntime(join(import.meta.dirname, "..", "..", "styled-system"));
  css = runtime.css.css as typeof css;
  button = runtime.recipes.button as typeof button;
  drawer = runtime.recipes.drawer as typeof drawer;
});

const imports = `import { css, cx } from "../../styled-system/css";\nimport { button, drawer } from "../../styled-system/recipes";\n`;

/** The folded module's exports, evaluated: `export const a = ...` lines only. */
function exportsOf(code: string, scope: Record<string, unknown> = {}): Record<string, unknown> {
  const body = code.replace(/^import .*$/gm, "").replace(/^export const (\w+) =/gm, "exports.$1 =");
  const exports: Record<string, unknown> = {};
  new Function("exports", ...Object.keys(scope), body)(exports, ...Object.values(scope));
  return exports;
}

function fold(source: string) {
  return foldPandaCalls(`${imports}${source}`, "/src/example.tsx", runtime);
}

describe("foldPandaCalls", () => {
  it("writes the class names css() answers in place of a call with literal arguments", () => {
    const folded = fold(
      `export const a = css({ display: "flex", gap: "3", px: { base: "4", md: "8" }, _hover: { color: "red.500" } });\nexport const b = css({ mt: -2, gridTemplateColumns: \`repeat(2, 1fr)\` }, { "--size": "4px" });\n`,
    );
    expect(folded?.folded).toBe(2);
    expect(folded?.code).not.toMatch(/css\(/);
    const exports = exportsOf(folded?.code ?? "");
    expect(exports.a).toBe(
      css({ display: "flex", gap: "3", px: { base: "4", md: "8" }, _hover: { color: "red.500" } }),
    );
    expect(exports.b).toBe(css({ mt: -2, gridTemplateColumns: "repeat(2, 1fr)" }, { "--size": "4px" }));
  });

  it("folds recipes, with and without variants, and a slot recipe into an object of class names", () => {
    const folded = fold(
      `export const a = button();\nexport const b = button({ variant: "outline" });\nexport const c = drawer({ placement: "end", width: "wide" });\n`,
    );
    expect(folded?.folded).toBe(3);
    const exports = exportsOf(folded?.code ?? "");
    expect(exports.a).toBe(button());
    expect(exports.b).toBe(button({ variant: "outline" }));
    expect(exports.c).toEqual(drawer({ placement: "end", width: "wide" }));
  });

  it("turns a condition between literals into a condition between the answers, evaluated once", () => {
    const folded = fold(
      `export const a = css({ display: { base: open() ? "flex" : "none", md: "flex" }, gap: wide ? "6" : "2" });\nexport const b = button({ variant: tone === "danger" ? "danger" : "solid" });\n`,
    );
    expect(folded?.folded).toBe(2);
    expect(folded?.left).toEqual([]);
    for (const [isOpen, wide, tone] of [
      [true, true, "danger"],
      [false, true, "plain"],
      [true, false, "plain"],
      [false, false, "danger"],
    ] as const) {
      let calls = 0;
      const open = () => {
        calls += 1;
        return isOpen;
      };
      const exports = exportsOf(folded?.code ?? "", { open, wide, tone });
      expect(calls).toBe(1);
      expect(exports.a).toBe(
        css({ display: { base: isOpen ? "flex" : "none", md: "flex" }, gap: wide ? "6" : "2" }),
      );
      expect(exports.b).toBe(button({ variant: tone === "danger" ? "danger" : "solid" }));
    }
  });

  it("leaves to the runtime what is not known at build time, and reports it", () => {
    const dynamic = [
      "css({ display: value })",
      'css({ ...base, gap: "2" })',
      "css(styles)",
      "button({ variant })",
      'css({ [key]: "1" })',
      // A template literal with an interpolated value.
      `css({ color: \`\${tone}.500\` })`,
      'css({ a: a ? b ? c ? d ? "1" : "2" : "3" : "4" : "5" })',
    ];
    const folded = fold(dynamic.map((call, index) => `export const v${index} = ${call};`).join("\n"));
    expect(folded?.folded).toBe(0);
    expect(folded?.left).toEqual(dynamic);
  });

  it("never touches cx, css.raw, an optional call or a name the module declares again", () => {
    const source = [
      `export const a = cx("x", "y");`,
      `export const b = css.raw({ display: "flex" });`,
      `export const c = css?.({ display: "flex" });`,
      `export function d(button) { return button({ variant: "outline" }); }`,
    ].join("\n");
    const folded = fold(source);
    expect(folded).toBeNull();
  });

  it("keeps positions right after non-ASCII text, and ignores modules without Panda imports", () => {
    const folded = fold(
      `export const label = "Día • 日本 🚍";\nexport const a = css({ display: "grid" });\n`,
    );
    const exports = exportsOf(folded?.code ?? "");
    expect(exports.label).toBe("Día • 日本 🚍");
    expect(exports.a).toBe(css({ display: "grid" }));
    expect(
      foldPandaCalls(`const css = (x) => x;\nexport const a = css({ a: 1 });`, "/src/other.ts", runtime),
    ).toBeNull();
  });

  it("refuses a __proto__ key rather than build an object the runtime would read differently", () => {
    const folded = fold(`export const a = css({ __proto__: { display: "flex" } });`);
    expect(folded?.folded).toBe(0);
  });
});
