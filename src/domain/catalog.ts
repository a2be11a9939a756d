/** The catalogue as product search answers it (spec sections 3 and 7). Prices are minor units. */

export interface AppliedFilter {
  filter_uuid: string;
  filter_value: string;
}

interface FilterValue {
  uuid: string;
  value: string;
  short_description: string;
  image_url: string | null;
  accessibility_text: string | null;
}

export interface Filter {
  uuid: string;
  display_name: string;
  filter_type: "list" | "dropdown";
  kind: "ATTRIBUTE" | "ORIGIN" | "DESTINATION";
  values: FilterValue[];
  /** The applied value's uuid, or null. */
  applied: string | null;
}

export interface ItineraryEnd {
  uuid: string;
  value: string;
  long_name: string;
}

export interface Product {
  uuid: string;
  name: string;
  alert_message: string | null;
  short_description: string;
  long_description: string;
  list_price: number;
  product_image_path: string | null;
  sub_type: "PHYSICAL_PASS" | "DIGITAL_PASS" | "STORED_VALUE";
  service_type: string;
  shipping_enabled: boolean;
  organization: { uuid: string; legacy_uuid: string };
  theme: { background_color: string };
  subscription: { subscription_allowed: boolean };
  list_priority: number;
  rider_types: string[];
  itinerary: { origin: ItineraryEnd | null; destination: ItineraryEnd | null } | null;
}

export interface ProductPage {
  results: Product[];
  total: number;
}

/** Quantity selector of a product card (spec sections 5 and 9). */
export const quantityLimits = { min: 0, max: 20, initial: 1 } as const;

/** Clamps a typed quantity into 0..20 (whole numbers; anything unreadable is 0). */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return quantityLimits.min;
  return Math.min(quantityLimits.max, Math.max(quantityLimits.min, Math.trunc(value)));
}

/** A description split on its line breaks, blank lines dropped. */
export const descriptionLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/**
 * The filter values a products page starts with: the route's service and pass type, named by their
 * code (bus, PHYSICAL, DIGITAL).
 */
export function presetValues(serviceType: string | null, passType: string | null): string[] {
  const codes: string[] = [];
  if (serviceType && serviceType !== "null") codes.push(serviceType);
  if (passType === "physical") codes.push("PHYSICAL");
  if (passType === "digital") codes.push("DIGITAL");
  return codes;
}

/** The applied filters that pick each preset code, where some filter offers it. */
export function presetFilters(filters: readonly Filter[], codes: readonly string[]): AppliedFilter[] {
  const applied: AppliedFilter[] = [];
  for (const code of codes) {
    for (const filter of filters) {
      const value = filter.values.find((candidate) => candidate.value === code);
      if (value && !applied.some((entry) => entry.filter_uuid === filter.uuid)) {
        applied.push({ filter_uuid: filter.uuid, filter_value: value.uuid });
        break;
      }
    }
  }
  return applied;
}

/** Applies `value` to `filter` (replacing its previous value), or takes it off when null. */
export function withFilter(
  applied: readonly AppliedFilter[],
  filter: string,
  value: string | null,
): AppliedFilter[] {
  const others = applied.filter((entry) => entry.filter_uuid !== filter);
  return value ? [...others, { filter_uuid: filter, filter_value: value }] : others;
}

/** The names of the applied values, kept with a cart item (productFilterName): "Rail · Adult". */
export function appliedFilterNames(
  filters: readonly Filter[],
  applied: readonly AppliedFilter[],
): string | null {
  const names = applied.flatMap((entry) => {
    const value = filters
      .find((filter) => filter.uuid === entry.filter_uuid)
      ?.values.find((candidate) => candidate.uuid === entry.filter_value);
    return value ? [value.short_description] : [];
  });
  return names.length > 0 ? names.join(" · ") : null;
}
