import type { FullConfig } from "@playwright/test";
import { ensureBuild } from "../server/build.ts";
import { secondServer } from "./models/second-server.ts";
import { workerDataDir, workerPort } from "./workers.ts";

/**
 * Global setup: one build, then one `npm start` server per worker (e2e/workers.ts says on which port
 * and data directory), all starting at once. Returns the teardown that stops them.
 */
export default async function startWorkerServers(config: FullConfig): Promise<() => Promise<void>> {
  ensureBuild();
  const servers = Array.from({ length: config.workers }, (_, index) =>
    secondServer({
      port: workerPort(index),
      name: `worker-${index}`,
      dataDir: workerDataDir(index),
      // Behind a proxy on loopback, as a deployment is: a replay spec gives each path its own rider
      // address (X-Forwarded-For), so hundreds of sign-ins never share one address's budget. Specs
      // that send no such header are the loopback address.
      env: { TRUST_PROXY: "127.0.0.1,::1" },
      // All of them start at once on a machine that may be busy.
      startTimeout: 300_000,
    }),
  );
  const started = await Promise.allSettled(servers.map((server) => server.start()));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.dispose()));
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
