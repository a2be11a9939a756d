import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildApp } from "./app.ts";
import { distDir, ensureBuild } from "./build.ts";
import { readEnv } from "./config/env.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/startup.ts";
import { offsetClock } from "./domain/clock.ts";
import { configureHashCost } from "./domain/password.ts";
import { createAppleVerifier } from "./gateways/apple.ts";
import { createRecaptchaVerifier, sandboxCaptchaVerifier } from "./gateways/captcha.ts";
import { createSandboxGateway } from "./gateways/payments/sandbox.ts";

/**
 * `npm start`: build the SPA if stale, migrate, seed once, serve portal and API on one origin.
 * `npm start -- --prepare`: migrate and seed (as a start would), then exit without building or serving,
 * as a release step does before the instances start (the e2e suite prepares its data directories so).
 */
/**
 * A fresh clone's `npm start` has no flows site yet: it is drawn in the background (scripts/flows-site.ts,
 * about a minute of one core) while the portal serves, and /flows/ says so until then. Not when the
 * build is skipped (the e2e suite and the bench bring their own, and must not share the CPU with it).
 */
function drawFlowsIfMissing(flowsDir: string | null): void {
  if (!flowsDir || process.env.SKIP_BUILD === "1" || existsSync(join(flowsDir, "index.html"))) return;
  console.log("Drawing the flows site in the background: /flows/ shows it when ready.");
  const child = spawn(process.execPath, [resolve(import.meta.dirname, "..", "scripts", "flows-site.ts")], {
    cwd: resolve(import.meta.dirname, ".."),
    stdio: "ignore",
  });
  child.on("exit", (code) => {
    console.log(
      code === 0 ? "The flows site is ready at /flows/." : `Drawing the flows site failed (${code}).`,
    );
  });
  child.unref();
}

async function main() {
  const env = readEnv();
  const prepareOnly = process.argv.includes("--prepare");
  const portalConfig = await loadPortalConfig(env.deploymentFile);
  if (env.passwordHashCost !== null) configureHashCost(env.passwordHashCost);
  if (process.env.SKIP_BUILD !== "1" && !prepareOnly) ensureBuild();

  const database = await openDatabase(
    env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
  );
  if (await prepareDatabase(database, portalConfig, { seedDemo: env.seedDemo })) {
    console.log("Seeded the demo agency, catalog and rider.");
  }
  if (prepareOnly) {
    await database.close();
    console.log(`Database ready (${env.databaseUrl ? "PostgreSQL" : `PGlite in ${env.dataDir}`}).`);
    return;
  }

  const clock = offsetClock(env.clockOffsetMs);
  const killAfter = env.killAfter;
  const flowsDir = env.devMailbox ? resolve(import.meta.dirname, "..", "flows-site") : null;
  const app = await buildApp({
    database,
    clock,
    portalConfig,
    staticDir: distDir,
    flowsDir,
    devMailbox: env.devMailbox,
    publicUrl: env.publicUrl,
    delivery: env.delivery,
    captchaVerifier: env.recaptchaSecret
      ? createRecaptchaVerifier(env.recaptchaSecret)
      : sandboxCaptchaVerifier,
    // Unset: the sandbox identity provider completes Apple when it is on (none otherwise).
    ...(env.apple
      ? { apple: createAppleVerifier({ clientId: env.apple.clientId, keys: { url: env.apple.jwksUrl } }) }
      : {}),
    google: env.google,
    facebook: env.facebook,
    sandboxIdp: env.sandboxIdp,
    operatorToken: env.operatorToken,
    paymentGateway: createSandboxGateway({
      secret: env.sandboxGatewaySecret,
      database: database.db,
      now: () => clock.now(),
      ...(killAfter
        ? {
            onAnswered: (step: "authorize" | "capture", answered: number) => {
              if (step === killAfter.step && answered === killAfter.count)
                process.kill(process.pid, "SIGKILL");
            },
          }
        : {}),
    }),
    trustProxy: env.trustProxy,
    logLevel: env.logLevel === "info" ? "warn" : env.logLevel,
    // Due autoloads, load settlement, renewals, the order attempts a crash stopped between the gateway
    // and the commit, the refunds a crash or a lost gateway answer left pending and the ended
    // request-budget windows: once as soon as the server listens (a restart after a crash repairs at
    // once), then every 30 s (tests call them themselves). What the start-up pass repaired is said on
    // the console, beside "ready" (the kill -9 test waits for it).
    maintenance: {
      everyMs: 30_000,
      afterFirstPass: (done) =>
        console.log(
          `Start-up repair: ${done.repaired ?? 0} stopped order attempts finished or given back, ${done.finished ?? 0} pending refunds finished.`,
        ),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing...`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.port, host: env.host });
  drawFlowsIfMissing(flowsDir);
  const where = database.driver === "postgres" ? "PostgreSQL" : `PGlite in ${env.dataDir}`;
  console.log(`Transit portal ready at http://localhost:${env.port} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
