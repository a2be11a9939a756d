import { dialogAnatomy } from "@ark-ui/react/dialog";
import { defineSlotRecipe } from "@pandacss/dev";

/** A Dialog that slides in from one edge; `placement` picks the edge. */
export const drawerRecipe = defineSlotRecipe({
  className: "drawer",
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: {
      position: "fixed",
      inset: "0",
      bg: "rgba(15, 23, 42, 0.5)",
      zIndex: "overlay",
      animation: "fadeIn 150ms",
    },
    positioner: { position: "fixed", inset: "0", display: "flex", zIndex: "modal" },
    content: {
      bg: "surface",
      color: "text",
      display: "flex",
      flexDirection: "column",
      gap: "4",
      p: "6",
      boxShadow: "xl",
      overflowY: "auto",
      _focusVisible: { outline: "none" },
    },
    title: { fontSize: "xl", fontWeight: "bold" },
    description: { color: "muted" },
    closeTrigger: { position: "absolute", top: "3", insetEnd: "3" },
  },
  variants: {
    placement: {
      end: {
        positioner: {
          justifyContent: "flex-end",
          mdDown: { justifyContent: "stretch", alignItems: "flex-start" },
        },
        content: {
          position: "relative",
          height: "100dvh",
          width: "min(100vw, 420px)",
          animation: "slideInRight 200ms ease-out",
          mdDown: {
            width: "100vw",
            height: "auto",
            maxHeight: "85dvh",
            animation: "slideInTop 200ms ease-out",
          },
        },
      },
      start: {
        positioner: { justifyContent: "flex-start" },
        content: {
          position: "relative",
          height: "100dvh",
          width: "min(85vw, 320px)",
          animation: "slideInLeft 200ms ease-out",
        },
      },
      center: {
        positioner: { alignItems: "center", justifyContent: "center", p: "4" },
        content: { position: "relative", width: "min(100%, 420px)", borderRadius: "lg" },
      },
    },
  },
  defaultVariants: { placement: "end" },
});
