import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deploymentFile } from "../test/helpers.ts";
import { readEnv } from "./env.ts";
import { loadPortalConfig } from "./portal-config.ts";

describe("deployment file", () => {
  it("loads the configured deployment", async () => {
    const config = await loadPortalConfig(deploymentFile);
    expect(config.locales.map((locale) => locale.code)).toEqual(["en", "es", "vi"]);
  });

  it("ships the spec's own configuration beside the demo's (server/config/deployment.spec.json)", async () => {
    const spec = await loadPortalConfig(join(import.meta.dirname, "deployment.spec.json"));
    // Spec section 3's portal configuration, where the demo turns more on.
    expect({
      landingPage: spec.landingPage,
      requiredAccountVerification: spec.requiredAccountVerification,
      loggedInDefaultRoute: spec.loggedInDefaultRoute,
      currency_code: spec.currency_code,
      promoCodeRequired: spec.promoCodeRequired,
      allowInstantBuy: spec.allowInstantBuy,
      instantRepurchase: spec.instantRepurchase,
      allowAccountDeactivation: spec.allowAccountDeactivation,
      disableDeleteAccount: spec.disableDeleteAccount,
      supportDefaultPayment: spec.supportDefaultPayment,
      multifactorAuth: spec.multifactorAuth.enable,
      enableSplitPayments: spec.enableSplitPayments,
      ideal_row_count: spec.ideal_row_count,
      currentDeployedVersion: spec.currentDeployedVersion,
      socialSignIn: spec.socialSignIn,
      captcha: spec.captcha.enabled,
      tagManagerAllowed: spec.analytics.tagManagerAllowed,
      max_cart_quantity: spec.max_cart_quantity,
    }).toEqual({
      landingPage: "Login",
      requiredAccountVerification: true,
      loggedInDefaultRoute: "/account/profile",
      currency_code: "USD",
      promoCodeRequired: true,
      allowInstantBuy: true,
      instantRepurchase: true,
      allowAccountDeactivation: false,
      disableDeleteAccount: false,
      supportDefaultPayment: false,
      multifactorAuth: false,
      enableSplitPayments: { purchasePasses: false, loadValue: false },
      ideal_row_count: 12,
      currentDeployedVersion: 44,
      socialSignIn: { google: false, facebook: false, apple: false },
      captcha: true,
      tagManagerAllowed: true,
      max_cart_quantity: 20,
    });
  });

  it("refuses a file with a bad value and names the field", async () => {
    const raw = JSON.parse(readFileSync(deploymentFile, "utf8"));
    raw.max_cart_quantity = -1;
    raw.themes.default.button = "blue";
    const file = join(mkdtempSync(join(tmpdir(), "deployment-")), "bad.json");
    writeFileSync(file, JSON.stringify(raw));
    await expect(loadPortalConfig(file)).rejects.toThrow(
      /max_cart_quantity[\s\S]*themes\.default\.button|themes\.default\.button[\s\S]*max_cart_quantity/,
    );
  });

  const withChanges = (change: (raw: Record<string, unknown>) => void) => {
    const raw = JSON.parse(readFileSync(deploymentFile, "utf8"));
    change(raw);
    const file = join(mkdtempSync(join(tmpdir(), "deployment-")), "changed.json");
    writeFileSync(file, JSON.stringify(raw));
    return loadPortalConfig(file);
  };

  it("refuses a date or time pattern the portal cannot write with, and names it", async () => {
    await expect(
      withChanges((raw) => {
        const locales = raw.locales as Array<Record<string, string>>;
        if (locales[1]) locales[1].time_display_format = "HH:mm Uhr";
      }),
    ).rejects.toThrow(/locales\[1\]\.time_display_format/);
  });

  it("takes only the second factors the portal has (text messages) and names any other", async () => {
    for (const methods of [["totp"], [], ["mobile", "email"]]) {
      await expect(
        withChanges((raw) => {
          (raw.multifactorAuth as Record<string, unknown>).supportedMethods = methods;
        }),
      ).rejects.toThrow(/multifactorAuth\.supportedMethods/);
    }
  });

  it("takes load bounds and whole amounts from the file, with the contract's defaults when absent", async () => {
    const absent = await withChanges((raw) => {
      delete raw.loadLimits;
      delete raw.hideZeroDecimals;
    });
    expect([absent.loadLimits, absent.hideZeroDecimals]).toEqual([{ min: 500, max: 25_000 }, false]);
    await expect(withChanges((raw) => (raw.loadLimits = { min: 2000, max: 1000 }))).rejects.toThrow(
      /loadLimits\.min/,
    );
    // Never more than a card may hold after a load.
    await expect(withChanges((raw) => (raw.loadLimits = { min: 500, max: 60_000 }))).rejects.toThrow(
      /loadLimits\.max/,
    );
  });
});

describe("environment", () => {
  it("defaults to port 8080, ./data and PGlite", () => {
    const env = readEnv({});
    expect(env.port).toBe(8080);
    expect(env.dataDir).toMatch(/data$/);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.devMailbox).toBe(true);
    expect(env.seedDemo).toBe(true);
  });

  it("turns the dev mailbox and demo seed off in production unless enabled", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://portal.example" } as const;
    expect(readEnv(production)).toMatchObject({ devMailbox: false, seedDemo: false });
    expect(readEnv({ ...production, DEV_MAILBOX: "on" }).devMailbox).toBe(true);
  });

  it("takes a cheaper password hash cost for test servers only", () => {
    expect(readEnv({}).passwordHashCost).toBeNull();
    expect(readEnv({ PASSWORD_HASH_COST: "12" }).passwordHashCost).toBe(12);
    for (const bad of ["9", "18", "12.5", "twelve"]) {
      expect(() => readEnv({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
    }
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://portal.example" } as const;
    expect(() => readEnv({ ...production, PASSWORD_HASH_COST: "12" })).toThrow(/refused in production/);
    expect(readEnv(production).passwordHashCost).toBeNull();
  });

  it("takes the kill -9 test's clock offset and crash point for test servers only", () => {
    expect(readEnv({})).toMatchObject({ clockOffsetMs: 0, killAfter: null });
    expect(readEnv({ CLOCK_OFFSET_MS: "180000", SANDBOX_GATEWAY_KILL_AFTER: "capture:3" })).toMatchObject({
      clockOffsetMs: 180_000,
      killAfter: { step: "capture", count: 3 },
    });
    expect(readEnv({ SANDBOX_GATEWAY_KILL_AFTER: "authorize:1" }).killAfter).toEqual({
      step: "authorize",
      count: 1,
    });
    for (const bad of ["capture", "capture:0", "refund:2", "capture:-1", "capture:3 "]) {
      expect(() => readEnv({ SANDBOX_GATEWAY_KILL_AFTER: bad })).toThrow(/SANDBOX_GATEWAY_KILL_AFTER/);
    }
    for (const bad of ["-1", "1.5", "soon"])
      expect(() => readEnv({ CLOCK_OFFSET_MS: bad })).toThrow(/CLOCK_OFFSET_MS/);
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://portal.example" } as const;
    expect(() => readEnv({ ...production, CLOCK_OFFSET_MS: "1000" })).toThrow(
      /CLOCK_OFFSET_MS is for test servers/,
    );
    expect(() => readEnv({ ...production, SANDBOX_GATEWAY_KILL_AFTER: "capture:1" })).toThrow(
      /SANDBOX_GATEWAY_KILL_AFTER is for test servers/,
    );
  });

  it("rejects a bad port", () => {
    expect(() => readEnv({ PORT: "eighty" })).toThrow();
  });
});
