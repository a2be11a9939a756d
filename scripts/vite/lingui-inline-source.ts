import { compileMessage } from "@lingui/message-utils/compileMessage";

/*
 * English is the portal's source language: every `t`, `msg` and `<Trans>` already holds its English
 * text. This Babel pass (after Lingui's macro, which keeps `message` beside `id`) replaces each message
 * with its compiled form, so English needs no catalog at all: each chunk carries the English of its own
 * screens, and the first page downloads no catalog (issue 16's budget). Other languages load their
 * compiled catalogs as before, and a catalog entry always wins over the inline English
 * (src/i18n/i18n.ts).
 */

/** The subset of Babel's node types and path API this pass uses. */
interface Node {
  type: string;
}
interface StringLiteral extends Node {
  type: "StringLiteral";
  value: string;
}
interface ObjectProperty extends Node {
  type: "ObjectProperty";
  key: Node & { name?: string; value?: string };
  value: Node;
  computed: boolean;
}
interface ObjectExpression extends Node {
  type: "ObjectExpression";
  properties: Node[];
}
interface JSXAttribute extends Node {
  type: "JSXAttribute";
  name: Node & { name?: string };
  value: Node | null;
}
interface JSXOpeningElement extends Node {
  type: "JSXOpeningElement";
  attributes: Node[];
}
interface BabelTypes {
  valueToNode(value: unknown): Node;
  jsxExpressionContainer(expression: Node): Node;
}
interface Path<T> {
  node: T;
}

const isString = (node: Node | null | undefined): node is StringLiteral => node?.type === "StringLiteral";

const keyName = (property: ObjectProperty) =>
  property.computed ? undefined : (property.key.name ?? property.key.value);

/** Lingui's `{ id: "…", message: "…" }` descriptors and `<Trans id="…" message="…">` elements. */
export function linguiInlineSource({ types }: { types: BabelTypes }) {
  const compiled = (source: string) => {
    const message = compileMessage(source);
    // Plain text stays a string, as in compiled catalogs; only interpolated values and plurals need tokens.
    const [only] = message;
    return types.valueToNode(
      Array.isArray(message) && message.length === 1 && typeof only === "string" ? only : message,
    );
  };
  return {
    name: "lingui-inline-source",
    visitor: {
      ObjectExpression(path: Path<ObjectExpression>) {
        const properties = path.node.properties.filter(
          (property): property is ObjectProperty => property.type === "ObjectProperty",
        );
        const hasId = properties.some((property) => keyName(property) === "id" && isString(property.value));
        if (!hasId) return;
        for (const property of properties) {
          if (keyName(property) === "message" && isString(property.value)) {
            property.value = compiled(property.value.value);
          }
        }
      },
      JSXOpeningElement(path: Path<JSXOpeningElement>) {
        const attributes = path.node.attributes.filter(
          (attribute): attribute is JSXAttribute => attribute.type === "JSXAttribute",
        );
        const hasId = attributes.some(
          (attribute) => attribute.name.name === "id" && isString(attribute.value),
        );
        if (!hasId) return;
        for (const attribute of attributes) {
          if (attribute.name.name === "message" && isString(attribute.value)) {
            attribute.value = types.jsxExpressionContainer(compiled(attribute.value.value));
          }
        }
      },
    },
  };
}
