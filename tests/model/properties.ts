/**
 * Property tests shared by every machine: random sequences of the model's event samples, folded
 * through XState's pure `transition()`, must keep the machine's invariants after every step.
 * A machine adds its invariants to its model spec; a domain rule (cart quantities) adds an arbitrary
 * for its own events and reuses `brokenInvariants`.
 */
import fc from "fast-check";
import { type AnyEventObject, type AnyStateMachine, initialTransition, transition } from "xstate";
import { brokenBy, type ModelSpec, type Snap } from "./harness.ts";

/** Any sequence of the events the model knows, up to `maxLength` long. */
export function eventSequences<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>, maxLength = 30) {
  const samples = Object.values(spec.events).flat();
  return fc.array(fc.constantFrom(...samples), { maxLength });
}

/** The invariants that fail somewhere along `events`, with the step where they first failed. */
export function brokenInvariants<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  input: unknown,
  events: AnyEventObject[],
): string[] {
  const start = (initialTransition as (logic: AnyStateMachine, input?: unknown) => [unknown, unknown])(
    spec.machine,
    input,
  );
  let snapshot = start[0] as Snap<TMachine>;
  // Each broken invariant, with the step where it first broke.
  const broken = new Map<string, number>();
  const check = (step: number) => {
    for (const name of brokenBy(spec, snapshot)) if (!broken.has(name)) broken.set(name, step);
  };
  check(0);
  events.forEach((event, index) => {
    // An event the state does not handle changes nothing in a running actor, and an actor's done or
    // error event cannot arrive while that actor is not running: skip both, as the graph does.
    if (!(snapshot as unknown as { can(event: AnyEventObject): boolean }).can(event)) return;
    snapshot = (
      transition as (logic: AnyStateMachine, snapshot: unknown, event: AnyEventObject) => [unknown, unknown]
    )(spec.machine, snapshot, event)[0] as Snap<TMachine>;
    check(index + 1);
  });
  return [...broken].map(([name, step]) => `${name} (after ${step} events)`);
}
