import { dialogAnatomy } from "@ark-ui/react/dialog";
import { defineSlotRecipe } from "@pandacss/dev";

/*
 * Ark keeps a closing part mounted until its exit animation ends, and takes "the same animation as
 * when it opened" for "no exit animation" only when it managed to read that name while opening. An
 * entry animation that also applied in the closed state left the backdrop mounted, invisible and
 * swallowing every click. So every animated part animates in when `open` and out when `closed` (a
 * different keyframe, whose `animationend` ends the presence), and a closed part never takes pointer
 * events. With reduced motion (panda.config.ts) the durations are 0s and the parts unmount at once.
 */
const backdropIn = "fadeIn 150ms ease-out";
const backdropOut = "fadeOut 150ms ease-in";

/** A Dialog that slides in from one edge, or sits in the centre; `placement` picks which. */
export const drawerRecipe = defineSlotRecipe({
  className: "drawer",
  slots: dialogAnatomy.keys(),
  // `drawer({ placement })` gets its variant at run time, which Panda's extractor cannot see: emit all.
  staticCss: ["*"],
  base: {
    backdrop: {
      position: "fixed",
      inset: "0",
      bg: "rgba(15, 23, 42, 0.5)",
      zIndex: "overlay",
      _open: { animation: backdropIn },
      _closed: { animation: backdropOut, pointerEvents: "none" },
    },
    positioner: { position: "fixed", inset: "0", display: "flex", zIndex: "modal" },
    content: {
      position: "relative",
      bg: "surface",
      color: "text",
      display: "flex",
      flexDirection: "column",
      gap: "4",
      p: "6",
      boxShadow: "xl",
      overflowY: "auto",
      _focusVisible: { outline: "none" },
      _closed: { pointerEvents: "none" },
    },
    title: { fontSize: "xl", fontWeight: "bold", pr: "10" },
    description: { color: "muted" },
    closeTrigger: {
      position: "absolute",
      top: "3",
      insetEnd: "3",
      color: "text",
      borderColor: "border",
    },
  },
  variants: {
    placement: {
      end: {
        positioner: {
          justifyContent: "flex-end",
          mdDown: { justifyContent: "stretch", alignItems: "flex-start" },
        },
        content: {
          height: "100dvh",
          width: "min(100vw, 420px)",
          _open: {
            animation: "slideInRight 200ms ease-out",
            mdDown: { animation: "slideInTop 200ms ease-out" },
          },
          _closed: {
            animation: "slideOutRight 150ms ease-in",
            mdDown: { animation: "slideOutTop 150ms ease-in" },
          },
          mdDown: { width: "100vw", height: "auto", maxHeight: "85dvh" },
        },
      },
      start: {
        positioner: { justifyContent: "flex-start" },
        content: {
          height: "100dvh",
          width: "min(85vw, 320px)",
          _open: { animation: "slideInLeft 200ms ease-out" },
          _closed: { animation: "slideOutLeft 150ms ease-in" },
        },
      },
      center: {
        positioner: { alignItems: "center", justifyContent: "center", p: "4" },
        content: {
          width: "100%",
          maxWidth: "var(--dialog-width, token(sizes.dialogSm))",
          maxHeight: "calc(100dvh - 2rem)",
          borderRadius: "lg",
          _open: { animation: "fadeIn 150ms ease-out" },
          _closed: { animation: "fadeOut 120ms ease-in" },
        },
      },
    },
    /** Spec section 9: dialogs are 420 px wide, the wide ones (forms inside a dialog) 600 px. */
    width: {
      narrow: {},
      wide: { content: { "--dialog-width": "token(sizes.dialogMd)" } },
    },
  },
  defaultVariants: { placement: "end", width: "narrow" },
});
