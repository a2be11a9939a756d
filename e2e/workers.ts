import { join, resolve } from "node:path";

/**
 * One build, one server per worker: worker n (its parallel index, which a worker that replaces a
 * failed one keeps) talks to the server on E2E_PORT + n with a data directory of its own, so no test
 * sees another worker's riders, carts or orders, and each server's sign-in limits count one worker's
 * sign-ins. e2e/servers.ts starts them; playwright.config.ts points each worker's baseURL at its own.
 */
const root = resolve(import.meta.dirname, "..");
const basePort = Number(process.env.E2E_PORT ?? 8181);
// scripts/e2e.ts names the run's folder (and removes it after); a bare `playwright test` gets one.
export const dataRoot = process.env.E2E_DATA_DIR ?? join(root, ".tmp", `e2e-data-${process.pid}`);

export const workerPort = (parallelIndex: number): number => basePort + parallelIndex;
export const workerDataDir = (parallelIndex: number): string => join(dataRoot, `worker-${parallelIndex}`);
