import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const projectRoot = resolve(import.meta.dirname, "..");
export const distDir = join(projectRoot, "dist");
const stampFile = join(distDir, ".source-hash");
const inputs = [
  "src",
  "public",
  "index.html",
  "vite.config.ts",
  // The build's own plugins and chunk groups.
  "scripts/vite",
  "panda.config.ts",
  "lingui.config.ts",
  "package-lock.json",
];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (!path.endsWith(".test.ts") && !path.endsWith(".test.tsx")) {
    yield path;
  }
}

/** A hash of everything the SPA build reads, so a stale build is detected by content, not by clock. */
function sourceHash(): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(join(projectRoot, input))) {
      hash.update(relative(projectRoot, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const lockDir = join(projectRoot, ".tmp", "build.lock");

/**
 * Two servers starting at once (two e2e runs, `npm start` beside a test) must not both write dist/:
 * the first takes the lock and builds, the other waits and then finds the build current. A lock left by
 * a killed build is taken over after 5 minutes.
 */
function withBuildLock<T>(work: () => T): T {
  mkdirSync(join(projectRoot, ".tmp"), { recursive: true });
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const age = existsSync(lockDir) ? Date.now() - statSync(lockDir).mtimeMs : 0;
      if (age > 5 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds the SPA when dist/ is missing or older than its sources. Returns whether it built. */
export function ensureBuild(log: (line: string) => void = console.log): boolean {
  return withBuildLock(() => buildIfStale(log));
}

function buildIfStale(log: (line: string) => void): boolean {
  const wanted = sourceHash();
  if (
    existsSync(join(distDir, "index.html")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === wanted
  ) {
    return false;
  }
  log("Building the portal (vite build)...");
  const vite = join(projectRoot, "node_modules", "vite", "bin", "vite.js");
  // Always the production build riders get: a server started with NODE_ENV=development (the e2e suite,
  // a developer's shell) would otherwise make Vite bundle React's development build.
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  writeFileSync(stampFile, wanted);
  return true;
}

// `node server/build.ts`: the build `npm start` makes when it is stale (scripts/e2e.ts runs it beside
// the suite's other preparations).
if (import.meta.main) ensureBuild();
