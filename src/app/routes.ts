import { parse } from "regexparam";
import { matchRoute } from "wouter";

/**
 * The route table of spec section 2. `access` is what the guard enforces:
 * - open: anyone;
 * - guestOnly: signed-in riders go to the logged-in default route;
 * - login: guests go to /login, which remembers where they came from;
 * - inlineLogin: guests see a sign-in prompt inside the page.
 */
export type RouteAccess = "open" | "guestOnly" | "login" | "inlineLogin";

export const screenIds = [
  "landing",
  "signup",
  "login",
  "appleRedirect",
  "googleReturn",
  "facebookReturn",
  "forgotPassword",
  "reset",
  "confirm",
  "invite",
  "checkout",
  "guestCheckout",
  "guestOrderSummary",
  "orderSummary",
  "cart",
  "products",
  "physical",
  "digital",
  "account",
  "profile",
  "security",
  "shippingAddress",
  "paymentMethods",
  "connectedAccounts",
  "devices",
  "orders",
  "passHistory",
  "unattachedPasses",
  "manageCard",
  "fareMedia",
  "cardTrips",
  "statement",
  "notifications",
] as const;
export type ScreenId = (typeof screenIds)[number];

export interface RouteDefinition {
  path: string;
  screen: ScreenId;
  access: RouteAccess;
}

export const routes: RouteDefinition[] = [
  { path: "/", screen: "landing", access: "open" },
  { path: "/signup", screen: "signup", access: "guestOnly" },
  { path: "/login", screen: "login", access: "guestOnly" },
  { path: "/redirect/:state/:idToken/:email/:firstName/:lastName", screen: "appleRedirect", access: "open" },
  { path: "/oauth/google/return", screen: "googleReturn", access: "open" },
  { path: "/oauth/facebook/return", screen: "facebookReturn", access: "open" },
  { path: "/forgotpassword", screen: "forgotPassword", access: "guestOnly" },
  { path: "/reset/:token?", screen: "reset", access: "open" },
  { path: "/confirm/:token?", screen: "confirm", access: "open" },
  { path: "/invite/:token?", screen: "invite", access: "open" },
  { path: "/checkout", screen: "checkout", access: "login" },
  { path: "/anonymous/checkout", screen: "guestCheckout", access: "open" },
  { path: "/anonymous/ordersummary/:orderId", screen: "guestOrderSummary", access: "open" },
  { path: "/ordersummary/:orderId", screen: "orderSummary", access: "login" },
  { path: "/cart", screen: "cart", access: "open" },
  { path: "/products/:serviceType?/:passType?", screen: "products", access: "open" },
  { path: "/physical", screen: "physical", access: "open" },
  { path: "/digital", screen: "digital", access: "inlineLogin" },
  { path: "/account", screen: "account", access: "login" },
  { path: "/account/profile", screen: "profile", access: "login" },
  { path: "/account/security", screen: "security", access: "login" },
  { path: "/account/addresses", screen: "shippingAddress", access: "login" },
  { path: "/account/paymentmethods", screen: "paymentMethods", access: "login" },
  { path: "/account/connected-accounts", screen: "connectedAccounts", access: "login" },
  { path: "/account/devices", screen: "devices", access: "login" },
  { path: "/account/orders/:page/:id?", screen: "orders", access: "login" },
  { path: "/account/passhistory/:page/:id?", screen: "passHistory", access: "login" },
  { path: "/account/unattachedpasses", screen: "unattachedPasses", access: "login" },
  { path: "/account/statement", screen: "statement", access: "login" },
  { path: "/account/notifications", screen: "notifications", access: "login" },
  { path: "/manage-card", screen: "manageCard", access: "open" },
  { path: "/faremedia/:cardId?", screen: "fareMedia", access: "open" },
  { path: "/faremedia/:cardId/trips/:page/:id?", screen: "cardTrips", access: "login" },
];

/**
 * Where a placed order's summary is: a guest's with the unguessable link from its receipt email
 * (`guest_link`), a rider's by its id alone. The checkout, Add value and the receipt email link to it.
 */
export function orderSummaryPath(order: { id: string; guest_link: string | null }): string {
  return order.guest_link
    ? `/anonymous/ordersummary/${encodeURIComponent(order.id)}?link=${encodeURIComponent(order.guest_link)}`
    : `/ordersummary/${encodeURIComponent(order.id)}`;
}

/** The route the layout's switch draws for `path` (the first whose pattern matches), or none. */
export function routeAt(path: string): RouteDefinition | null {
  return routes.find((route) => matchRoute(parse, route.path, path)[0]) ?? null;
}

export interface GuardDecision {
  redirectTo: string;
  /** The path the rider asked for, kept in history state for the sign-in screen. */
  from?: string;
}

/** What the guard does for a route; null means render it. */
export function guard(
  access: RouteAccess,
  signedIn: boolean,
  path: string,
  loggedInDefault: string,
): GuardDecision | null {
  if (access === "login" && !signedIn) return { redirectTo: "/login", from: path };
  if (access === "guestOnly" && signedIn) return { redirectTo: loggedInDefault };
  return null;
}

/**
 * Links a rider follows from an email or from a sign-in provider, to finish one task (accept an invite,
 * reset a password, confirm an email, come back from Apple, Google or Facebook): the first-visit tour
 * waits for another visit.
 */
export function isTaskLink(path: string): boolean {
  return /^\/(invite|reset|confirm|redirect|oauth)(\/|$)/.test(path);
}

/** Where the sign-in screen found the rider coming from (history state written by the guard). */
export function rememberedFrom(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  return typeof state.from === "string" && state.from.startsWith("/") && !state.from.startsWith("//")
    ? state.from
    : null;
}
