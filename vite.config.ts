import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
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
  build: {
    target: "es2023",
    // Maps are named by a header (server/plugins/spa.ts), not a comment in every chunk.
    sourcemap: "hidden",
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Chunks, issue 16. Every file a page fetches costs its own bytes (its imports, its name in the
        // preload lists, gzip starting afresh), so parts that always load together are one file:
        // - first: everything the entry imports statically: every page needs all of it (3.4 KB less
        //   gzip on every first page than the dozen small shared chunks the default split made).
        // - purchase: the checkout's purchase (its screen, details step, machine and services), which
        //   the checkout loads as soon as the cart has something to buy.
        // - paymentLegs: how a purchase or a load is paid, and its texts (checkout, Add value).
        // - cardForm: the card form's shape and its download (checkout, Add value, Payment Methods).
        // - arkField: Ark's field with the helpers it needs, on every page with a form.
        // - arkMachine: zag's machine runtime, which every other Ark part (radio group, checkbox,
        //   select, ...) runs on; the field needs none of it, so the sign-in page does not load it.
        // Everything else splits as Rolldown does by default. Modules of the portal's own are grouped
        // without their dependencies (those stay shared); a library's with them, which keeps its
        // modules' order (grouping zag's modules apart from their dependencies broke it at start).
        codeSplitting: {
          groups: [
            { name: "first", tags: ["$initial"], priority: 2 },
            {
              name: "purchase",
              test: /src\/(views\/checkout\/(Purchase|CheckoutView|CheckoutDetails)\.tsx|machines\/checkout\.machine\.ts|domain\/checkout\/quote\.ts|services\/checkout\.service\.ts|app\/live\/checkout\.ts)$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: "cardForm",
              test: /src\/(views\/account\/CardForm\.tsx|machines\/cardDraft\.ts)$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: "arkField",
              test: /node_modules\/@ark-ui\/react\/dist\/components\/field\//,
              priority: 1,
            },
            {
              name: "arkMachine",
              test: /node_modules\/(@zag-js\/(react|core|focus-visible)\/|@zag-js\/utils\/dist\/(array|object|warning|number)\.mjs|@zag-js\/dom-query\/dist\/(platform|event|form|query|visually-hidden)\.mjs|@ark-ui\/react\/dist\/(providers\/locale\/|utils\/use-event\.js))/,
              priority: 0,
            },
            {
              name: "paymentLegs",
              test: /src\/views\/checkout\/(PaymentLegs|parts)\.tsx$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "tests/model/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup-dom.ts"],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
