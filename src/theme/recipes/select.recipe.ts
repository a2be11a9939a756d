import { selectAnatomy } from "@ark-ui/react/select";
import { defineSlotRecipe } from "@pandacss/dev";

export const selectRecipe = defineSlotRecipe({
  className: "select",
  slots: selectAnatomy.keys(),
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1", position: "relative" },
    label: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
    control: { display: "flex" },
    trigger: {
      display: "inline-flex",
      alignItems: "center",
      gap: "2",
      minHeight: "11",
      px: "3",
      borderRadius: "md",
      borderWidth: "1px",
      borderColor: "currentColor",
      bg: "transparent",
      color: "inherit",
      cursor: "pointer",
      _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
    },
    indicator: { display: "inline-flex" },
    positioner: { zIndex: "dropdown" },
    content: {
      bg: "surface",
      color: "text",
      borderRadius: "md",
      boxShadow: "lg",
      py: "1",
      minWidth: "40",
      _focusVisible: { outline: "none" },
    },
    item: {
      display: "flex",
      justifyContent: "space-between",
      alignItems: "center",
      px: "3",
      py: "2",
      cursor: "pointer",
      _highlighted: { bg: "brand.container" },
      _checked: { fontWeight: "bold" },
    },
  },
});
