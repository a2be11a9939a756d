import { defineConfig } from "@pandacss/dev";
import { recipes, slotRecipes } from "./src/theme/recipes/index.ts";
import { semanticTokens, tokens } from "./src/theme/tokens.ts";

export default defineConfig({
  preflight: true,
  include: ["./src/**/*.{ts,tsx}"],
  exclude: ["./src/**/*.test.{ts,tsx}"],
  outdir: "styled-system",
  jsxFramework: "react",
  strictTokens: false,
  // Riders (and the e2e suite) who ask for reduced motion get no slides or fades: with a duration of
  // 0s Ark unmounts a closing dialog at once instead of waiting for its exit animation.
  globalCss: {
    "@media (prefers-reduced-motion: reduce)": {
      "*, *::before, *::after": {
        animationDuration: "0s !important",
        animationDelay: "0s !important",
        transitionDuration: "0s !important",
      },
    },
  },
  conditions: {
    extend: {
      open: "&:is([data-state=open])",
      closed: "&:is([data-state=closed])",
      highlighted: "&:is([data-highlighted])",
      current: "&:is([aria-current=page])",
    },
  },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
      breakpoints: { sm: "600px", md: "960px", lg: "1280px" },
      keyframes: {
        slideInRight: { from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } },
        slideInTop: { from: { transform: "translateY(-100%)" }, to: { transform: "translateY(0)" } },
        slideInLeft: { from: { transform: "translateX(-100%)" }, to: { transform: "translateX(0)" } },
        slideOutRight: { from: { transform: "translateX(0)" }, to: { transform: "translateX(100%)" } },
        slideOutTop: { from: { transform: "translateY(0)" }, to: { transform: "translateY(-100%)" } },
        slideOutLeft: { from: { transform: "translateX(0)" }, to: { transform: "translateX(-100%)" } },
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
      },
    },
  },
});
