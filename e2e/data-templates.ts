import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PortalConfig } from "../src/domain/portal-config.ts";
import { operatorToken } from "./operator.ts";
import { dataRoot } from "./workers.ts";

const root = resolve(import.meta.dirname, "..");

/** Top-level deployment settings to replace in the demo's deployment.json (whole objects). */
export type DeploymentOverrides = Partial<PortalConfig>;

/**
 * The agencies whose deployment differs from the demo's, each served by a server of its own for the
 * specs about it (e2e/models/second-server.ts). Named here, not in the specs, so that `npm run
 * test:e2e` prepares their databases before the first test (prepareTemplates).
 */
export const agencies = {
  securityQuestions: { securityQuestions: { enabled: true, count: 3 } },
  tagManager: { analytics: { tagManagerAllowed: true, tagManagerId: "GTM-TEST123" } },
  /** The spec's own configuration (server/config/deployment.spec.json), whole (issue 47). */
  spec: JSON.parse(
    readFileSync(join(root, "server", "config", "deployment.spec.json"), "utf8"),
  ) as DeploymentOverrides,
} as const satisfies Record<string, DeploymentOverrides>;

/** The deployment file's text for `overrides` (the demo's own file when there are none). */
export function deploymentText(overrides: DeploymentOverrides | undefined): string | null {
  if (!overrides) return null;
  const demo: unknown = JSON.parse(readFileSync(join(root, "server", "config", "deployment.json"), "utf8"));
  return JSON.stringify({ ...(demo as object), ...overrides }, null, 2);
}

/**
 * What every e2e server runs with. Password hashes at 2^12 rather than 2^17 (about 25 ms instead of
 * 0.8 s of a core here): the suite signs riders up and in hundreds of times, and what the cost itself
 * does (the hashing line, the refusals under a flood) is proven by the server tests at full cost.
 */
export const serverEnv = {
  SKIP_BUILD: "1",
  NODE_ENV: "development",
  OPERATOR_TOKEN: operatorToken,
  PASSWORD_HASH_COST: "12",
} as const;

/** Where the run's prepared database for a deployment is: named by the deployment file's text. */
function templateDir(text: string | null): string {
  const key = createHash("sha256")
    .update(text ?? "demo")
    .digest("hex")
    .slice(0, 12);
  // Read when asked: scripts/e2e.ts names the run's folder after this module is loaded.
  return join(process.env.E2E_DATA_DIR ?? dataRoot, "templates", key);
}

/**
 * Migrates and seeds one data directory for each deployment, all at once (`npm start -- --prepare`, the
 * servers' own start-up, in processes of their own): a server started on a copy (copyTemplate) skips
 * the 8-10 s of initdb, migrations and seed of a cold start. Run before the build is done: preparing
 * needs no build.
 */
export async function prepareTemplates(deployments: ReadonlyArray<DeploymentOverrides | undefined>) {
  await Promise.all(
    deployments.map(async (overrides) => {
      const text = deploymentText(overrides);
      const dir = templateDir(text);
      if (existsSync(dir)) return;
      const building = `${dir}.building`;
      rmSync(building, { recursive: true, force: true });
      mkdirSync(building, { recursive: true });
      const deploymentFile = join(building, "deployment.json");
      if (text) writeFileSync(deploymentFile, text);
      const child = spawn(process.execPath, [join(root, "server", "main.ts"), "--prepare"], {
        cwd: root,
        env: {
          ...process.env,
          ...serverEnv,
          DATA_DIR: join(building, "data"),
          ...(text ? { DEPLOYMENT_FILE: deploymentFile } : {}),
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      const code = await new Promise<number | null>((done) => child.once("exit", done));
      if (code !== 0) throw new Error(`preparing an e2e database failed (exit code ${code})`);
      renameSync(building, dir);
    }),
  );
}

/**
 * Copies the run's prepared database for the deployment file's text (null: the demo's own file) into
 * `dataDir`, unless it is there already: false when there is none to copy.
 */
export function copyTemplate(text: string | null, dataDir: string): boolean {
  const template = join(templateDir(text), "data");
  if (!existsSync(template) || existsSync(dataDir)) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
