import { defineSemanticTokens, defineTokens } from "@pandacss/dev";

/**
 * Brand colours are semantic tokens whose CSS variables are overwritten at boot from the portal
 * configuration (see theme/apply-theme.ts); the values here are the accessible defaults.
 */
export const tokens = defineTokens({
  sizes: { navBar: { value: "70px" }, dialogSm: { value: "420px" }, dialogMd: { value: "600px" } },
  // Layers from the page up. A select's list opens above a dialog that holds the select.
  zIndex: {
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    dropdown: { value: 1500 },
    toast: { value: 1600 },
    skipLink: { value: 1700 },
  },
  fonts: {
    body: {
      value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    brand: {
      button: { value: "#0b5cad" },
      buttonText: { value: "#ffffff" },
      navigation: { value: "#0a2540" },
      navigationText: { value: "#ffffff" },
      footer: { value: "#1f2933" },
      footerText: { value: "#f5f7fa" },
      container: { value: "#f4f6f8" },
      success: { value: "#1b6e3a" },
      error: { value: "#b3261e" },
    },
    text: { value: "#1f2933" },
    muted: { value: "#52606d" },
    surface: { value: "#ffffff" },
    border: { value: "#cbd2d9" },
    focus: { value: "#f5b700" },
  },
});
