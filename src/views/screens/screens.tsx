import type { ComponentType } from "react";
import type { ScreenId } from "../../app/routes.ts";
import {
  AccountHomeScreen,
  DevicesScreen,
  DigitalScreen,
  FareMediaScreen,
  ManageCardScreen,
  OrdersScreen,
  PassHistoryScreen,
  PaymentMethodsScreen,
  ProfileScreen,
  SecurityScreen,
} from "./AccountScreens.tsx";
import {
  AppleRedirectScreen,
  ConfirmEmailScreen,
  ForgotPasswordScreen,
  InviteScreen,
  ResetPasswordScreen,
  SignUpScreen,
} from "./AuthScreens.tsx";
import { LandingScreen } from "./LandingScreen.tsx";
import {
  CartScreen,
  CheckoutScreen,
  GuestCheckoutScreen,
  OrderSummaryScreen,
  PhysicalScreen,
  ProductsScreen,
} from "./ShopScreens.tsx";

/** Every route's screen; a route without one is a type error. */
export const screens: Record<ScreenId, ComponentType> = {
  landing: LandingScreen,
  login: LandingScreen,
  signup: SignUpScreen,
  appleRedirect: AppleRedirectScreen,
  forgotPassword: ForgotPasswordScreen,
  reset: ResetPasswordScreen,
  confirm: ConfirmEmailScreen,
  invite: InviteScreen,
  checkout: CheckoutScreen,
  guestCheckout: GuestCheckoutScreen,
  guestOrderSummary: OrderSummaryScreen,
  orderSummary: OrderSummaryScreen,
  cart: CartScreen,
  products: ProductsScreen,
  physical: PhysicalScreen,
  digital: DigitalScreen,
  account: AccountHomeScreen,
  profile: ProfileScreen,
  security: SecurityScreen,
  paymentMethods: PaymentMethodsScreen,
  devices: DevicesScreen,
  orders: OrdersScreen,
  passHistory: PassHistoryScreen,
  manageCard: ManageCardScreen,
  fareMedia: FareMediaScreen,
};
