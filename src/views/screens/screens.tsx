import { type ComponentType, lazy as reactLazy } from "react";
import { resilient } from "../../app/chunks.ts";
import { guard, routeAt, type ScreenId } from "../../app/routes.ts";

type AccountScreens = typeof import("./AccountScreens.tsx");
type AuthScreens = typeof import("./AuthScreens.tsx");
type CheckoutScreens = typeof import("./CheckoutScreens.tsx");
type OrderScreens = typeof import("./OrderScreens.tsx");
type ShopScreens = typeof import("./ShopScreens.tsx");
type SocialReturnScreens = typeof import("./SocialReturnScreens.tsx");
type RecordsScreens = typeof import("./RecordsScreens.tsx");

/*
 * Every screen is its own chunk (or shares one with its neighbours), loaded when its route is first
 * drawn: the first page downloads the layout and that one screen, never the others' views, machines
 * and libraries (issue 16's budget, checked by `npm run budget`).
 */
type ScreenModule = { default: ComponentType };
/** The screens a module exports: its components drawn without props. */
type ScreenName<Module> = {
  [Name in keyof Module]: Module[Name] extends ComponentType ? Name : never;
}[keyof Module];

/** Each screen's early download, for `preloadScreen`. */
const preloads = new Map<ComponentType, () => Promise<ScreenModule | null>>();

/**
 * A screen whose code arrives as a chunk, loaded by React's lazy when its route is first drawn.
 * - `preloadScreen` may start the download earlier, while the portal boots. Should that fail, the
 *   route's first render downloads again through `resilient` (src/app/chunks.ts), which then says the
 *   connection is lost: at boot the app that shows it does not exist yet.
 * - Once the code is here the screen is drawn directly: a screen preloaded in time appears in the
 *   portal's first render, without a "Loading…" frame (React's lazy would still wait one turn for a
 *   promise that has already settled).
 */
function lazy(load: () => Promise<ScreenModule>): ComponentType {
  let Loaded: ComponentType | null = null;
  const keep = (module: ScreenModule) => {
    Loaded = module.default;
    return module;
  };
  let early: Promise<ScreenModule> | null = null;
  let drawn: Promise<ScreenModule> | null = null;
  const Lazy = reactLazy(() => {
    drawn ??= (early ? early.catch(resilient(load)) : resilient(load)()).then(keep);
    return drawn;
  });
  function LazyScreen() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  preloads.set(LazyScreen, () => {
    early ??= load().then(keep);
    return early.catch(() => null);
  });
  return LazyScreen;
}

/** The screen `name` of a module, as a chunk. */
const from = <Module,>(load: () => Promise<Module>, name: ScreenName<Module>) =>
  lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));

const account = (name: ScreenName<AccountScreens>) => from(() => import("./AccountScreens.tsx"), name);
const auth = (name: ScreenName<AuthScreens>) => from(() => import("./AuthScreens.tsx"), name);
const checkout = (name: ScreenName<CheckoutScreens>) => from(() => import("./CheckoutScreens.tsx"), name);
const orders = (name: ScreenName<OrderScreens>) => from(() => import("./OrderScreens.tsx"), name);
const shop = (name: ScreenName<ShopScreens>) => from(() => import("./ShopScreens.tsx"), name);
const records = (name: ScreenName<RecordsScreens>) => from(() => import("./RecordsScreens.tsx"), name);
const social = (name: ScreenName<SocialReturnScreens>) =>
  from(() => import("./SocialReturnScreens.tsx"), name);

const LandingScreen = from(() => import("./LandingScreen.tsx"), "LandingScreen");
const AccountHomeScreen = account("AccountHomeScreen");
const DevicesScreen = from(() => import("./DevicesScreen.tsx"), "DevicesScreen");
const DigitalScreen = from(() => import("./DigitalScreen.tsx"), "DigitalScreen");
const FareMediaScreen = from(() => import("./FareCardsScreen.tsx"), "FareCardsScreen");
const ManageCardScreen = from(() => import("./ManageCardScreen.tsx"), "ManageCardScreen");
const PassHistoryScreen = from(() => import("./PassHistoryScreen.tsx"), "PassHistoryScreen");
const NotificationsScreen = records("NotificationsScreen");
const StatementScreen = records("StatementScreen");
const TripHistoryScreen = records("TripHistoryScreen");
const PaymentMethodsScreen = from(() => import("./PaymentMethodsScreen.tsx"), "PaymentMethodsScreen");
const ProfileScreen = account("ProfileScreen");
const SecurityScreen = from(() => import("./SecurityScreen.tsx"), "SecurityScreen");
const ShippingAddressScreen = from(() => import("./AddressesScreen.tsx"), "ShippingAddressScreen");
const UnattachedPassesScreen = from(() => import("./UnattachedPassesScreen.tsx"), "UnattachedPassesScreen");
const AppleRedirectScreen = social("AppleRedirectScreen");
const GoogleReturnScreen = social("GoogleReturnScreen");
const FacebookReturnScreen = social("FacebookReturnScreen");
const ConnectedAccountsScreen = from(
  () => import("./ConnectedAccountsScreen.tsx"),
  "ConnectedAccountsScreen",
);
const ConfirmEmailScreen = auth("ConfirmEmailScreen");
const ForgotPasswordScreen = auth("ForgotPasswordScreen");
const InviteScreen = auth("InviteScreen");
const ResetPasswordScreen = auth("ResetPasswordScreen");
const SignUpScreen = auth("SignUpScreen");
const GuestOrderSummaryScreen = orders("GuestOrderSummaryScreen");
const OrderSummaryScreen = orders("OrderSummaryScreen");
const OrdersScreen = orders("OrdersScreen");
const CheckoutScreen = checkout("CheckoutScreen");
const GuestCheckoutScreen = checkout("GuestCheckoutScreen");
const CartScreen = from(() => import("./CartScreen.tsx"), "CartScreen");
const ProductsScreen = shop("ProductsScreen");
const PhysicalScreen = shop("PhysicalScreen");

/** Every route's screen; a route without one is a type error. */
/** An address no route matches: rare, so its page is a chunk too. */
export const NotFoundScreen = from(() => import("./NotFoundScreen.tsx"), "NotFoundScreen");

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
  cardTrips: TripHistoryScreen,
  statement: StatementScreen,
  notifications: NotificationsScreen,
};

/**
 * Starts downloading the screen of the page the browser opened, while the portal boots (its session
 * restored, its first render), rather than when the route is first drawn: the screen's chunk and the
 * boot then overlap instead of following each other. Nothing is fetched for a path the guard sends
 * elsewhere (a guest on a sign-in-only page, a rider on the sign-in page) or that has no screen.
 */
export function preloadScreen(path: string, signedIn: boolean): Promise<ScreenModule | null> | null {
  const route = routeAt(path);
  if (!route || guard(route.access, signedIn, path, "/") !== null) return null;
  return preloads.get(screens[route.screen])?.() ?? null;
}
