/** Where a screen that loads a list stands: loading, nothing in it, failed to load, or shown. */
export type ListPhase = "loading" | "empty" | "failed" | "shown";

/** The phase of a list machine whose top states are loading, empty, failed and the shown list. */
export function selectListPhase(snapshot: {
  matches(state: "loading" | "empty" | "failed"): boolean;
}): ListPhase {
  if (snapshot.matches("loading")) return "loading";
  if (snapshot.matches("empty")) return "empty";
  if (snapshot.matches("failed")) return "failed";
  return "shown";
}
