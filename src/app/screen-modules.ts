import type { ScreenId } from "./routes.ts";

/**
 * The module of src/views/screens/ whose chunk draws each screen (its file name without `.tsx`), as
 * src/views/screens/screens.tsx imports it (its test holds the two together). The server reads this
 * table to name a route's chunks in the page it sends for it (server/plugins/preloads.ts), so that
 * the browser downloads them alongside the entry rather than after it has run (issue 16).
 */
export const screenModules: Record<ScreenId, string> = {
  landing: "LandingScreen",
  login: "LandingScreen",
  signup: "AuthScreens",
  appleRedirect: "SocialReturnScreens",
  googleReturn: "SocialReturnScreens",
  facebookReturn: "SocialReturnScreens",
  forgotPassword: "AuthScreens",
  reset: "AuthScreens",
  confirm: "AuthScreens",
  invite: "AuthScreens",
  checkout: "CheckoutScreens",
  guestCheckout: "CheckoutScreens",
  guestOrderSummary: "OrderScreens",
  orderSummary: "OrderScreens",
  cart: "CartScreen",
  products: "ShopScreens",
  physical: "ShopScreens",
  digital: "DigitalScreen",
  account: "AccountScreens",
  profile: "AccountScreens",
  security: "SecurityScreen",
  shippingAddress: "AddressesScreen",
  paymentMethods: "PaymentMethodsScreen",
  connectedAccounts: "ConnectedAccountsScreen",
  devices: "DevicesScreen",
  orders: "OrderScreens",
  passHistory: "PassHistoryScreen",
  unattachedPasses: "UnattachedPassesScreen",
  manageCard: "ManageCardScreen",
  fareMedia: "FareCardsScreen",
  cardTrips: "RecordsScreens",
  statement: "RecordsScreens",
  notifications: "RecordsScreens",
};
