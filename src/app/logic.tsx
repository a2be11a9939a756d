import { createContext, type ReactNode, useContext } from "react";
import type { AnalyticsLogic } from "./live/analytics.ts";
import type { Feature } from "./live/deps.ts";

/**
 * The machines screens start for themselves, already given their services by the composition root
 * (src/app/live.ts). A screen asks for one here and never sees a service.
 * - What every page may need (analytics' observer) is here from the start.
 * - Everything else belongs to a feature (src/app/live/<feature>.ts), asked for with
 *   `useFeature(create<Feature>Logic)`: the composition travels in the chunk of the screen that
 *   imports it, and runs once, the first time a screen asks.
 */
export interface ScreenLogic extends AnalyticsLogic {
  /** A feature's logic, composed on first use and the same object afterwards. */
  feature<T>(feature: Feature<T>): T;
}

const ScreenLogicContext = createContext<ScreenLogic | null>(null);

export function ScreenLogicProvider({ logic, children }: { logic: ScreenLogic; children: ReactNode }) {
  return <ScreenLogicContext.Provider value={logic}>{children}</ScreenLogicContext.Provider>;
}

export function useScreenLogic(): ScreenLogic {
  const logic = useContext(ScreenLogicContext);
  if (!logic) throw new Error("No ScreenLogicProvider: render screens inside <App>");
  return logic;
}

/** A feature's machines, given their services (for example `useFeature(createWalletLogic).addValue`). */
export function useFeature<T>(feature: Feature<T>): T {
  return useScreenLogic().feature(feature);
}
