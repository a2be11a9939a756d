import { type ComponentType, lazy } from "react";
import type { ScreenId } from "../../app/routes.ts";
import { CheckoutScreen, GuestCheckoutScreen } from "./CheckoutScreens.tsx";
import { LandingScreen } from "./LandingScreen.tsx";
import { CartScreen, PhysicalScreen, ProductsScreen } from "./ShopScreens.tsx";

type AccountScreens = typeof import("./AccountScreens.tsx");
type AuthScreens = typeof import("./AuthScreens.tsx");
type OrderScreens = typeof import("./OrderScreens.tsx");

/*
 * Account, auth and order screens load on first use (their forms, phone-number rules and machines are most
 * of the weight); the landing, sign-in and shop screens come with the first page.
 */
const account = (name: keyof AccountScreens) =>
  lazy(() => import("./AccountScreens.tsx").then((module) => ({ default: module[name] })));
const auth = (name: keyof AuthScreens) =>
  lazy(() => import("./AuthScreens.tsx").then((module) => ({ default: module[name] })));
const orders = (name: keyof OrderScreens) =>
  lazy(() => import("./OrderScreens.tsx").then((module) => ({ default: module[name] })));

const AccountHomeScreen = account("AccountHomeScreen");
const DevicesScreen = lazy(() =>
  import("./DevicesScreen.tsx").then((module) => ({ default: module.DevicesScreen })),
);
const DigitalScreen = account("DigitalScreen");
const FareMediaScreen = lazy(() =>
  import("./FareCardsScreen.tsx").then((module) => ({ default: module.FareCardsScreen })),
);
const ManageCardScreen = lazy(() =>
  import("./ManageCardScreen.tsx").then((module) => ({ default: module.ManageCardScreen })),
);
const PassHistoryScreen = lazy(() =>
  import("./PassHistoryScreen.tsx").then((module) => ({ default: module.PassHistoryScreen })),
);
const PaymentMethodsScreen = account("PaymentMethodsScreen");
const ProfileScreen = account("ProfileScreen");
const SecurityScreen = account("SecurityScreen");
const ShippingAddressScreen = account("ShippingAddressScreen");
const UnattachedPassesScreen = lazy(() =>
  import("./UnattachedPassesScreen.tsx").then((module) => ({ default: module.UnattachedPassesScreen })),
);
const social = (name: keyof typeof import("./SocialReturnScreens.tsx")) =>
  lazy(() => import("./SocialReturnScreens.tsx").then((module) => ({ default: module[name] })));
const AppleRedirectScreen = social("AppleRedirectScreen");
const GoogleReturnScreen = social("GoogleReturnScreen");
const FacebookReturnScreen = social("FacebookReturnScreen");
const ConnectedAccountsScreen = lazy(() =>
  import("./ConnectedAccountsScreen.tsx").then((module) => ({ default: module.ConnectedAccountsScreen })),
);
const ConfirmEmailScreen = auth("ConfirmEmailScreen");
const ForgotPasswordScreen = auth("ForgotPasswordScreen");
const InviteScreen = auth("InviteScreen");
const ResetPasswordScreen = auth("ResetPasswordScreen");
const SignUpScreen = auth("SignUpScreen");
const GuestOrderSummaryScreen = orders("GuestOrderSummaryScreen");
const OrderSummaryScreen = orders("OrderSummaryScreen");
const OrdersScreen = orders("OrdersScreen");

/** Every route's screen; a route without one is a type error. */
export const screens: Record<ScreenId, ComponentType> = {
  landing: LandingScreen,
  login: LandingScreen,
  signup: SignUpScreen,
  appleRedirect: AppleRedirectScreen,
  googleReturn: GoogleReturnScreen,
  facebookReturn: FacebookReturnScreen,
  forgotPassword: ForgotPasswordScreen,
  reset: ResetPasswordScreen,
  confirm: ConfirmEmailScreen,
  invite: InviteScreen,
  checkout: CheckoutScreen,
  guestCheckout: GuestCheckoutScreen,
  guestOrderSummary: GuestOrderSummaryScreen,
  orderSummary: OrderSummaryScreen,
  cart: CartScreen,
  products: ProductsScreen,
  physical: PhysicalScreen,
  digital: DigitalScreen,
  account: AccountHomeScreen,
  profile: ProfileScreen,
  security: SecurityScreen,
  shippingAddress: ShippingAddressScreen,
  paymentMethods: PaymentMethodsScreen,
  connectedAccounts: ConnectedAccountsScreen,
  devices: DevicesScreen,
  orders: OrdersScreen,
  passHistory: PassHistoryScreen,
  unattachedPasses: UnattachedPassesScreen,
  manageCard: ManageCardScreen,
  fareMedia: FareMediaScreen,
};
