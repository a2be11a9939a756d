import { defineRecipe } from "@pandacss/dev";

export const buttonRecipe = defineRecipe({
  className: "button",
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "2",
    borderRadius: "md",
    fontWeight: "semibold",
    cursor: "pointer",
    minHeight: "11",
    px: "4",
    borderWidth: "2px",
    borderColor: "transparent",
    transition: "background 120ms, color 120ms",
    textDecoration: "none",
    _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
    _disabled: { opacity: 0.55, cursor: "not-allowed" },
  },
  variants: {
    variant: {
      solid: { bg: "brand.button", color: "brand.buttonText", _hover: { filter: "brightness(1.1)" } },
      outline: { bg: "surface", color: "brand.button", borderColor: "brand.button" },
      ghost: { bg: "transparent", color: "inherit", _hover: { bg: "rgba(255,255,255,0.12)" } },
      // For what cannot be undone. White on the deployment's error red (#b3261e: 6.5:1), darker on hover.
      danger: { bg: "brand.error", color: "white", _hover: { filter: "brightness(0.9)" } },
    },
    size: {
      sm: { minHeight: "9", px: "3", fontSize: "sm" },
      md: {},
      icon: { minHeight: "11", minWidth: "11", px: "2" },
    },
  },
  defaultVariants: { variant: "solid", size: "md" },
});
