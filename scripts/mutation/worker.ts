/**
 * Evaluates mutants in its own thread, one message at a time, so that a mutant that never finishes can
 * be stopped (the thread is ended and replaced). A thread lives for many mutants: it imports the specs
 * once and keeps each unmutated machine's graph.
 */
import { parentPort } from "node:worker_threads";
import { models } from "../../tests/model/specs/index.ts";
import { evaluateMutant } from "./mutant.ts";

export interface MutantTask {
  machine: string;
  transition: string;
  target: string;
}

parentPort?.on("message", async ({ machine, transition, target }: MutantTask) => {
  const spec = models.find((model) => model.name === machine);
  if (!spec) throw new Error(`unknown machine ${machine}`);
  parentPort?.postMessage(await evaluateMutant(spec, transition, target));
});
