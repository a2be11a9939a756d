import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { routeAt, type ScreenId } from "../../src/app/routes.ts";
import { screenModules } from "../../src/app/screen-modules.ts";

/** What the build's manifest (`build.manifest` in vite.config.ts) says of one module's chunk. */
export interface ManifestChunk {
  file: string;
  /** Rolldown's name for the chunk (its first module's, or its group's); files are named by hash. */
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}

/** Where Vite writes the manifest inside the build. */
export const manifestPath = join(".vite", "manifest.json");

/** The build's manifest, by module or chunk key; null without a build or a manifest. */
export function readManifest(root: string | null): Record<string, ManifestChunk> | null {
  const file = root ? join(root, manifestPath) : null;
  if (!file || !existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
}

/**
 * The chunks a route's screen needs before it can draw, to be named in the page sent for the route
 * (issue 16): the screen's module and every chunk it imports statically, which is what the entry
 * fetches when it imports the screen, but without waiting for the entry to have downloaded and run.
 * The entry itself is in the page already. Read once from the build's manifest; without one (no build,
 * or a build without a manifest) no route has any, and the page is sent as before.
 *
 * The page cannot know whether the visitor is signed in (the session is in the browser's storage), so a
 * page whose guard sends the visitor elsewhere still names its own screen's chunks: a guest opening an
 * account page, or a signed-in rider opening the sign-in page, downloads a screen it does not draw.
 */
export function routePreloads(root: string | null): (path: string) => string[] {
  const manifest = readManifest(root);
  if (!manifest) return () => [];
  const closure = (key: string, seen: Set<string>): string[] => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((next) => closure(next, seen))];
  };
  const byScreen = new Map<ScreenId, string[]>();
  for (const [screen, module] of Object.entries(screenModules) as [ScreenId, string][]) {
    byScreen.set(screen, closure(`src/views/screens/${module}.tsx`, new Set()));
  }
  return (path) => {
    const route = routeAt(path);
    return route ? (byScreen.get(route.screen) ?? []) : [];
  };
}

/** The page with a module preload for each of `files`, which are build files named by their path. */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  return html.replace("</head>", `${links}</head>`);
}
