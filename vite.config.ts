import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { chunkGroups } from "./scripts/vite/chunk-groups.ts";
import { linguiInlineSource } from "./scripts/vite/lingui-inline-source.ts";
import { pandaStatic } from "./scripts/vite/panda-static.ts";
import { precompress } from "./scripts/vite/precompress.ts";

const flowsDir = join(import.meta.dirname, "flows-site");
const types: Record<string, string> = {
  ".html": "text/html",
  ".css": "text/css",
  ".json": "application/json",
};

/** Serves the flows site (npm run flows) at /flows on the dev server. */
function flowsSite(): Plugin {
  return {
    name: "flows-site",
    configureServer(server) {
      server.middlewares.use("/flows", (request, response, next) => {
        const path = normalize(decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/")).replace(
          /^(\.\.[/\\])+/,
          "",
        );
        const file = join(flowsDir, path === "/" ? "index.html" : path);
        if (!file.startsWith(flowsDir) || !existsSync(file)) return next();
        response.setHeader("Content-Type", types[extname(file)] ?? "application/octet-stream");
        response.end(readFileSync(file));
      });
    },
  };
}

const apiTarget = process.env.API_URL ?? "http://localhost:8080";
const apiPrefixes = ["/accounts", "/transit", "/portal-config", "/dev", "/healthz"];

export default defineConfig({
  plugins: [
    react(),
    lingui(),
    babel({
      // Lingui's macro keeps each message's English, which the next pass compiles in place: English
      // needs no catalog (scripts/vite/lingui-inline-source.ts).
      presets: [linguiTransformerBabelPreset({ descriptorFields: "message" })],
      plugins: [linguiInlineSource],
    }),
    flowsSite(),
    // Panda's css() and recipe calls with literal arguments become their class names at build time.
    pandaStatic(join(import.meta.dirname, "styled-system")),
    precompress(),
  ],
  resolve: {
    // @xstate/react, @lingui/react and wouter ask for the shim of React's useSyncExternalStore, made
    // for React before 18 (issue 16: 0.2 KB of every page). React 19 has the hook itself, and the
    // package's own non-shim entries hand it over.
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "use-sync-external-store" },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  build: {
    target: "es2023",
    // Maps are named by a header (server/plugins/spa.ts), not a comment in every chunk.
    sourcemap: "hidden",
    // Which chunks each screen needs: the server names them in the page for its route
    // (server/plugins/preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser the build targets (ES2023) preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Code that always loads together is one file (scripts/vite/chunk-groups.ts, issue 16).
        codeSplitting: { groups: chunkGroups },
        // A chunk is named by its hash alone: every chunk names the ones it imports, and the entry
        // lists every lazy part's files, so a module's name in each name was about 1 KB of every
        // page. The manifest (.vite/manifest.json) and the source maps say which module is which.
        // Seven characters of hash (the fewest the bundler takes for this many chunks) still bust
        // caches, and every name the entry and the chunks list is a character shorter than with eight.
        chunkFileNames: "assets/[hash:7].js",
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Both cores, always.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // Machines, model paths, domain rules and properties: no page, so no jsdom and no setup-dom
          // (about 1.2 s a file), and one module graph shared by every file (nothing here keeps global
          // state between files). A test that needs a browser's globals is a `.dom.test.ts`.
          name: "pure",
          environment: "node",
          include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.dom.test.ts"],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Screens and what needs a browser's globals (storage, location, document).
          name: "unit",
          environment: "jsdom",
          include: [
            "src/**/*.test.tsx",
            "tests/**/*.test.tsx",
            "src/**/*.dom.test.ts",
            "tests/**/*.dom.test.ts",
          ],
          setupFiles: ["tests/setup-dom.ts"],
          // One module graph and one page per worker: a fresh one for each file cost 2.3 s of jsdom and
          // setup a file (the step 192 -> 82 s). tests/setup-dom.ts patches the page once and preloads the
          // portal's parts once; each test unmounts what it drew and clears storage (its afterEach).
          isolate: false,
          // No test waits on the clock (tests/setup-dom.ts, tests/model/view-harness.tsx), but a long view
          // walk is seconds of work, which a machine whose cores are busy elsewhere can stretch past 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          // Hashes at 2^10 instead of 2^17 in every file; one migrated and seeded database per run, copied
          // for each file (server/test/setup.ts, server/test/global-setup.ts).
          setupFiles: ["server/test/setup.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          // Two files at once on CI's two cores: left alone, vitest runs one (cores - 1), which waits on
          // the database and the hash thread pool much of the time.
          maxWorkers: 2,
          // One module graph per worker: each file imported the app, drizzle and the routes again (2.6 to
          // 5.8 s a file, 203 s of the 415 s step); the files share no module state that matters (the
          // setup file runs before each file, each builds its own app on its own database copy).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
