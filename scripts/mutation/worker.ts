/** Evaluates one mutant in its own thread, so a mutant that never finishes can be stopped. */
import { parentPort, workerData } from "node:worker_threads";
import { models } from "../../tests/model/specs/index.ts";
import { evaluateMutant } from "./mutant.ts";

const { machine, transition, target } = workerData as { machine: string; transition: string; target: string };
const spec = models.find((model) => model.name === machine);
if (!spec) throw new Error(`unknown machine ${machine}`);
parentPort?.postMessage(await evaluateMutant(spec, transition, target));
