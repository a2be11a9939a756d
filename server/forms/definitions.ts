/**
 * Server-driven form definitions (POST /transit/api/get_form). The portal renders fields from these and
 * checks required, length, pattern and match rules on the client; the server enforces the same rules.
 */

import type { FormDefinition, FormField } from "../../src/domain/forms.ts";

export const formMethods = [
  "SIGN_IN",
  "SIGN_UP",
  "FORGOT_PASSWORD",
  "RESET_PASSWORD",
  "CHANGE_PASSWORD",
  "PROFILE",
  "ADDRESS",
  "CARD",
  "MFA_CODE",
  "DELETE_ACCOUNT",
  "ACCEPT_INVITE",
] as const;
export type FormMethod = (typeof formMethods)[number];

export type { FormDefinition } from "../../src/domain/forms.ts";

type FieldKey =
  | "email"
  | "confirm_email"
  | "password"
  | "confirm_password"
  | "current_password"
  | "new_password"
  | "code"
  | "first_name"
  | "last_name"
  | "mobile"
  | "firstName"
  | "lastName"
  | "address_1"
  | "address_2"
  | "country"
  | "state"
  | "city"
  | "zipCode"
  | "address_email"
  | "nickname"
  | "card_number"
  | "expiration"
  | "cvv"
  | "billing_address"
  | "postal_code";

type Rule = Omit<FormField, "label" | "value" | "key"> & { key?: string };

const emailPattern = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$";
/** Passwords have no composition rules (length and a deny-list only), so no pattern either. */
const passwordMax = 128;

const text = (max: number, required = true): Rule => ({
  type: "text",
  required,
  min_length: required ? 1 : null,
  max_length: max,
  pattern: null,
  input_pattern: null,
  match_field: null,
  autocomplete: "off",
});

const rules: Record<FieldKey, Rule> = {
  email: { ...text(254), type: "email", pattern: emailPattern, autocomplete: "email" },
  confirm_email: {
    ...text(254),
    type: "email",
    pattern: emailPattern,
    match_field: "email",
    autocomplete: "email",
  },
  password: {
    ...text(passwordMax),
    type: "password",
    min_length: 8,
    autocomplete: "current-password",
  },
  confirm_password: {
    ...text(passwordMax),
    type: "password",
    min_length: 8,
    match_field: "password",
    autocomplete: "new-password",
  },
  current_password: {
    ...text(passwordMax),
    type: "password",
    min_length: 1,
    autocomplete: "current-password",
  },
  new_password: { ...text(passwordMax), type: "password", min_length: 8, autocomplete: "new-password" },
  code: {
    ...text(6),
    min_length: 6,
    pattern: "^[0-9]{6}$",
    input_pattern: "[0-9]",
    autocomplete: "one-time-code",
  },
  first_name: { ...text(50), autocomplete: "given-name" },
  last_name: { ...text(50), autocomplete: "family-name" },
  mobile: {
    ...text(16, false),
    type: "tel",
    min_length: 8,
    pattern: "^\\+?[0-9]{7,15}$",
    input_pattern: "[0-9+]",
    autocomplete: "tel",
  },
  firstName: { ...text(50), autocomplete: "given-name" },
  lastName: { ...text(50), autocomplete: "family-name" },
  address_1: { ...text(100), autocomplete: "address-line1" },
  address_2: { ...text(100, false), autocomplete: "address-line2" },
  country: { ...text(60), autocomplete: "country-name" },
  state: { ...text(60), autocomplete: "address-level1" },
  city: { ...text(60), autocomplete: "address-level2" },
  zipCode: { ...text(10), pattern: "^[A-Za-z0-9 -]{3,10}$", autocomplete: "postal-code" },
  address_email: {
    ...text(254, false),
    key: "email",
    type: "email",
    pattern: emailPattern,
    autocomplete: "email",
  },
  nickname: { ...text(30, false) },
  card_number: {
    ...text(19),
    min_length: 12,
    pattern: "^[0-9]{12,19}$",
    input_pattern: "[0-9]",
    autocomplete: "cc-number",
  },
  expiration: {
    ...text(5),
    min_length: 5,
    pattern: "^(0[1-9]|1[0-2])/[0-9]{2}$",
    input_pattern: "[0-9/]",
    autocomplete: "cc-exp",
  },
  cvv: {
    ...text(4),
    type: "password",
    min_length: 3,
    pattern: "^[0-9]{3,4}$",
    input_pattern: "[0-9]",
    autocomplete: "cc-csc",
  },
  billing_address: { ...text(100), autocomplete: "billing address-line1" },
  postal_code: { ...text(10), pattern: "^[A-Za-z0-9 -]{3,10}$", autocomplete: "billing postal-code" },
};

const forms: Record<FormMethod, FieldKey[]> = {
  SIGN_IN: ["email", "password"],
  SIGN_UP: ["first_name", "last_name", "email", "confirm_email", "password", "confirm_password", "mobile"],
  FORGOT_PASSWORD: ["email"],
  RESET_PASSWORD: ["password", "confirm_password"],
  ACCEPT_INVITE: ["first_name", "last_name", "password", "confirm_password"],
  CHANGE_PASSWORD: ["current_password", "new_password", "confirm_password"],
  PROFILE: ["first_name", "last_name", "email", "mobile", "current_password"],
  ADDRESS: [
    "firstName",
    "lastName",
    "address_1",
    "address_2",
    "country",
    "state",
    "city",
    "zipCode",
    "address_email",
  ],
  MFA_CODE: ["code"],
  DELETE_ACCOUNT: ["current_password"],
  CARD: ["nickname", "last_name", "card_number", "expiration", "cvv", "billing_address", "postal_code"],
};

type Labels = Record<FieldKey, string>;

const labels: Record<"en" | "es" | "vi", Labels> = {
  en: {
    email: "Email",
    confirm_email: "Confirm Email",
    password: "Password",
    confirm_password: "Confirm Password",
    current_password: "Current Password",
    new_password: "New Password",
    code: "Verification Code",
    first_name: "First Name",
    last_name: "Last Name",
    mobile: "Mobile Number",
    firstName: "First Name",
    lastName: "Last Name",
    address_1: "Address Line 1",
    address_2: "Address Line 2",
    country: "Country",
    state: "State",
    city: "City",
    zipCode: "Zip Code",
    address_email: "Email",
    nickname: "Nickname",
    card_number: "Card Number",
    expiration: "Expiration (MM/YY)",
    cvv: "CVV",
    billing_address: "Billing Street Address",
    postal_code: "Zip or Postal Code",
  },
  es: {
    email: "Correo electrónico",
    confirm_email: "Confirmar correo electrónico",
    password: "Contraseña",
    confirm_password: "Confirmar contraseña",
    current_password: "Contraseña actual",
    new_password: "Nueva contraseña",
    code: "Código de verificación",
    first_name: "Nombre",
    last_name: "Apellido",
    mobile: "Número de móvil",
    firstName: "Nombre",
    lastName: "Apellido",
    address_1: "Dirección, línea 1",
    address_2: "Dirección, línea 2",
    country: "País",
    state: "Estado",
    city: "Ciudad",
    zipCode: "Código postal",
    address_email: "Correo electrónico",
    nickname: "Apodo",
    card_number: "Número de tarjeta",
    expiration: "Vencimiento (MM/AA)",
    cvv: "CVV",
    billing_address: "Dirección de facturación",
    postal_code: "Código postal",
  },
  vi: {
    email: "Email",
    confirm_email: "Xác nhận email",
    password: "Mật khẩu",
    confirm_password: "Xác nhận mật khẩu",
    current_password: "Mật khẩu hiện tại",
    new_password: "Mật khẩu mới",
    code: "Mã xác minh",
    first_name: "Tên",
    last_name: "Họ",
    mobile: "Số điện thoại di động",
    firstName: "Tên",
    lastName: "Họ",
    address_1: "Địa chỉ dòng 1",
    address_2: "Địa chỉ dòng 2",
    country: "Quốc gia",
    state: "Tiểu bang",
    city: "Thành phố",
    zipCode: "Mã bưu chính",
    address_email: "Email",
    nickname: "Tên gợi nhớ",
    card_number: "Số thẻ",
    expiration: "Ngày hết hạn (MM/YY)",
    cvv: "CVV",
    billing_address: "Địa chỉ thanh toán",
    postal_code: "Mã bưu chính",
  },
};

function labelsFor(langCode: string): { lang: "en" | "es" | "vi"; labels: Labels } {
  const lang = langCode.toLowerCase().split(/[-_]/)[0];
  if (lang === "es" || lang === "vi") return { lang, labels: labels[lang] };
  return { lang: "en", labels: labels.en };
}

/**
 * A field's rules as the JSON schema of an API body's property, so a route refuses what the portal's
 * form refuses (its length bounds and pattern), and the two cannot drift apart (issue 47).
 */
export function fieldSchema(fieldKey: FieldKey): {
  type: "string";
  minLength?: number;
  maxLength?: number;
  pattern?: string;
} {
  const rule = rules[fieldKey];
  return {
    type: "string",
    ...(rule.min_length === null ? {} : { minLength: rule.min_length }),
    ...(rule.max_length === null ? {} : { maxLength: rule.max_length }),
    ...(rule.pattern === null ? {} : { pattern: rule.pattern }),
  };
}

export function formDefinition(
  method: FormMethod,
  langCode: string,
): FormDefinition & { form_method: FormMethod } {
  const { lang, labels: text } = labelsFor(langCode);
  return {
    form_method: method,
    lang_code: lang,
    fields: forms[method].map((fieldKey) => {
      const { key, ...rule } = rules[fieldKey];
      // A password being chosen, not recalled: password managers offer to generate one.
      const chosen =
        fieldKey === "password" &&
        (method === "SIGN_UP" || method === "RESET_PASSWORD" || method === "ACCEPT_INVITE");
      // On the profile the password is only asked for to change the email or mobile number.
      const optional = method === "PROFILE" && fieldKey === "current_password";
      // Confirm Password repeats the password being chosen: the new one when the form has one.
      const confirmsNew = fieldKey === "confirm_password" && forms[method].includes("new_password");
      return {
        key: key ?? fieldKey,
        label: text[fieldKey],
        value: "",
        ...rule,
        ...(chosen ? { autocomplete: "new-password" } : {}),
        ...(optional ? { required: false, min_length: null } : {}),
        ...(confirmsNew ? { match_field: "new_password" } : {}),
      };
    }),
  };
}
