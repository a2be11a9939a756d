import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressDir } from "./precompress.ts";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Text that compresses like a chunk: repeated words with some variety. */
function chunkText(size: number): string {
  let text = "";
  for (let i = 0; text.length < size; i++)
    text += `export const value${i} = { id: ${i}, label: "item ${i % 97}" };\n`;
  return text.slice(0, size);
}

describe("precompressDir", () => {
  it("writes Brotli and gzip copies that decode to the file's exact bytes, in nested folders too", async () => {
    mkdirSync(join(dir, "assets"));
    const files = {
      "index.html": chunkText(4_000),
      "assets/index.js": chunkText(60_000),
      "assets/index.css": chunkText(2_000),
      "assets/nul.json": `${chunkText(3_000)}\u0000\u00ff€`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const written = await precompressDir(dir);
    expect(written.map((file) => file.slice(dir.length + 1)).sort()).toEqual(Object.keys(files).sort());
    for (const name of Object.keys(files)) {
      const original = readFileSync(join(dir, name));
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(original)).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).equals(original)).toBe(true);
    }
  });

  it("makes gzip copies no larger than zlib's best level", async () => {
    const text = chunkText(80_000);
    writeFileSync(join(dir, "big.js"), text);
    await precompressDir(dir);
    expect(readFileSync(join(dir, "big.js.gz")).length).toBeLessThanOrEqual(
      gzipSync(text, { level: 9 }).length,
    );
  });

  it("leaves small files, binary files and empty folders alone", async () => {
    mkdirSync(join(dir, "empty"));
    writeFileSync(join(dir, "tiny.js"), "export {};\n");
    writeFileSync(join(dir, "logo.png"), Buffer.alloc(4_096, 7));
    writeFileSync(join(dir, "map.js.map"), chunkText(4_096));
    expect(await precompressDir(dir)).toEqual([]);
    for (const name of ["tiny.js", "logo.png", "map.js.map"]) {
      expect(() => readFileSync(join(dir, `${name}.gz`))).toThrow();
      expect(() => readFileSync(join(dir, `${name}.br`))).toThrow();
    }
  });
});
