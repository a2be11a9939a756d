import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "@playwright/test";
import { copyTemplate, type DeploymentOverrides, deploymentText, serverEnv } from "../data-templates.ts";

const root = resolve(import.meta.dirname, "..", "..");

/**
 * A second `npm start` server for the specs that need a server of their own: one they stop (losing the
 * network), or an agency whose deployment differs from the demo's (security questions on, a tag
 * manager id: e2e/data-templates.ts names them). It serves the same build (SKIP_BUILD) on its own
 * port, data directory and, when given overrides, its own deployment file written from the demo's. Its
 * first start copies the run's prepared database for its deployment when there is one (a start of
 * about 4 s instead of a cold start's 12 s), and starts cold otherwise.
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

  // Read once: the file written for the server and the prepared database copied for it follow from it.
  const text = deploymentText(options.deployment);
  const writeDeployment = (): string | null => {
    if (!text) return null;
    mkdirSync(join(root, ".tmp"), { recursive: true });
    writeFileSync(deploymentFile, text);
    return deploymentFile;
  };

  return {
    baseURL: `http://localhost:${options.port}`,

    async start(): Promise<void> {
      const deployment = writeDeployment();
      copyTemplate(text, dataDir);
      server = spawn(process.execPath, [join(root, "server", "main.ts")], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(options.port),
          DATA_DIR: dataDir,
          ...serverEnv,
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
