/**
 * Stand-in for an actor or action that src/app/live.ts (or a test) must provide with `.provide()`.
 * Running one means the composition root forgot it: fail loudly instead of doing nothing.
 */
export function unprovided(name: string): () => never {
  return () => {
    throw new Error(
      `"${name}" was not provided: supply it with machine.provide() (src/app/live.ts or the test)`,
    );
  };
}
