import { useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext } from "react";
import { useChild, useConfig } from "../../app/children.ts";
import type { PortalConfig } from "../../domain/portal-config.ts";
import { selectLocale } from "../../machines/language.machine.ts";

/**
 * What the screens below write dates (./dates.ts, in the screens' chunks) and money with: the
 * deployment's locales and money switch, and the current language. Without a provider (a view's own
 * test) the spec's defaults apply.
 */
export interface DisplaySettings {
  config: Pick<PortalConfig, "locales" | "hideZeroDecimals"> | null;
  language: string;
}

const DisplayContext = createContext<DisplaySettings>({ config: null, language: "en" });

export const useDisplaySettings = (): DisplaySettings => useContext(DisplayContext);

/** The language changes once its catalog is loaded (src/i18n/i18n.ts). */
export function DisplayFormatsProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  const language = useSelector(useChild("language"), selectLocale);
  return <DisplayContext.Provider value={{ config, language }}>{children}</DisplayContext.Provider>;
}
