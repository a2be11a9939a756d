/**
 * The parts of Ark's field the portal uses, for `import * as Field from "…/ui/field.ts"` and then
 * `<Field.Root>` as in Ark's own examples. Ark's `Field` object names every part, so importing it puts
 * the textarea (with its auto-resize), the select and the item into every page with a form; a
 * namespace of only these five leaves the rest out of the build (issue 16: 1.4 KB off the sign-in page).
 */
export {
  FieldErrorText as ErrorText,
  FieldHelperText as HelperText,
  FieldInput as Input,
  FieldLabel as Label,
  FieldRoot as Root,
} from "@ark-ui/react/field";
