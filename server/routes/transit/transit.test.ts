import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /transit/org_config", () => {
  it("lists the parent organisation's service levels", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/transit/org_config?config_type=CUSTOMER_CONFIG",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.organization_config).toEqual([
      { config_key: "service_level_bus", config_value: "Bus" },
      { config_key: "service_level_rail", config_value: "Rail" },
    ]);
  });

  it("names the service levels in the Accept-Language language, in English where it has none", async () => {
    const levels = async (language: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: "/transit/org_config?config_type=CUSTOMER_CONFIG",
          headers: { "accept-language": language },
        })
      ).json().data.organization_config;
    expect(await levels("es-ES")).toEqual([
      { config_key: "service_level_bus", config_value: "Autobús" },
      { config_key: "service_level_rail", config_value: "Tren" },
    ]);
    expect(await levels("vi")).toEqual([
      { config_key: "service_level_bus", config_value: "Xe buýt" },
      { config_key: "service_level_rail", config_value: "Tàu điện" },
    ]);
    expect(await levels("de")).toEqual([
      { config_key: "service_level_bus", config_value: "Bus" },
      { config_key: "service_level_rail", config_value: "Rail" },
    ]);
  });

  it("reads a child organisation when child_organization_uuid is given", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/transit/org_config?config_type=CUSTOMER_CONFIG&child_organization_uuid=0b7e6a52-8f43-4c2e-9d1a-2f6b8c9e1a02",
    });
    expect(reply.json().data.organization_config).toEqual([
      { config_key: "service_level_ferry", config_value: "Ferry" },
    ]);
  });

  it("answers 404 for an organisation that does not exist", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/transit/org_config?config_type=CUSTOMER_CONFIG&child_organization_uuid=00000000-0000-4000-8000-000000000000",
    });
    expect(reply.statusCode).toBe(404);
  });

  it.each([
    ["missing config_type", "/transit/org_config"],
    ["lower-case config_type", "/transit/org_config?config_type=customer"],
    [
      "a child that is not a uuid",
      "/transit/org_config?config_type=CUSTOMER_CONFIG&child_organization_uuid=42",
    ],
    ["an unknown parameter", "/transit/org_config?config_type=CUSTOMER_CONFIG&admin=1"],
  ])("rejects %s with 400 and a field error", async (_, url) => {
    const reply = await t.app.inject({ method: "GET", url });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toBeNull();
    expect(reply.json().errors[0].code).toBe(40001);
  });
});

describe("POST /transit/api/get_form", () => {
  const getForm = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/transit/api/get_form",
      payload: payload as Record<string, unknown>,
    });

  it("returns the sign-up form with its rules", async () => {
    const reply = await getForm({ form_method: "SIGN_UP", langCode: "en" });
    expect(reply.statusCode).toBe(200);
    const form = reply.json().data;
    expect(form.fields.map((field: { key: string }) => field.key)).toEqual([
      "first_name",
      "last_name",
      "email",
      "confirm_email",
      "password",
      "confirm_password",
      "mobile",
    ]);
    const byKey = Object.fromEntries(form.fields.map((field: { key: string }) => [field.key, field]));
    expect(byKey.confirm_email).toMatchObject({ match_field: "email", required: true });
    expect(byKey.confirm_password).toMatchObject({ match_field: "password" });
    expect(byKey.mobile).toMatchObject({ required: false, input_pattern: "[0-9+]" });
    // Length only (8 to 128) and a deny-list on the server: no composition pattern.
    expect(byKey.password).toMatchObject({ min_length: 8, max_length: 128, pattern: null });
  });

  it("labels fields in the asked language", async () => {
    const es = (await getForm({ form_method: "SIGN_IN", langCode: "es" })).json().data;
    const vi = (await getForm({ form_method: "SIGN_IN", langCode: "vi-VN" })).json().data;
    const de = (await getForm({ form_method: "SIGN_IN", langCode: "de" })).json().data;
    expect(es.fields[1].label).toBe("Contraseña");
    expect(vi.fields[1].label).toBe("Mật khẩu");
    expect(de.lang_code).toBe("en");
  });

  it.each([
    "SIGN_IN",
    "SIGN_UP",
    "FORGOT_PASSWORD",
    "RESET_PASSWORD",
    "CHANGE_PASSWORD",
    "PROFILE",
    "ADDRESS",
    "CARD",
  ])("serves the %s form with a label on every field", async (method) => {
    const form = (await getForm({ form_method: method })).json().data;
    expect(form.fields.length).toBeGreaterThan(0);
    for (const field of form.fields) expect(field.label).not.toBe("");
  });

  it("makes every address field required except address_2 and email", async () => {
    const form = (await getForm({ form_method: "ADDRESS" })).json().data;
    const optional = form.fields
      .filter((field: { required: boolean }) => !field.required)
      .map((f: { key: string }) => f.key);
    expect(optional).toEqual(["address_2", "email"]);
  });

  it("says 'Failed to fetch the form' for an unknown form", async () => {
    const reply = await getForm({ form_method: "NOPE" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({
      data: null,
      errors: [{ code: 40402, message: "Failed to fetch the form" }],
    });
  });

  it.each([
    ["a missing form_method", {}],
    ["a number form_method", { form_method: 7 }],
    ["a bad langCode", { form_method: "SIGN_IN", langCode: "<script>" }],
    ["an extra field", { form_method: "SIGN_IN", extra: true }],
  ])("rejects %s with 400", async (_, payload) => {
    const reply = await getForm(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(40001);
  });
});
