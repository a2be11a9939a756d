import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "@playwright/test";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { operatorToken } from "../operator.ts";

const root = resolve(import.meta.dirname, "..", "..");

/** Top-level deployment settings to replace in the demo's deployment.json (whole objects). */
export type DeploymentOverrides = Partial<PortalConfig>;

/**
 * A second `npm start` server for the specs that need a server of their own: one they stop (losing the
 * network), or an agency whose deployment differs from the demo's (security questions on, a tag
 * manager id). It serves the same build (SKIP_BUILD) on its own port, data directory and, when given
 * overrides, its own deployment file written from the demo's.
 */
export function secondServer(options: {
  port: number;
  name: string;
  deployment?: DeploymentOverrides;
  /** Where its database lives (default: a folder of its own under .tmp). */
  dataDir?: string;
  /** More environment (the workers' servers trust their loopback proxy). */
  env?: Record<string, string>;
  /** How long a start may take (default 170 s: a cold start is slow on a busy machine). */
  startTimeout?: number;
}) {
  const startTimeout = options.startTimeout ?? 170_000;
  const dataDir = options.dataDir ?? join(root, ".tmp", `e2e-${options.name}-${process.pid}`);
  const deploymentFile = join(root, ".tmp", `e2e-${options.name}-${process.pid}-deployment.json`);
  let server: ChildProcess | null = null;

  const writeDeployment = (): string | null => {
    if (!options.deployment) return null;
    const demo: unknown = JSON.parse(readFileSync(join(root, "server", "config", "deployment.json"), "utf8"));
    mkdirSync(join(root, ".tmp"), { recursive: true });
    writeFileSync(deploymentFile, JSON.stringify({ ...(demo as object), ...options.deployment }, null, 2));
    return deploymentFile;
  };

  return {
    baseURL: `http://localhost:${options.port}`,

    async start(): Promise<void> {
      const deployment = writeDeployment();
      server = spawn(process.execPath, [join(root, "server", "main.ts")], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(options.port),
          DATA_DIR: dataDir,
          SKIP_BUILD: "1",
          NODE_ENV: "development",
          OPERATOR_TOKEN: operatorToken,
          // Password hashes at 2^12 rather than 2^17 (about 25 ms instead of 0.8 s of a core here): the
          // suite signs riders up and in hundreds of times, and what the cost itself does (the hashing
          // line, the refusals under a flood) is proven by the server tests at full cost.
          PASSWORD_HASH_COST: "12",
          ...(deployment ? { DEPLOYMENT_FILE: deployment } : {}),
          ...options.env,
        },
        // Its errors (a failed start) reach the run's output.
        stdio: ["ignore", "ignore", "inherit"],
      });
      const deadline = Date.now() + startTimeout;
      while (Date.now() < deadline) {
        try {
          if ((await fetch(`http://localhost:${options.port}/healthz`)).ok) return;
        } catch {
          // starting
        }
        if (server && server.exitCode !== null) throw new Error(`the ${options.name} server exited on start`);
        await new Promise((done) => setTimeout(done, 200));
      }
      throw new Error(`the ${options.name} server did not start`);
    },

    async stop(): Promise<void> {
      const running = server;
      if (!running) return;
      const exited = new Promise((done) => running.once("exit", done));
      running.kill("SIGTERM");
      // A clean close normally takes well under a second; never let a stuck one hang the test.
      const stuck = setTimeout(() => running.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(stuck);
      server = null;
    },

    /**
     * Starts it from a `beforeAll` hook, which Playwright holds to the config's test timeout rather than
     * the describe's: the hook gets the start's own limit, and the time to stop a start that failed.
     */
    async startInHook(): Promise<void> {
      test.setTimeout(startTimeout + 30_000);
      await this.start();
    },

    /** Stops it and forgets its data. */
    async dispose(): Promise<void> {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(deploymentFile, { force: true });
    },
  };
}
