/**
 * Whose code a route's JavaScript is (issue 16): each library by its package name, the portal's own
 * code, and what the bundler wrote itself (its runtime, the lazy imports' dependency lists). Read from
 * the build's source maps, so it needs no second build.
 *
 * A chunk's gzip size is not the sum of its parts' sizes: gzip finds repeats across the whole file. The
 * text each owner contributed is gzipped alone, and the chunk's real gzip size is then shared out in
 * those proportions, so the shares add up to what the browser downloads.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";

/** What the bundler wrote with no source of its own. */
export const bundlerOwner = "(bundler)";
/** The portal's own modules (src/, and Panda's generated styled-system/). */
export const portalOwner = "(portal)";

export interface SourceMapLike {
  sources: Array<string | null>;
  mappings: string;
}

/** A source map's source path as an owner: a package's name, the portal, or the bundler. */
export function ownerOf(source: string | null | undefined): string {
  if (!source) return bundlerOwner;
  const inPackage = /(?:^|.*\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (inPackage?.[1]) return inPackage[1];
  return portalOwner;
}

/**
 * The chunk's text by owner. A mapping segment owns the code from its column to the next segment's, so
 * every character of the chunk belongs to exactly one owner (the code before the first segment, and a
 * segment without a source, to the bundler).
 */
export function textByOwner(code: string, map: SourceMapLike): Map<string, string> {
  const lineStarts: number[] = [0];
  for (let index = code.indexOf("\n"); index !== -1; index = code.indexOf("\n", index + 1)) {
    lineStarts.push(index + 1);
  }
  const starts: Array<{ offset: number; owner: string }> = [];
  decode(map.mappings).forEach((segments, line) => {
    const lineStart = lineStarts[line];
    if (lineStart === undefined) return;
    for (const segment of segments) {
      const source = segment.length > 1 ? map.sources[segment[1] ?? -1] : null;
      starts.push({ offset: lineStart + segment[0], owner: ownerOf(source) });
    }
  });
  starts.sort((a, b) => a.offset - b.offset);
  const parts = new Map<string, string[]>();
  const add = (owner: string, text: string) => {
    if (text === "") return;
    const list = parts.get(owner);
    if (list) list.push(text);
    else parts.set(owner, [text]);
  };
  add(bundlerOwner, code.slice(0, starts[0]?.offset ?? code.length));
  starts.forEach((start, index) => {
    add(start.owner, code.slice(start.offset, starts[index + 1]?.offset ?? code.length));
  });
  return new Map([...parts].map(([owner, texts]) => [owner, texts.join("")]));
}

/** `total` shared out by each owner's text gzipped alone; the shares add up to `total` exactly. */
export function shareGzip(texts: Map<string, string>, total: number): Map<string, number> {
  const alone = [...texts].map(([owner, text]) => [owner, gzipSync(text, { level: 9 }).length] as const);
  const sum = alone.reduce((all, [, bytes]) => all + bytes, 0);
  const shares = new Map<string, number>();
  if (sum === 0) return shares;
  let given = 0;
  alone.forEach(([owner, bytes], index) => {
    const share = index === alone.length - 1 ? total - given : Math.round((bytes * total) / sum);
    given += share;
    shares.set(owner, share);
  });
  return shares;
}

/** One script's shares, by its path in the build: every route fetches the entry, read and split once. */
const sharesByPath = new Map<string, Map<string, number>>();

function sharesOf(path: string, total: number): Map<string, number> {
  let shares = sharesByPath.get(path);
  if (!shares) {
    shares = existsSync(`${path}.map`)
      ? shareGzip(
          textByOwner(readFileSync(path, "utf8"), JSON.parse(readFileSync(`${path}.map`, "utf8"))),
          total,
        )
      : new Map([[bundlerOwner, total]]);
    sharesByPath.set(path, shares);
  }
  return shares;
}

/**
 * gzip bytes by owner over a route's scripts (`/assets/...` paths in `dist`), each script's real gzip
 * size being `gzipSize(file)`. A script without its source map counts as the bundler's. Hashed names
 * never change content, so a script is read once however many routes fetch it.
 */
export function breakdownOf(
  dist: string,
  files: string[],
  gzipSize: (file: string) => number,
): Map<string, number> {
  const owners = new Map<string, number>();
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    for (const [owner, bytes] of sharesOf(join(dist, file), gzipSize(file))) {
      owners.set(owner, (owners.get(owner) ?? 0) + bytes);
    }
  }
  return owners;
}
