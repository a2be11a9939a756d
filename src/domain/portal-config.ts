/**
 * The portal configuration (spec section 3): one JSON file per deployment
 * (server/config/deployment.json), validated by the server and served at GET /portal-config.
 */

export const supportedLocales = ["en", "es", "vi", "de", "fr", "fil", "zh-TW", "pt"] as const;
export type LocaleCode = (typeof supportedLocales)[number];

export function isSupportedLocale(value: unknown): value is LocaleCode {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

export interface LocaleConfig {
  /** Catalog id used by the portal and stored under the language storage key. */
  code: LocaleCode;
  language_code: string;
  country_code: string;
  is_default: boolean;
  display_name: string;
  date_display_format: string;
  time_display_format: string;
}

export interface ThemeColors {
  button: string;
  buttonText: string;
  navigation: string;
  navigationText: string;
  footer: string;
  footerText: string;
  container: string;
  success: string;
  error: string;
}

export const externalLinkKinds = ["howToRide", "faq"] as const;
export type ExternalLinkKind = (typeof externalLinkKinds)[number];

export const footerLinkKinds = ["contact", "terms", "privacy", "citationPayment", "bikeShelter"] as const;
export type FooterLinkKind = (typeof footerLinkKinds)[number];

export const socialNetworks = ["facebook", "x", "instagram", "youtube"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export const appStores = ["apple", "google"] as const;
export type AppStore = (typeof appStores)[number];

/** A link shown only for the listed languages; an empty list means every language. */
export interface LocalizedLink<Kind extends string> {
  kind: Kind;
  url: string;
  languages: LocaleCode[];
}

export interface ContactEntry {
  kind: "phone" | "email" | "address";
  value: string;
  href?: string;
}

/**
 * Where the browser reaches the payment gateway: its card and bank tokenization endpoints and its
 * PayPal approval page. The sandbox gateway serves them beside the portal; a real processor replaces
 * them by configuration.
 */
export interface PaymentGatewayConfig {
  provider: string;
  tokens_url: string;
  bank_tokens_url: string;
  paypal_approve_url: string;
}

export const defaultPaymentGateway: PaymentGatewayConfig = {
  provider: "sandbox",
  tokens_url: "/sandbox-gateway/v1/tokens",
  bank_tokens_url: "/sandbox-gateway/v1/bank_tokens",
  paypal_approve_url: "/sandbox-gateway/paypal/approve",
};

export interface PortalConfig {
  uuid: string;
  display_name: string;
  shortDisplayName: string;
  /** What `/` shows: the sign-in page (a welcome once signed in) or the product list. */
  landingPage: "Login" | "Products";
  requiredAccountVerification: boolean;
  loggedInDefaultRoute: string;
  currency_code: string;
  promoCodeRequired: boolean;
  allowInstantBuy: boolean;
  instantRepurchase: boolean;
  allowAccountDeactivation: boolean;
  disableDeleteAccount: boolean;
  supportDefaultPayment: boolean;
  /**
   * Digital passes bought without a fare card may be kept in the rider's account (passes in the cloud,
   * moved to a card or a phone later). Off: every digital pass goes on a fare card chosen at checkout.
   */
  passesInAccount: boolean;
  /** The payment gateway's addresses; the sandbox's (`defaultPaymentGateway`) when absent. */
  payment_gateway?: PaymentGatewayConfig;
  /** `required`: every rider must turn two-factor on (the enrolment dialog after sign-in). */
  multifactorAuth: { enable: boolean; required: boolean; supportedMethods: Array<"mobile"> };
  enableSplitPayments: { purchasePasses: boolean; loadValue: boolean };
  ideal_row_count: number;
  currentDeployedVersion: number;
  max_cart_quantity: number;
  /** The bounds of a load and an autoload amount, in minor units (the spec leaves them to the deployment). */
  loadLimits: { min: number; max: number };
  /** Whole amounts without their decimals ("$20" rather than "$20.00"), in the portal and its emails. */
  hideZeroDecimals: boolean;
  themes: { default: ThemeColors };
  /**
   * Which identity providers the sign-in page offers. As served by /org_config a flag is true only
   * when the server can also complete that provider's sign-in (a client id, or the sandbox provider).
   */
  socialSignIn: { google: boolean; facebook: boolean; apple: boolean };
  /** Security questions on /account/security and in password reset (src/domain/identity.ts). */
  securityQuestions: { enabled: boolean; count: number };
  captcha: { enabled: boolean; siteKey: string };
  analytics: { tagManagerAllowed: boolean; tagManagerId: string };
  clientId: string;
  /** Which service answers /users/login. */
  loginService: "transit" | "accounts";
  apiBases: { accounts: string; transit: string };
  organization: { parentUuid: string; childUuid: string | null };
  featureText: Partial<Record<LocaleCode, string>>;
  locales: LocaleConfig[];
  storageKeys: { language: string };
  tour: { enabled: boolean };
  logo: { src: string; width: number; height: number };
  externalLinks: LocalizedLink<ExternalLinkKind>[];
  footer: {
    copyrightHolder: string;
    links: LocalizedLink<FooterLinkKind>[];
    social: Array<{ network: SocialNetwork; url: string }>;
    appStores: Array<{ store: AppStore; url: string }>;
    contactUs: { enabled: boolean; entries: ContactEntry[] };
  };
}

export function defaultLocale(config: Pick<PortalConfig, "locales">): LocaleCode {
  return (config.locales.find((locale) => locale.is_default) ?? config.locales[0])?.code ?? "en";
}

export function linksFor<Kind extends string>(
  links: LocalizedLink<Kind>[],
  locale: LocaleCode,
): LocalizedLink<Kind>[] {
  return links.filter((link) => link.languages.length === 0 || link.languages.includes(locale));
}
