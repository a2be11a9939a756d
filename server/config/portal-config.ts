import { readFile } from "node:fs/promises";
import { format } from "date-fns";
import { z } from "zod";
import {
  appStores,
  defaultPaymentGateway,
  externalLinkKinds,
  footerLinkKinds,
  type PortalConfig,
  socialNetworks,
  supportedLocales,
} from "../../src/domain/portal-config.ts";
import { defaultLoadLimits, maxStoredValue } from "../../src/domain/transit/wallet.ts";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a #rrggbb colour");
const locale = z.enum(supportedLocales);
const route = z.string().regex(/^\/[\w\-/]*$/, "an absolute route");
const link = <Kind extends readonly [string, ...string[]]>(kinds: Kind) =>
  z.object({ kind: z.enum(kinds), url: z.string().url(), languages: z.array(locale) });

/** A date-fns (Unicode) pattern the portal can write a date with: "MM/dd/yyyy", "HH:mm". */
const datePattern = z
  .string()
  .min(1)
  .max(40)
  .refine(
    (pattern) => {
      try {
        format(new Date(0), pattern);
        return true;
      } catch {
        return false;
      }
    },
    { message: "a date-fns pattern (letters other than its fields go in single quotes)" },
  );

const portalConfigSchema = z.object({
  uuid: z.string().uuid(),
  display_name: z.string().min(1),
  shortDisplayName: z.string().min(1),
  landingPage: z.enum(["Login", "Products"]),
  requiredAccountVerification: z.boolean(),
  loggedInDefaultRoute: route,
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  promoCodeRequired: z.boolean(),
  allowInstantBuy: z.boolean(),
  instantRepurchase: z.boolean(),
  allowAccountDeactivation: z.boolean(),
  disableDeleteAccount: z.boolean(),
  supportDefaultPayment: z.boolean(),
  passesInAccount: z.boolean().default(true),
  payment_gateway: z
    .object({
      provider: z.string().min(1),
      tokens_url: z.string().min(1),
      bank_tokens_url: z.string().min(1),
      paypal_approve_url: z.string().min(1),
    })
    .default(defaultPaymentGateway),
  multifactorAuth: z.object({
    enable: z.boolean(),
    required: z.boolean().default(false),
    supportedMethods: z.array(z.literal("mobile")).min(1),
  }),
  enableSplitPayments: z.object({ purchasePasses: z.boolean(), loadValue: z.boolean() }),
  /** Rows a page of order, pass, purchase and card-activity history holds (the routes take at most 50). */
  ideal_row_count: z.number().int().positive().max(50),
  currentDeployedVersion: z.number().int().nonnegative(),
  max_cart_quantity: z.number().int().positive().max(1000),
  loadLimits: z
    .object({
      min: z.number().int().positive(),
      max: z.number().int().positive().max(maxStoredValue),
    })
    .refine((limits) => limits.min <= limits.max, { message: "min must not exceed max", path: ["min"] })
    .default({ min: defaultLoadLimits.min, max: defaultLoadLimits.max }),
  hideZeroDecimals: z.boolean().default(false),
  themes: z.object({
    default: z.object({
      button: hexColor,
      buttonText: hexColor,
      navigation: hexColor,
      navigationText: hexColor,
      footer: hexColor,
      footerText: hexColor,
      container: hexColor,
      success: hexColor,
      error: hexColor,
    }),
  }),
  socialSignIn: z.object({ google: z.boolean(), facebook: z.boolean(), apple: z.boolean() }),
  securityQuestions: z.object({ enabled: z.boolean(), count: z.number().int().min(1).max(5) }),
  captcha: z.object({ enabled: z.boolean(), siteKey: z.string() }),
  analytics: z.object({ tagManagerAllowed: z.boolean(), tagManagerId: z.string() }),
  clientId: z.string().min(1),
  loginService: z.enum(["transit", "accounts"]),
  apiBases: z.object({ accounts: route, transit: route }),
  organization: z.object({ parentUuid: z.string().uuid(), childUuid: z.string().uuid().nullable() }),
  featureText: z.partialRecord(locale, z.string()),
  locales: z
    .array(
      z.object({
        code: locale,
        language_code: z.string().min(2),
        country_code: z.string().min(2),
        is_default: z.boolean(),
        display_name: z.string().min(1),
        date_display_format: datePattern,
        time_display_format: datePattern,
      }),
    )
    .min(1)
    .refine((locales) => locales.filter((l) => l.is_default).length === 1, "exactly one default locale"),
  storageKeys: z.object({ language: z.string().min(1) }),
  tour: z.object({ enabled: z.boolean() }),
  logo: z.object({
    src: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  externalLinks: z.array(link(externalLinkKinds)),
  footer: z.object({
    copyrightHolder: z.string().min(1),
    links: z.array(link(footerLinkKinds)),
    social: z.array(z.object({ network: z.enum(socialNetworks), url: z.string().url() })),
    appStores: z.array(z.object({ store: z.enum(appStores), url: z.string().url() })),
    contactUs: z.object({
      enabled: z.boolean(),
      entries: z.array(
        z.object({
          kind: z.enum(["phone", "email", "address"]),
          value: z.string().min(1),
          href: z.string().optional(),
        }),
      ),
    }),
  }),
}) satisfies z.ZodType<PortalConfig>;

/** Reads and validates the deployment file; a bad file stops the server with the offending paths. */
export async function loadPortalConfig(file: string): Promise<PortalConfig> {
  const raw: unknown = JSON.parse(await readFile(file, "utf8"));
  const parsed = portalConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid deployment file ${file}:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
