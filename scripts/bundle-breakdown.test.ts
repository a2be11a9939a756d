import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode, type SourceMapSegment } from "@jridgewell/sourcemap-codec";
import { afterAll, describe, expect, it } from "vitest";
import {
  breakdownOf,
  bundlerOwner,
  ownerOf,
  portalOwner,
  shareGzip,
  textByOwner,
} from "./bundle-breakdown.ts";

describe("ownerOf", () => {
  it("names a library by its package, scoped or not, wherever node_modules sits", () => {
    expect(ownerOf("../../node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("react-dom");
    expect(ownerOf("../../node_modules/@lingui/core/dist/index.mjs")).toBe("@lingui/core");
    expect(ownerOf("node_modules/xstate/dist/raise.esm.js")).toBe("xstate");
    // A package inside another's node_modules is the inner one.
    expect(ownerOf("../node_modules/a/node_modules/@scope/b/index.js")).toBe("@scope/b");
  });

  it("counts the portal's sources and Panda's generated code as the portal, and no source as the bundler", () => {
    expect(ownerOf("../../src/app/live.ts")).toBe(portalOwner);
    expect(ownerOf("../../styled-system/css/cx.mjs")).toBe(portalOwner);
    expect(ownerOf(null)).toBe(bundlerOwner);
    expect(ownerOf(undefined)).toBe(bundlerOwner);
    expect(ownerOf("")).toBe(bundlerOwner);
  });
});

/** A chunk written from pieces, with the source map that says where each piece came from. */
function chunk(lines: Array<Array<[text: string, source: number | null]>>, sources: string[]) {
  const mappings: SourceMapSegment[][] = lines.map((pieces) => {
    let column = 0;
    return pieces.map(([text, source]) => {
      const segment: SourceMapSegment = source === null ? [column] : [column, source, 0, 0];
      column += text.length;
      return segment;
    });
  });
  return {
    code: lines.map((pieces) => pieces.map(([text]) => text).join("")).join("\n"),
    map: { sources, mappings: encode(mappings) },
  };
}

describe("textByOwner", () => {
  it("gives every character of the chunk to exactly one owner", () => {
    const sources = ["../../node_modules/react/index.js", "../../src/main.tsx", "../../src/app/App.tsx"];
    const { code, map } = chunk(
      [
        [
          ["var r=1;", 0],
          ["render(r);", 1],
        ],
        [
          ["helper();", null],
          ["function App(){}", 2],
        ],
      ],
      sources,
    );
    const texts = textByOwner(`${code}`, map);
    expect(texts.get("react")).toBe("var r=1;");
    // Newlines belong to the segment they end.
    expect(texts.get(portalOwner)).toBe("render(r);\nfunction App(){}");
    expect(texts.get(bundlerOwner)).toBe("helper();");
    expect([...texts.values()].join("").length).toBe(code.length);
  });

  it("gives the code before the first segment, and a chunk without mappings, to the bundler", () => {
    expect(textByOwner("/*! banner */", { sources: [], mappings: "" })).toEqual(
      new Map([[bundlerOwner, "/*! banner */"]]),
    );
    const texts = textByOwner("prefix;code", {
      sources: ["../../src/a.ts"],
      mappings: encode([[[7, 0, 0, 0]]]),
    });
    expect(texts.get(bundlerOwner)).toBe("prefix;");
    expect(texts.get(portalOwner)).toBe("code");
  });

  it("ignores a mapping for a line the code does not have, and an empty chunk", () => {
    expect(textByOwner("a", { sources: ["x"], mappings: encode([[[0, 0, 0, 0]], [[0, 0, 0, 0]]]) })).toEqual(
      new Map([[portalOwner, "a"]]),
    );
    expect(textByOwner("", { sources: [], mappings: "" })).toEqual(new Map());
  });
});

describe("shareGzip", () => {
  it("shares the real size out in proportion and adds up to it exactly", () => {
    const texts = new Map([
      ["big", "x".repeat(50).concat(Array.from({ length: 400 }, (_, index) => index.toString(36)).join(""))],
      ["small", "tiny"],
      ["other", "abcdefghijklmnopqrstuvwxyz"],
    ]);
    const shares = shareGzip(texts, 1001);
    expect([...shares.values()].reduce((sum, bytes) => sum + bytes, 0)).toBe(1001);
    expect(shares.get("big")).toBeGreaterThan(shares.get("other") ?? 0);
    expect(shares.get("other")).toBeGreaterThan(shares.get("small") ?? 0);
  });

  it("has nothing to share out of nothing", () => {
    expect(shareGzip(new Map(), 10)).toEqual(new Map());
  });
});

describe("breakdownOf", () => {
  const dist = mkdtempSync(join(tmpdir(), "breakdown-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("adds up a route's scripts by owner, leaving out what is not a script", () => {
    const { code, map } = chunk(
      [
        [
          ["import{a}from'./x.js';", 0],
          ["export const b=a+1;", 1],
        ],
      ],
      ["../../node_modules/wouter/index.js", "../../src/b.ts"],
    );
    const assets = join(dist, "assets");
    mkdirSync(assets);
    writeFileSync(join(assets, "b.js"), code);
    writeFileSync(join(assets, "b.js.map"), JSON.stringify(map));
    writeFileSync(join(assets, "nomap.js"), "console.log(1)");
    const sizes: Record<string, number> = { "/assets/b.js": 120, "/assets/nomap.js": 30 };
    const owners = breakdownOf(dist, ["/assets/b.js", "/assets/nomap.js", "/assets/index.css"], (file) => {
      const size = sizes[file];
      if (size === undefined) throw new Error(`asked the size of ${file}`);
      return size;
    });
    expect(owners.get(bundlerOwner)).toBe(30);
    expect((owners.get("wouter") ?? 0) + (owners.get(portalOwner) ?? 0)).toBe(120);
    expect(owners.get("wouter")).toBeGreaterThan(0);
    expect(owners.get(portalOwner)).toBeGreaterThan(0);

    // Another route fetching the same script: it is not read again (every route fetches the entry).
    rmSync(join(assets, "b.js"));
    rmSync(join(assets, "b.js.map"));
    expect(breakdownOf(dist, ["/assets/b.js"], () => 120)).toEqual(
      new Map([...owners].filter(([owner]) => owner !== bundlerOwner)),
    );
  });
});
