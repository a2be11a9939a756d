import { join } from "node:path";

/*
 * How the build groups modules into chunks (issue 16). Every file a page fetches costs bytes of its own
 * (its imports, its name in the preload lists, gzip starting afresh), so code that always loads
 * together is one file. Everything else splits as Rolldown does by default.
 *
 * - A group of the portal's own modules names its files and takes none of their dependencies: those
 *   stay shared with the other parts that use them.
 * - A group of a library's modules takes their dependencies along, which keeps the order in which the
 *   library's modules run (grouping zag's modules apart from their dependencies broke it at start).
 * - A new group must leave every route in `npm run budget` no heavier.
 */

/** The portal's own modules that always load together, by group (paths from the project's root). */
export const portalGroups = {
  /** The checkout's purchase: its screen, details step, machine and services, once the cart has items. */
  purchase: [
    "src/views/checkout/Purchase.tsx",
    "src/views/checkout/CheckoutView.tsx",
    "src/views/checkout/CheckoutDetails.tsx",
    "src/machines/checkout.machine.ts",
    "src/domain/checkout/draft.ts",
    "src/domain/checkout/quote.ts",
    "src/services/checkout.service.ts",
    "src/app/live/checkout.ts",
  ],
  /** How a purchase or a load is paid, and its texts (checkout, Add value). */
  paymentLegs: ["src/views/checkout/PaymentLegs.tsx", "src/views/checkout/parts.tsx"],
  /** Amounts and their formatting, on every page that shows a price or a balance (not the sign-in page). */
  money: ["src/domain/money.ts", "src/views/shared/useMoney.ts"],
  /** The card form's shape and its download (checkout, Add value, Payment Methods). */
  cardForm: ["src/views/account/CardForm.tsx", "src/machines/cardDraft.ts"],
} as const;

const root = join(import.meta.dirname, "..", "..");

/** Whether a module id is one of `files`: a module's id is its absolute path. */
export function isOneOf(files: readonly string[]): (id: string) => boolean {
  const ids = new Set(files.map((file) => join(root, file)));
  return (id) => ids.has(id);
}

/** The entry's static imports: every page needs all of them. */
const first = { name: "first", tags: ["$initial" as const], priority: 2 };

/** Ark's field with the helpers it needs, on every page with a form. */
const arkField = {
  name: "arkField",
  test: /node_modules\/@ark-ui\/react\/dist\/components\/field\//,
  priority: 1,
};

/**
 * zag's machine runtime, which every other Ark part (radio group, checkbox, select, ...) runs on. The
 * field needs none of it (its own group comes first), so the sign-in page does not load it.
 */
const arkMachine = {
  name: "arkMachine",
  test: /node_modules\/(@zag-js\/(react|core|focus-visible)\/|@zag-js\/utils\/dist\/(array|object|warning|number)\.mjs|@zag-js\/dom-query\/dist\/(platform|event|form|query|visually-hidden)\.mjs|@ark-ui\/react\/dist\/(providers\/locale\/|utils\/use-event\.js))/,
  priority: 0,
};

/** `output.codeSplitting.groups` for vite.config.ts. */
export const chunkGroups = [
  first,
  ...Object.entries(portalGroups).map(([name, files]) => ({
    name,
    test: isOneOf(files),
    includeDependenciesRecursively: false,
    priority: 1,
  })),
  arkField,
  arkMachine,
];
