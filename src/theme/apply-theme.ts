import type { ThemeColors } from "../domain/portal-config.ts";

/** CSS variables behind the `brand.*` semantic tokens (see theme/tokens.ts). */
const variables: Record<keyof ThemeColors, string> = {
  button: "--colors-brand-button",
  buttonText: "--colors-brand-button-text",
  navigation: "--colors-brand-navigation",
  navigationText: "--colors-brand-navigation-text",
  footer: "--colors-brand-footer",
  footerText: "--colors-brand-footer-text",
  container: "--colors-brand-container",
  success: "--colors-brand-success",
  error: "--colors-brand-error",
};

/** Applies the deployment's colours through the CSSOM, which the Content-Security-Policy allows. */
export function applyTheme(theme: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, variable] of Object.entries(variables) as Array<[keyof ThemeColors, string]>) {
    root.style.setProperty(variable, theme[name]);
  }
}
