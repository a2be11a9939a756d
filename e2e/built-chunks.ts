import { distDir } from "../server/build.ts";
import { type ManifestChunk, readManifest } from "../server/plugins/preloads.ts";

let manifest: Record<string, ManifestChunk> | null = null;

/**
 * The path (`/assets/<hash>.js`) of the build's chunk named `name` (Rolldown's name for it: its first
 * module's, or its group's in scripts/vite/chunk-groups.ts). Chunk files are named by their hash alone
 * (vite.config.ts), so a test that blocks or holds one finds it in the build's manifest, read once.
 */
export function builtChunk(name: string): string {
  manifest ??= readManifest(distDir);
  if (!manifest) throw new Error(`No build manifest in ${distDir}`);
  const files = Object.values(manifest)
    .filter((chunk) => chunk.name === name && chunk.file.endsWith(".js"))
    .map((chunk) => `/${chunk.file}`);
  if (files.length !== 1) {
    throw new Error(`The build has ${files.length} chunks named ${name}, not one: ${files.join(", ")}`);
  }
  return files[0] as string;
}
