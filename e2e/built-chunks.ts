import { readFileSync } from "node:fs";
import { join } from "node:path";
import { distDir } from "../server/build.ts";
import { manifestPath } from "../server/plugins/preloads.ts";

/**
 * The path (`/assets/<hash>.js`) of the build's chunk named `name` (Rolldown's name for it: its first
 * module's, or its group's in scripts/vite/chunk-groups.ts). Chunk files are named by their hash alone
 * (vite.config.ts), so a test that blocks or holds one finds it in the build's manifest.
 */
export function builtChunk(name: string): string {
  const manifest = JSON.parse(readFileSync(join(distDir, manifestPath), "utf8")) as Record<
    string,
    { file: string; name?: string }
  >;
  const files = Object.values(manifest)
    .filter((chunk) => chunk.name === name && chunk.file.endsWith(".js"))
    .map((chunk) => `/${chunk.file}`);
  if (files.length !== 1) {
    throw new Error(`The build has ${files.length} chunks named ${name}, not one: ${files.join(", ")}`);
  }
  return files[0] as string;
}
