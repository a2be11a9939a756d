import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";
import { defaultHashCost, minimumHashCost } from "../domain/password.ts";
import { appleKeysUrl } from "../gateways/apple.ts";
import type { DeliveryConfig } from "../gateways/delivery.ts";

/** Unset and empty mean the same, so `SMTP_URL=` in a compose file keeps the sandbox. */
const optionalSetting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** Fastify's `trustProxy`: off, every proxy, the nearest N hops, or these addresses and CIDRs. */
export type TrustProxy = boolean | number | string[];

const isAddressOrCidr = (entry: string) => {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/** TRUST_PROXY: unset, `false` or `off` is off; `true`; a hop count; or a comma list of addresses/CIDRs. */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === "" || value === "false" || value === "off") return false;
    if (value === "true") return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: "custom",
      message: "TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs",
    });
    return z.NEVER;
  });

const hashCostRange = `PASSWORD_HASH_COST must be a whole number from ${minimumHashCost} to ${defaultHashCost}`;

/** Process configuration, read once at start from the environment. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.string().url().optional(),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DEPLOYMENT_FILE: z.string().optional(),
    DEV_MAILBOX: z.enum(["on", "off"]).optional(),
    SEED_DEMO: z.enum(["on", "off"]).optional(),
    PUBLIC_URL: optionalSetting(
      z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http:// or https:// URL" }),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SMTP_URL: optionalSetting(
      z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }),
    ),
    SMTP_FROM: optionalSetting(z.string().trim().min(1)),
    SMS_PROVIDER_URL: optionalSetting(
      z.url({ protocol: /^https?$/, error: "SMS_PROVIDER_URL must be an http:// or https:// URL" }),
    ),
    SMS_PROVIDER_TOKEN: optionalSetting(z.string().trim().min(1)),
    SMS_FROM: optionalSetting(z.string().trim().min(1)),
    RECAPTCHA_SECRET: optionalSetting(z.string().trim().min(1)),
    APPLE_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
    APPLE_JWKS_URL: optionalSetting(z.url({ protocol: /^https?$/, error: "APPLE_JWKS_URL must be a URL" })),
    GOOGLE_CLIENT_ID: optionalSetting(z.string().trim().min(1).max(256)),
    GOOGLE_CLIENT_SECRET: optionalSetting(z.string().trim().min(1).max(256)),
    FACEBOOK_APP_ID: optionalSetting(
      z
        .string()
        .trim()
        .regex(/^\d{1,32}$/, { error: "FACEBOOK_APP_ID must be digits" }),
    ),
    FACEBOOK_APP_SECRET: optionalSetting(z.string().trim().min(1).max(256)),
    SANDBOX_IDP: z.enum(["on", "off"]).optional(),
    TRUST_PROXY: trustProxySchema.default(false),
    SANDBOX_GATEWAY_SECRET: optionalSetting(
      z.string().regex(/^\S{32,200}$/, {
        error: "SANDBOX_GATEWAY_SECRET must be 32 to 200 characters without spaces",
      }),
    ),
    PASSWORD_HASH_COST: optionalSetting(
      z.coerce
        .number()
        .int()
        .min(minimumHashCost, { error: hashCostRange })
        .max(defaultHashCost, { error: hashCostRange }),
    ),
    CLOCK_OFFSET_MS: optionalSetting(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(366 * 24 * 60 * 60 * 1000),
    ),
    SANDBOX_GATEWAY_KILL_AFTER: optionalSetting(
      z.string().regex(/^(authorize|capture):[1-9][0-9]{0,5}$/, {
        error: "SANDBOX_GATEWAY_KILL_AFTER is authorize:N or capture:N",
      }),
    ),
    OPERATOR_TOKEN: optionalSetting(
      z
        .string()
        .regex(/^\S{32,200}$/, { error: "OPERATOR_TOKEN must be 32 to 200 characters without spaces" }),
    ),
  })
  .superRefine((env, ctx) => {
    // Emailed links (confirm, reset, invite) are built from it, never from the request's Host header.
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "PUBLIC_URL is required in production (the origin riders open, e.g. https://portal.example)",
      });
    }
    // Cheaper password hashes are for test servers (the e2e suite signs in hundreds of times); a
    // deployment riders use keeps the full cost.
    if (env.NODE_ENV === "production" && env.PASSWORD_HASH_COST !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_COST"],
        message: "PASSWORD_HASH_COST is for test servers and is refused in production",
      });
    }
    // The crash and clock settings are for test servers (the kill -9 test, server/crash.test.ts).
    for (const name of ["CLOCK_OFFSET_MS", "SANDBOX_GATEWAY_KILL_AFTER"] as const) {
      if (env.NODE_ENV === "production" && env[name] !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `${name} is for test servers and is refused in production`,
        });
      }
    }
    // Messages name the variables only: their values hold passwords and tokens.
    if (env.SMTP_URL && !env.SMTP_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_FROM"],
        message: "SMTP_FROM is required when SMTP_URL is set",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together",
      });
    }
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.FACEBOOK_APP_ID ? "FACEBOOK_APP_SECRET" : "FACEBOOK_APP_ID"],
        message: "FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set together",
      });
    }
    if (env.SMS_PROVIDER_URL && !env.SMS_PROVIDER_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_PROVIDER_TOKEN"],
        message: "SMS_PROVIDER_TOKEN is required when SMS_PROVIDER_URL is set",
      });
    }
  });

/** The public origin outside production when PUBLIC_URL is unset: this server on localhost. */
export const defaultPublicUrl = (port: number) => `http://localhost:${port}`;

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  deploymentFile: string;
  devMailbox: boolean;
  seedDemo: boolean;
  logLevel: string;
  /** The origin riders open (PUBLIC_URL): emailed links start with it. */
  publicUrl: string;
  /** Email and text message providers; none set keeps every message in the sandbox (dev mailbox). */
  delivery: DeliveryConfig;
  /** reCAPTCHA secret: sign-up captcha tokens go to Google; the sandbox verifier without it. */
  recaptchaSecret: string | null;
  /** Sign in with Apple: the Services ID and Apple's key set (Apple's own URL by default). */
  apple: { clientId: string; jwksUrl: string } | null;
  /** Google sign-in with the agency's OAuth client; the sandbox provider's (or none) when unset. */
  google: { clientId: string; clientSecret: string } | null;
  /** Facebook Login with the agency's app; the sandbox provider's (or none) when unset. */
  facebook: { appId: string; appSecret: string } | null;
  /** The sandbox identity provider (SANDBOX_IDP, on outside production; never in production). */
  sandboxIdp: boolean;
  /** Bearer token for agency operators (POST /accounts/invites); no operator API without it. */
  operatorToken: string | null;
  /** Which proxies' X-Forwarded-For/-Proto to believe (per-address limits behind a reverse proxy). */
  trustProxy: TrustProxy;
  /** Key of the sandbox payment gateway's tokens; a random one per process when unset. */
  sandboxGatewaySecret: string | null;
  /**
   * log2 N of the scrypt hashes this process makes (PASSWORD_HASH_COST, test servers only); null keeps
   * the full cost (server/domain/password.ts).
   */
  passwordHashCost: number | null;
  /** How far ahead of the system clock this process's clock runs (CLOCK_OFFSET_MS, test servers only). */
  clockOffsetMs: number;
  /**
   * The sandbox gateway's answer after which this process kills itself with SIGKILL
   * (SANDBOX_GATEWAY_KILL_AFTER=capture:3, test servers only): the crash window between the gateway and
   * the commit, made on purpose by the kill -9 test.
   */
  killAfter: { step: "authorize" | "capture"; count: number } | null;
}

function killAfterOf(setting: string | undefined): ServerEnv["killAfter"] {
  const [step, count] = setting?.split(":") ?? [];
  return step === "authorize" || step === "capture" ? { step, count: Number(count) } : null;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    production,
    deploymentFile: env.DEPLOYMENT_FILE
      ? resolve(env.DEPLOYMENT_FILE)
      : resolve(import.meta.dirname, "deployment.json"),
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === "on" : !production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === "on" : !production,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : defaultPublicUrl(env.PORT),
    recaptchaSecret: env.RECAPTCHA_SECRET ?? null,
    apple: env.APPLE_CLIENT_ID
      ? { clientId: env.APPLE_CLIENT_ID, jwksUrl: env.APPLE_JWKS_URL ?? appleKeysUrl }
      : null,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }
        : null,
    sandboxIdp: !production && env.SANDBOX_IDP !== "off",
    operatorToken: env.OPERATOR_TOKEN ?? null,
    trustProxy: env.TRUST_PROXY,
    sandboxGatewaySecret: env.SANDBOX_GATEWAY_SECRET ?? null,
    passwordHashCost: env.PASSWORD_HASH_COST ?? null,
    clockOffsetMs: env.CLOCK_OFFSET_MS ?? 0,
    killAfter: killAfterOf(env.SANDBOX_GATEWAY_KILL_AFTER),
    delivery: {
      smtp: env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null,
      sms:
        env.SMS_PROVIDER_URL && env.SMS_PROVIDER_TOKEN
          ? { url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN, from: env.SMS_FROM ?? null }
          : null,
    },
  };
}
