import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { fareMediumStatuses, fareMediumTypes } from "../../src/domain/fare-media.ts";

/** Agencies: a parent organisation and its children (a product belongs to one of them). */
export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey(),
  parentId: uuid("parent_id"),
  legacyUuid: text("legacy_uuid").notNull(),
  name: text("name").notNull(),
});

/** org_config entries, e.g. CUSTOMER_CONFIG / service_level_bus. */
export const organizationConfigs = pgTable(
  "organization_configs",
  {
    id: serial("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    configType: text("config_type").notNull(),
    configKey: text("config_key").notNull(),
    configValue: text("config_value").notNull(),
    /** config_value per language (es, vi, ...); config_value itself where a language has none. */
    translations: jsonb("translations").$type<Record<string, string>>().notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("organization_configs_key").on(t.organizationId, t.configType, t.configKey)],
);

export const productSubTypes = ["PHYSICAL_PASS", "DIGITAL_PASS", "STORED_VALUE"] as const;

export const products = pgTable(
  "products",
  {
    uuid: uuid("uuid").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull(),
    longDescription: text("long_description").notNull(),
    alertMessage: text("alert_message"),
    /** Minor units (cents). */
    listPrice: integer("list_price").notNull(),
    subType: text("sub_type", { enum: productSubTypes }).notNull(),
    serviceType: text("service_type").notNull(),
    shippingEnabled: boolean("shipping_enabled").notNull().default(false),
    subscriptionAllowed: boolean("subscription_allowed").notNull().default(false),
    themeBackgroundColor: text("theme_background_color").notNull(),
    imagePath: text("image_path"),
    listPriority: integer("list_priority").notNull(),
    active: boolean("active").notNull().default(true),
    /** Rider types (a fare card's `rider_type`) the product is valid for; empty means every rider type. */
    riderTypes: text("rider_types").array().notNull().default(sql`'{}'::text[]`),
    /**
     * A pass's life (issue 33, item 6): the days it is valid from its first use, and the rides it
     * gives (null: unlimited within its days). Each pass an order issues takes them; an auto-renewed
     * pass renews when its days are over. Null days: the pass has no end of its own.
     */
    validDays: integer("valid_days"),
    usableCount: integer("usable_count"),
    /** Texts in other languages than English: `{ "es": { "name": "Pase" } }`; missing ones fall back. */
    translations: jsonb("translations").$type<Translations<ProductTexts>>().notNull().default({}),
  },
  (t) => [
    check("products_price_nonnegative", sql`${t.listPrice} >= 0`),
    check("products_valid_days", sql`${t.validDays} is null or ${t.validDays} > 0`),
    check("products_usable_count", sql`${t.usableCount} is null or ${t.usableCount} > 0`),
    index("products_org").on(t.organizationId),
    index("products_listing").on(t.organizationId, t.active, t.listPriority),
  ],
);

/** Per-language overrides of a row's English texts, keyed by portal language code (es, vi, zh-TW). */
export type Translations<Texts> = Partial<Record<string, Partial<Texts>>>;

export interface ProductTexts {
  name: string;
  short_description: string;
  long_description: string;
  alert_message: string;
}

export const filterTypes = ["list", "dropdown"] as const;
/** ORIGIN and DESTINATION values are the two ends of an itinerary; ATTRIBUTE is any other facet. */
export const filterKinds = ["ATTRIBUTE", "ORIGIN", "DESTINATION"] as const;

/** The catalogue's facets (service, fare type, rider, origin, destination), defined per organisation. */
export const catalogFilters = pgTable(
  "catalog_filters",
  {
    uuid: uuid("uuid").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    displayName: text("display_name").notNull(),
    filterType: text("filter_type", { enum: filterTypes }).notNull(),
    kind: text("kind", { enum: filterKinds }).notNull().default("ATTRIBUTE"),
    position: integer("position").notNull().default(0),
    translations: jsonb("translations").$type<Translations<{ display_name: string }>>().notNull().default({}),
  },
  (t) => [index("catalog_filters_org").on(t.organizationId, t.position)],
);

export interface FilterValueTexts {
  /** For ORIGIN and DESTINATION values this is the stop's long_name. */
  short_description: string;
  accessibility_text: string;
}

/** One value of a filter; `value` is the stable code (bus, PHYSICAL, DTN) a route can name. */
export const catalogFilterValues = pgTable(
  "catalog_filter_values",
  {
    uuid: uuid("uuid").primaryKey(),
    filterUuid: uuid("filter_uuid")
      .notNull()
      .references(() => catalogFilters.uuid, { onDelete: "cascade" }),
    value: text("value").notNull(),
    shortDescription: text("short_description").notNull(),
    imageUrl: text("image_url"),
    accessibilityText: text("accessibility_text"),
    position: integer("position").notNull().default(0),
    translations: jsonb("translations").$type<Translations<FilterValueTexts>>().notNull().default({}),
  },
  (t) => [uniqueIndex("catalog_filter_values_value").on(t.filterUuid, t.value)],
);

/** Which filter values describe which product (a product has at most one value per filter). */
export const productFilterValues = pgTable(
  "product_filter_values",
  {
    productUuid: uuid("product_uuid")
      .notNull()
      .references(() => products.uuid, { onDelete: "cascade" }),
    valueUuid: uuid("value_uuid")
      .notNull()
      .references(() => catalogFilterValues.uuid, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productUuid, t.valueUuid] }),
    index("product_filter_values_value").on(t.valueUuid, t.productUuid),
  ],
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    mobile: text("mobile"),
    locale: text("locale").notNull().default("en"),
    emailConfirmed: boolean("email_confirmed").notNull().default(false),
    /** 0: two-factor off; 1: on, codes go to `mfaPhone` (E.164). */
    mfaEnrollmentStatus: integer("mfa_enrollment_status").notNull().default(0),
    mfaPhone: text("mfa_phone"),
    /**
     * Whether the rider chose a password. An account opened by Apple, Google or Facebook gets an
     * unusable random one (false) until a password reset; connected accounts never unlink the last
     * way to sign in.
     */
    passwordSet: boolean("password_set").notNull().default(true),
    /** Deactivated riders keep their row (orders, refunds) but can no longer sign in. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower").on(sql`lower(${t.email})`)],
);

export const identityProviderNames = ["apple", "google", "facebook"] as const;

/**
 * A rider's connected accounts: the provider's stable subject (Apple and Google `sub`, Facebook's
 * app-scoped user id). One identity belongs to one rider; a rider has at most one per provider.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: identityProviderNames }).notNull(),
    subject: text("subject").notNull(),
    /** The address the provider gave at linking, if any. */
    email: text("email"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_subject").on(t.provider, t.subject),
    uniqueIndex("user_identities_user_provider").on(t.userId, t.provider),
  ],
);

/**
 * Security questions a rider chose, with the answer's hash (of its normalised form, see
 * normalizeSecurityAnswer in src/domain/identity.ts). `position` keeps the rider's order.
 */
export const securityAnswers = pgTable(
  "security_answers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    position: integer("position").notNull(),
    answerHash: text("answer_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * Fare cards. The security code is stored as a hash. A card's general funds and commuter benefits are
 * not stored here: each is the sum of its ledger account (`farecard:<id>:general`, `:commuter`).
 */
export const fareMedia = pgTable(
  "fare_media",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    nickname: text("nickname").notNull(),
    printedCardNumber: text("printed_card_number").notNull(),
    securityCodeHash: text("security_code_hash").notNull(),
    expiresOn: date("expires_on").notNull(),
    category: text("category").notNull(),
    type: text("type", { enum: fareMediumTypes }).notNull(),
    status: text("status", { enum: fareMediumStatuses }).notNull().default("ACTIVE"),
    riderType: text("rider_type").notNull(),
    /** When the rider blocked it (lost or stolen); null while it is not blocked by its rider. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** When it was linked to its current rider (null for a card that came with the account). */
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    /** Removed for good by its rider: no longer listed, linked or used. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Reported lost or stolen and replaced (issue 35): the card its value, passes, autoload and
     * auto-renewals moved to. A replaced card stays blocked for good.
     */
    replacedBy: uuid("replaced_by").references((): AnyPgColumn => fareMedia.id),
  },
  (t) => [
    uniqueIndex("fare_media_card_number").on(t.printedCardNumber),
    index("fare_media_user").on(t.userId),
    check("fare_media_blocked", sql`${t.blockedAt} is null or ${t.status} = 'BLOCKED'`),
    check("fare_media_replaced", sql`${t.replacedBy} is null or ${t.status} = 'BLOCKED'`),
    // One card replaces one card: a replacement is never issued twice for the same loss.
    uniqueIndex("fare_media_replaced_by").on(t.replacedBy),
  ],
);

/**
 * The double-entry ledger: every amount that moves is a group of entries (one `entry_group`) summing
 * to zero in each currency, and an account's balance is the sum of its entries (accounts are named in
 * server/domain/ledger-accounts.ts). The database enforces it (migration 0008): a deferred constraint
 * trigger refuses at commit a group that does not balance or that leaves a rider's account below
 * zero, and entries are never updated or deleted (a mistake is corrected by another group).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    account: text("account").notNull(),
    /** Signed minor units: positive adds to the account, negative takes from it. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    entryGroup: uuid("entry_group").notNull(),
    /** What moved the money (`opening:<card id>`, `deactivation:<user id>`, an order number). */
    reference: text("reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops serves both an account's balance (=) and balances by prefix (LIKE 'farecard:%').
    index("ledger_entries_account").using("btree", t.account.op("text_pattern_ops"), t.currency),
    index("ledger_entries_group").on(t.entryGroup),
    // An order's entries by its number and the references under it (`<number>:refund:<id>`): the
    // commit check that keeps an order's revenue at or above zero (migration 0025).
    index("ledger_entries_reference").using("btree", t.reference.op("text_pattern_ops")),
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
    check("ledger_entries_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const paymentMethodKinds = ["card", "bank_account", "paypal"] as const;

/**
 * A rider's saved payment methods (issue 11): the gateway's reference and what may be shown (brand,
 * last four, expiry, bank name, PayPal login), never a card number, security code or account number.
 * `token_hash` (SHA-256 of the gateway token it was made from) makes posting one token twice the same
 * method. A removed method keeps its row (`removed_at`) so orders can still name what paid them; at
 * most one live method per rider is the default. Deleting the account deletes them (cascade).
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: paymentMethodKinds }).notNull(),
    /** Which gateway holds it ("sandbox"), and its references there. */
    gateway: text("gateway").notNull(),
    gatewayMethodId: text("gateway_method_id").notNull(),
    gatewayCustomerId: text("gateway_customer_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    commuterBenefits: boolean("commuter_benefits").notNull().default(false),
    nickname: text("nickname"),
    isDefault: boolean("is_default").notNull().default(false),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    billingLastName: text("billing_last_name"),
    billingAddress1: text("billing_address_1"),
    billingZip: text("billing_zip"),
    bankName: text("bank_name"),
    accountType: text("account_type", { enum: ["checking", "savings"] }),
    holderName: text("holder_name"),
    paypalEmail: text("paypal_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_methods_user").on(t.userId, t.createdAt),
    uniqueIndex("payment_methods_gateway_method").on(t.gateway, t.gatewayMethodId),
    uniqueIndex("payment_methods_user_token").on(t.userId, t.tokenHash),
    uniqueIndex("payment_methods_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    check("payment_methods_last4", sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
    check(
      "payment_methods_card_fields",
      sql`${t.kind} <> 'card' or (${t.brand} is not null and ${t.last4} is not null and ${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2100)`,
    ),
    check("payment_methods_benefits_card", sql`not ${t.commuterBenefits} or ${t.kind} = 'card'`),
  ],
);

/** A rider's shipping addresses (spec section 3, Address); at most one is the default. */
export const shippingAddresses = pgTable(
  "shipping_addresses",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    address1: text("address_1").notNull(),
    address2: text("address_2"),
    /** ISO 3166-1 alpha-2. */
    country: char("country", { length: 2 }).notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    zipCode: text("zip_code").notNull(),
    email: text("email"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_addresses_user").on(t.userId, t.createdAt),
    uniqueIndex("shipping_addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const gatewayOperations = ["authorize", "capture", "void", "refund"] as const;

/**
 * Every charge operation the portal asks of its gateway, one row per idempotency key (issue 11): the
 * operation, a SHA-256 of the request, and once answered the result. A repeated key answers the stored
 * result; a key reused with another request is an idempotency conflict; a row still without a result is
 * an operation in flight.
 */
export const paymentGatewayRequests = pgTable(
  "payment_gateway_requests",
  {
    gateway: text("gateway").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    operation: text("operation", { enum: gatewayOperations }).notNull(),
    requestHash: text("request_hash").notNull(),
    result: jsonb("result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.idempotencyKey] })],
);

export const sandboxChargeStatuses = ["authorized", "captured", "voided"] as const;

/**
 * The sandbox gateway's own books (what a real processor keeps on its side): one row per
 * authorization, with what was captured and refunded of it, in minor units.
 */
export const sandboxCharges = pgTable(
  "sandbox_charges",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    methodId: text("method_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    reference: text("reference").notNull(),
    status: text("status", { enum: sandboxChargeStatuses }).notNull().default("authorized"),
    captured: bigint("captured", { mode: "number" }).notNull().default(0),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was captured: it settles in the sandbox's next nightly batch (`settlesAt`). */
    capturedAt: timestamp("captured_at", { withTimezone: true }),
  },
  (t) => [
    check("sandbox_charges_amount", sql`${t.amount} > 0`),
    check("sandbox_charges_captured", sql`${t.captured} between 0 and ${t.amount}`),
    check("sandbox_charges_refunded", sql`${t.refunded} between 0 and ${t.captured}`),
  ],
);

export const outboxChannels = ["email", "sms"] as const;
/** `failed` rows are tried again until they run out of attempts; `sent` is final. */
export const outboxStatuses = ["pending", "sent", "failed"] as const;

/**
 * Every email and text message the server sends, whatever the provider. The row is written before
 * delivery is tried, so a provider outage loses nothing; a real provider's body is redacted once sent.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel", { enum: outboxChannels }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the dispatcher may (re)try the row; a claim moves it ahead as a lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("outbox_messages_due").on(t.status, t.nextAttemptAt)],
);

/** Small facts about this database, e.g. when the demo data was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Signed-in sessions. Only a SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Credentials were right but the texted code is still owed: only the code routes accept it. */
    mfaPending: boolean("mfa_pending").notNull().default(false),
  },
  (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_user").on(t.userId)],
);

/**
 * Attempt budgets (sign-in per email and address, sign-in per email, reset mails per email). The key
 * holds only a SHA-256 of the normalised email (and address), so unknown emails are counted exactly
 * like known ones and no typed email is stored. A window of `attempts` starts at `window_started_at`.
 */
export const attemptBudgets = pgTable(
  "attempt_budgets",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("attempt_budgets_window").on(t.windowStartedAt)],
);

export const accountTokenKinds = ["confirm_email", "reset_password"] as const;

/** Single-use email tokens (confirmation, password reset), hashed at rest. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: accountTokenKinds }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Wrong security answers given with this (reset) token; at 5 the token stops working. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash").on(t.tokenHash),
    index("account_tokens_user").on(t.userId, t.kind),
  ],
);

export const mfaPurposes = ["sign_in", "enrol", "disable"] as const;

/**
 * Texted two-factor codes: 6 digits, stored as a salted SHA-256, single use, a few wrong tries, short
 * lived. One live code per rider and purpose; sending a new one replaces it.
 */
export const mfaCodes = pgTable(
  "mfa_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: mfaPurposes }).notNull(),
    phone: text("phone").notNull(),
    salt: text("salt").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("mfa_codes_user").on(t.userId, t.purpose)],
);

/**
 * Invites an agency sends to people it wants as riders: the link holds a single-use token (hashed
 * here); accepting it creates the account with the invited email already confirmed.
 */
export const invites = pgTable(
  "invites",
  {
    id: uuid("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    locale: text("locale").notNull().default("en"),
    invitedBy: text("invited_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("invites_token_hash").on(t.tokenHash), index("invites_email").on(t.email)],
);

export const promoKinds = ["percent", "amount"] as const;

/**
 * Promotional codes (issue 12). `code` is stored upper-case, so its unique index is case-insensitive
 * for what riders type. A percent code takes `percent_off` basis points (1..10000) of the lines in its
 * scope; an amount code takes `amount_off` minor units of `currency`, at most the lines in scope. Valid
 * from `valid_from` until `valid_until` (exclusive, none for no end); `max_redemptions` counts every
 * order, `max_redemptions_per_rider` each rider's (or guest email's). `organization_id` limits the code
 * to that organisation's products (and its children's); `promo_code_products` rows to those products.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind", { enum: promoKinds }).notNull(),
    /** Basis points: 1000 is 10%. */
    percentOff: integer("percent_off"),
    /** Minor units of `currency`. */
    amountOff: bigint("amount_off", { mode: "number" }),
    currency: char("currency", { length: 3 }),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    maxRedemptionsPerRider: integer("max_redemptions_per_rider"),
    organizationId: uuid("organization_id").references(() => organizations.id),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code").on(t.code),
    check("promo_codes_code_format", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      "promo_codes_kind_value",
      // Every test is a plain true or false (never null, which a check would let through).
      sql`(${t.kind} = 'percent' and ${t.percentOff} is not null and ${t.percentOff} between 1 and 10000 and ${t.amountOff} is null and ${t.currency} is null) or (${t.kind} = 'amount' and ${t.amountOff} is not null and ${t.amountOff} > 0 and ${t.currency} is not null and ${t.currency} ~ '^[A-Z]{3}$' and ${t.percentOff} is null)`,
    ),
    check("promo_codes_window", sql`${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`),
    check("promo_codes_max_redemptions", sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`),
    check(
      "promo_codes_max_per_rider",
      sql`${t.maxRedemptionsPerRider} is null or ${t.maxRedemptionsPerRider} > 0`,
    ),
  ],
);

/** When a code has rows here it applies only to these products. */
export const promoCodeProducts = pgTable(
  "promo_code_products",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.uuid, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.productId] })],
);

/**
 * One row per order that used a code, written by the order's transaction: what the limits count. A
 * rider's redemption keeps `user_id` (null once the account is deleted), a guest's the receipt email.
 * One redemption per order.
 */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: uuid("id").primaryKey(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestEmail: text("guest_email"),
    orderReference: text("order_reference").notNull(),
    /** The discount given, in minor units. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_redemptions_order").on(t.orderReference),
    index("promo_redemptions_user").on(t.promoCodeId, t.userId),
    index("promo_redemptions_guest").on(t.promoCodeId, sql`lower(${t.guestEmail})`),
    check("promo_redemptions_amount", sql`${t.amount} >= 0`),
    check("promo_redemptions_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("promo_redemptions_one_customer", sql`${t.userId} is null or ${t.guestEmail} is null`),
  ],
);

/**
 * How physical items travel (issue 12): a price in minor units of `currency`, the countries served
 * (ISO 3166-1 alpha-2; empty means everywhere), listed by `list_priority`. `name` is English and
 * `translations` holds the other languages (`{ "es": { "name": "Correo estándar" } }`), as products do.
 */
export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: uuid("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    translations: jsonb("translations").$type<Translations<{ name: string }>>().notNull().default({}),
    price: integer("price").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    countries: text("countries").array().notNull().default(sql`'{}'::text[]`),
    listPriority: integer("list_priority").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_methods_code").on(t.code),
    check("shipping_methods_code_format", sql`${t.code} ~ '^[a-z0-9_-]{1,40}$'`),
    check("shipping_methods_price", sql`${t.price} >= 0`),
    check("shipping_methods_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "shipping_methods_countries",
      // A null element is written '*', so it fails the pattern too.
      sql`cardinality(${t.countries}) = 0 or array_to_string(${t.countries}, ',', '*') ~ '^[A-Z]{2}(,[A-Z]{2})*$'`,
    ),
  ],
);

export const orderKinds = ["digital", "physical", "load"] as const;
export const orderStatuses = ["paid", "partially_refunded", "refunded"] as const;
export const orderFulfilments = ["pass", "stored_value", "shipment", "subscription"] as const;
export const orderPaymentKinds = ["saved", "card", "stored_value", "wallet"] as const;
export const orderEntryTypes = ["sale", "refund", "unpaid", "cash"] as const;

/**
 * Orders (issue 12): what was bought, for whom and for how much, written in one transaction with its
 * items, payments, ledger posting, fulfilment and receipt once every card leg is captured. Money in
 * minor units of `currency`: total = subtotal + shipping − discount, never negative; `refunded` is
 * what refunds gave back so far (at most the total). A guest's order has no `user_id` and a
 * `guest_link_hash` (SHA-256 of the link's token, which only the reply and the receipt hold); a
 * deleted rider's orders keep their row without `user_id`. The promo code, shipping method and address
 * are snapshots: what they were when the order was placed.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    number: text("number").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    guestLinkHash: text("guest_link_hash"),
    kind: text("kind", { enum: orderKinds }).notNull(),
    fareMediumId: uuid("fare_medium_id").references(() => fareMedia.id),
    currency: char("currency", { length: 3 }).notNull(),
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    shipping: bigint("shipping", { mode: "number" }).notNull(),
    discount: bigint("discount", { mode: "number" }).notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id),
    promoCode: text("promo_code"),
    /** The ShippingMethodOption chosen (code, name in the order's language, price, currency). */
    shippingMethod: jsonb("shipping_method").$type<OrderShippingMethod>(),
    /** The parsed Address it ships to. */
    shippingAddress: jsonb("shipping_address").$type<OrderShippingAddress>(),
    status: text("status", { enum: orderStatuses }).notNull().default("paid"),
    locale: text("locale").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number").on(t.number),
    uniqueIndex("orders_guest_link").on(t.guestLinkHash),
    index("orders_user_page").on(t.userId, t.createdAt.desc(), t.id.desc()),
    check("orders_number_format", sql`${t.number} ~ '^TP-[0-9]{8}$'`),
    check("orders_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "orders_amounts",
      sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.subtotal} + ${t.shipping} - ${t.discount}`,
    ),
    check("orders_refunded", sql`${t.refunded} between 0 and ${t.total}`),
    check("orders_guest_link_only_guests", sql`${t.guestLinkHash} is null or ${t.userId} is null`),
    check("orders_promo", sql`(${t.promoCodeId} is null) = (${t.promoCode} is null)`),
  ],
);

export interface OrderShippingMethod {
  code: string;
  name: string;
  price: number;
  currency: string;
}

export interface OrderShippingAddress {
  firstName: string;
  lastName: string;
  address_1: string;
  address_2: string | null;
  country: string;
  state: string;
  city: string;
  zipCode: string;
  email: string | null;
  isDefault: boolean;
}

/** One line of an order: the catalogue's product as it was sold (name in the order's language). */
export const orderItems = pgTable(
  "order_items",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    subType: text("sub_type", { enum: productSubTypes }).notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    lineTotal: bigint("line_total", { mode: "number" }).notNull(),
    /** The line's share of the order's discount. */
    discount: bigint("discount", { mode: "number" }).notNull().default(0),
    autoRenew: boolean("auto_renew").notNull().default(false),
    fulfilment: text("fulfilment", { enum: orderFulfilments }).notNull(),
    /**
     * The offer the item was sold under (spec section 3: offer_serve.offer_code.text): the product's
     * short description in the order's language, as it read then. Null only where the product had none.
     */
    offerText: text("offer_text"),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.line] }),
    check("order_items_quantity", sql`${t.quantity} > 0`),
    check(
      "order_items_amounts",
      sql`${t.unitPrice} >= 0 and ${t.lineTotal} = ${t.unitPrice} * ${t.quantity} and ${t.discount} between 0 and ${t.lineTotal}`,
    ),
  ],
);

/**
 * How an order was paid, one row per leg (n from 0): a saved method (its id while it exists, and what
 * it showed then), a one-time card (only brand and last four, and a SHA-256 of its token so the token
 * pays once), a fare card's general funds or the rider's wallet. Card legs keep the gateway's
 * authorization and capture; `refunded` is what refunds gave back of the leg.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    leg: integer("leg").notNull(),
    kind: text("kind", { enum: orderPaymentKinds }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    brand: text("brand"),
    last4: text("last4"),
    nickname: text("nickname"),
    tokenHash: text("token_hash"),
    authorizationId: text("authorization_id"),
    captureId: text("capture_id"),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.leg] }),
    uniqueIndex("order_payments_token").on(t.tokenHash),
    check("order_payments_amount", sql`${t.amount} > 0 and ${t.refunded} between 0 and ${t.amount}`),
    check("order_payments_last4", sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
    check(
      "order_payments_gateway",
      sql`(${t.kind} in ('saved', 'card')) = (${t.authorizationId} is not null and ${t.captureId} is not null)`,
    ),
  ],
);

/** Spec section 3 (Order): the money events of an order (sale, refund, ...), each with its ledger group. */
export const orderEntries = pgTable(
  "order_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type", { enum: orderEntryTypes }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The ledger group that moved the money (none for an entry of zero). */
    entryGroup: uuid("entry_group"),
    /** A refund's own id (its gateway keys name it). */
    refundId: uuid("refund_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_entries_order").on(t.orderId, t.createdAt),
    check("order_entries_amount", sql`${t.amount} >= 0`),
  ],
);

/**
 * The per-address request budgets of @fastify/rate-limit when instances share a PostgreSQL
 * (server/plugins/rate-limit-store.ts): one row per budget and key, counting the requests of the
 * window that ends at `expires_at`. Expired rows are deleted by the 30 s run.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_windows_expiry").on(t.expiresAt)],
);

/**
 * A one-time card token taken by an order attempt before the gateway is asked (issue 33, item 7): of
 * several attempts paying with one token at once, one claims it and the others are refused without a
 * charge (they were authorized and captured, then given back). A refused or failed attempt frees it.
 */
export const paymentTokenClaims = pgTable("payment_token_claims", {
  tokenHash: text("token_hash").primaryKey(),
  orderId: uuid("order_id").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
});

/**
 * A card leg of an order attempt, written before the gateway is asked to authorize it (issue 33, item
 * 2): the gateway's method, the customer and the amount, so the same authorize request can be asked
 * again under its key (`order:<order id>:leg:<n>:authorize`), and what it answered once it answered.
 * The order's transaction deletes its attempt's legs (they are its payments then); an attempt that
 * ends without an order deletes them once the gateway has given everything back. Legs left behind
 * (the server died between the gateway and the commit, or the gateway did not answer the give-back)
 * are given back by the recovery run (orders.recoverAttempts), which then answers the key's claim.
 */
export const orderAttemptLegs = pgTable(
  "order_attempt_legs",
  {
    orderId: uuid("order_id").notNull(),
    leg: integer("leg").notNull(),
    customerId: text("customer_id").notNull(),
    methodId: text("method_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    reference: text("reference").notNull(),
    /** What the order shows of the method (a one-time card's brand and last four, from the attach). */
    brand: text("brand"),
    last4: text("last4"),
    /**
     * When the authorization was asked for: null while the leg is only attached (a one-time card is
     * attached and recorded before any leg is held), so giving it back asks nothing of the gateway.
     */
    authorizeAskedAt: timestamp("authorize_asked_at", { withTimezone: true }),
    authorizationId: text("authorization_id"),
    captureId: text("capture_id"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.leg] }), index("order_attempt_legs_recorded").on(t.recordedAt)],
);

export const orderRefundStatuses = ["pending", "settled", "refused"] as const;

/**
 * A refund claimed before the gateway is asked (issue 33): written with the order's row locked, so
 * what the pending and settled refunds of an order add up to never exceeds what it was paid, however
 * many refunds run at once and on however many instances. `shares` says what each leg gives back
 * (`[{ leg, amount }]`). The gateway is then asked with keys naming the refund, and one transaction
 * settles it in the books; a refund left pending (a crash, a timeout) is finished by the recovery run
 * with the same keys, so the gateway refunds it once.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    refundId: uuid("refund_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    shares: jsonb("shares").$type<Array<{ leg: number; amount: number }>>().notNull(),
    /**
     * What of the refund takes back stored value the order bought (issue 33, item 3): moved from the
     * purse (the card's general funds, or the wallet a load filled) to `refund:hold` when the refund
     * is claimed, so the rider cannot spend what is being refunded; once settled, what the gateway's
     * refund took from it.
     */
    storedValue: bigint("stored_value", { mode: "number" }).notNull().default(0),
    reason: text("reason").notNull(),
    /**
     * SHA-256 of what the operator's Idempotency-Key asked (amount and reason; issue 48): the refund's
     * id is drawn from the key, and the key again with anything else is refused. Null for claims from
     * before keys were kept.
     */
    requestHash: text("request_hash"),
    status: text("status", { enum: orderRefundStatuses }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order").on(t.orderId, t.status),
    index("order_refunds_pending").on(t.status, t.createdAt),
    check("order_refunds_amount", sql`${t.amount} >= 0`),
    check("order_refunds_stored_value", sql`${t.storedValue} between 0 and ${t.amount}`),
  ],
);

/**
 * The Idempotency-Key of placing an order: claimed (scope, key) with a SHA-256 of the request before
 * anything else, with the order id the attempt uses (so a retry after a crash reuses its gateway keys);
 * the reply stored once the order is written or refused, and answered again byte for byte. `scope` is
 * the rider's id, or "guest".
 */
/** An attempt's request as the recovery run replays it (order_requests.replay). */
export type OrderReplay =
  | { kind: "order"; request: unknown; locale: string; receipt: boolean }
  | {
      kind: "load";
      request: unknown;
      target: { kind: "card"; cardId: string } | { kind: "wallet" };
      activity: "load" | "autoload";
      locale: string;
      receipt: boolean;
    };

export const orderRequests = pgTable(
  "order_requests",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    orderId: uuid("order_id").notNull(),
    /** The number the attempt uses (the gateway's reference of its charges, stable across retries). */
    orderNumber: text("order_number").notNull(),
    replyStatus: integer("reply_status"),
    replyBody: text("reply_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the recovery run needs to finish the attempt if its server dies (issue 33, item 2): the
     * request as placed, each one-time card token replaced by its SHA-256 (no token, no card data),
     * the rider (null for a guest), the language and whether a receipt goes out. Cleared with the reply.
     */
    replay: jsonb("replay").$type<OrderReplay>(),
    userId: uuid("user_id"),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    // Numbers are random: two claims drawing the same one must not both become orders.
    uniqueIndex("order_requests_number").on(t.orderNumber),
    uniqueIndex("order_requests_order").on(t.orderId),
    check("order_requests_reply", sql`(${t.replyStatus} is null) = (${t.replyBody} is null)`),
  ],
);

export const passStatuses = ["available", "active", "expired", "spoiled"] as const;
export const passLocations = ["cloud", "device"] as const;

/**
 * Passes an order issued, one per unit bought: on the order's fare card, or unattached (no fare card:
 * a rider's to attach later, or a guest's held by the order). A full refund spoils them.
 */
export const passes = pgTable(
  "passes",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    line: integer("line").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    fareMediumId: uuid("fare_medium_id").references(() => fareMedia.id),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: passStatuses }).notNull().default("available"),
    location: text("location", { enum: passLocations }).notNull().default("cloud"),
    serialNumber: text("serial_number").notNull(),
    usableCount: integer("usable_count"),
    usedCount: integer("used_count").notNull().default(0),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** First use (a tap); a pass is `active` from then on and can no longer move. */
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** The rider's device holding it while `location` is device. */
    deviceId: uuid("device_id").references(() => devices.id),
    /** Rider types (a fare card's `rider_type`) it may be attached to; empty means any. */
    riderTypes: text("rider_types").array().notNull().default(sql`'{}'::text[]`),
    /** How many days it lasts from activation (null: until `expires_at`, or for ever). */
    validDays: integer("valid_days"),
  },
  (t) => [
    uniqueIndex("passes_serial").on(t.serialNumber),
    index("passes_order").on(t.orderId),
    index("passes_user").on(t.userId),
    index("passes_fare_medium").on(t.fareMediumId),
    index("passes_user_page").on(t.userId, t.purchasedAt.desc(), t.id.desc()),
    index("passes_device").on(t.deviceId),
    check(
      "passes_counts",
      sql`${t.usedCount} >= 0 and (${t.usableCount} is null or ${t.usedCount} <= ${t.usableCount})`,
    ),
    check("passes_device_location", sql`(${t.location} = 'device') = (${t.deviceId} is not null)`),
  ],
);

export const subscriptionStatuses = ["active", "cancelled"] as const;

/** Auto-renewed passes (an order line with auto_renew): renewed on the fare card at `price`. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fareMediumId: uuid("fare_medium_id")
      .notNull()
      .references(() => fareMedia.id),
    productId: uuid("product_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    price: bigint("price", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    status: text("status", { enum: subscriptionStatuses }).notNull().default("active"),
    /** The saved method renewals charge (null: the order paid with a one-time card; renewals ask). */
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    /** The next renewal (the current pass's end); null once cancelled. */
    renewsAt: timestamp("renews_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user").on(t.userId),
    index("subscriptions_fare_medium").on(t.fareMediumId),
    index("subscriptions_due").on(t.status, t.renewsAt),
    index("subscriptions_order").on(t.orderId),
    check("subscriptions_price", sql`${t.price} >= 0`),
  ],
);

export const shipmentStatuses = ["pending", "shipped"] as const;

/** The physical cards of an order, to be mailed to the address snapshot by the method chosen. */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    address: jsonb("address").$type<OrderShippingAddress>().notNull(),
    methodCode: text("method_code").notNull(),
    status: text("status", { enum: shipmentStatuses }).notNull().default("pending"),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shipments_order").on(t.orderId), check("shipments_quantity", sql`${t.quantity} > 0`)],
);

/** A rider's phones holding passes (spec section 3, Device): nickname, phone model. */
export const devices = pgTable(
  "devices",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nickname: text("nickname").notNull(),
    model: text("model").notNull(),
    /** The app's installation id the device registered with (unique per rider). */
    installationId: text("installation_id").notNull(),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("devices_user").on(t.userId),
    uniqueIndex("devices_installation").on(t.userId, t.installationId),
  ],
);

/** The agency's routes the tap simulator rides: the fare per rider type, in minor units. */
export const transitRoutes = pgTable("transit_routes", {
  code: text("code").primaryKey(),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  name: text("name").notNull(),
  /** bus, rail, ferry. */
  mode: text("mode").notNull(),
  /** `{ "ADULT": 275, "YOUTH": 140 }`; a rider type not listed pays `ADULT`. */
  fares: jsonb("fares").$type<Record<string, number>>().notNull(),
  translations: jsonb("translations").$type<Translations<{ name: string }>>().notNull().default({}),
});

export const fareCapPeriods = ["day", "week", "month"] as const;

/**
 * Fare caps: after `trips` paid trips in one period (the agency's local day, ISO week or month), a
 * card of that rider type rides free until the period ends.
 */
export const fareCapRules = pgTable(
  "fare_cap_rules",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    riderType: text("rider_type").notNull(),
    period: text("period", { enum: fareCapPeriods }).notNull(),
    trips: integer("trips").notNull(),
    translations: jsonb("translations").$type<Translations<{ name: string }>>().notNull().default({}),
  },
  (t) => [check("fare_cap_rules_trips", sql`${t.trips} > 0`)],
);

/**
 * Taps at a reader: a fare card's (fare deducted from its general funds, a pass consumed, or free
 * once capped) or a bank card's (a transaction charged through the gateway: `payment_method_id` and
 * `transaction_number`). `entry_group` is the ledger group of the fare paid, when one was.
 */
export const taps = pgTable(
  "taps",
  {
    id: uuid("id").primaryKey(),
    fareMediumId: uuid("fare_medium_id").references(() => fareMedia.id),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    transactionNumber: text("transaction_number"),
    routeCode: text("route_code")
      .notNull()
      .references(() => transitRoutes.code),
    riderType: text("rider_type").notNull(),
    tappedAt: timestamp("tapped_at", { withTimezone: true }).notNull(),
    /** The route's fare for the rider type, and what was charged (0 with a pass or once capped). */
    fare: bigint("fare", { mode: "number" }).notNull(),
    charged: bigint("charged", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    passId: uuid("pass_id").references(() => passes.id),
    capRuleId: uuid("cap_rule_id").references(() => fareCapRules.id),
    /** Free because a cap was reached. */
    capped: boolean("capped").notNull().default(false),
    entryGroup: uuid("entry_group"),
    /** The stop the reader stood at, as it reports it; null where the reader does not know (issue 35). */
    stop: text("stop"),
    /** The simulator's idempotency: one tap per (card, key). */
    tapKey: text("tap_key"),
  },
  (t) => [
    index("taps_card").on(t.fareMediumId, t.tappedAt.desc()),
    index("taps_user_transactions").on(t.userId, t.tappedAt.desc(), t.id.desc()),
    uniqueIndex("taps_transaction_number").on(t.transactionNumber),
    uniqueIndex("taps_key").on(t.tapKey),
    check("taps_amounts", sql`${t.fare} >= 0 and ${t.charged} between 0 and ${t.fare}`),
    check("taps_stop", sql`${t.stop} is null or char_length(${t.stop}) between 1 and 80`),
    // A fare card's tap or a bank card's transaction; a transaction keeps its number when its saved
    // method is deleted (set null, with the rider's account).
    check(
      "taps_payer",
      sql`(${t.fareMediumId} is null or ${t.paymentMethodId} is null) and (${t.fareMediumId} is not null or ${t.transactionNumber} is not null)`,
    ),
  ],
);

export const cardActivityKinds = [
  "tap",
  "tap_pass",
  "tap_capped",
  "purchase",
  "load",
  "autoload",
  "transfer_in",
  "transfer_out",
  "refund",
  "pass_attached",
  "blocked",
  "unblocked",
  "linked",
  "unlinked",
  /** Reported lost or stolen: what it held moved to its replacement (detail: the replacement's last 4). */
  "replaced",
  /** Issued to replace a lost card, with what that card held (detail: the lost card's last 4). */
  "replacement",
] as const;

/**
 * A fare card's activity rows (spec section 3: date and time, type, description, balance): one row
 * for each thing that happened to it, written in the same transaction as the ledger group that moved
 * its money. `amount` is signed (what the card's stored value gained or lost, null when nothing moved)
 * and `balance_after` the stored value right after. `detail` holds what the description is made of
 * (route, product, other card's nickname), so the portal words it in the rider's language. A load paid
 * through the gateway is pending until settled (`settled_at`).
 */
export const cardActivity = pgTable(
  "card_activity",
  {
    id: uuid("id").primaryKey(),
    fareMediumId: uuid("fare_medium_id")
      .notNull()
      .references(() => fareMedia.id),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: cardActivityKinds }).notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull().default({}),
    amount: bigint("amount", { mode: "number" }),
    balanceAfter: bigint("balance_after", { mode: "number" }),
    currency: char("currency", { length: 3 }).notNull(),
    entryGroup: uuid("entry_group"),
    tapId: uuid("tap_id").references(() => taps.id),
    orderId: uuid("order_id").references(() => orders.id),
    pending: boolean("pending").notNull().default(false),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("card_activity_page").on(t.fareMediumId, t.occurredAt.desc(), t.id.desc()),
    index("card_activity_pending").on(t.pending).where(sql`${t.pending}`),
    check("card_activity_settled", sql`not (${t.pending} and ${t.settledAt} is not null)`),
  ],
);

export const autoloadTriggers = ["threshold", "weekly", "monthly"] as const;
export const autoloadStatuses = ["active", "paused"] as const;

/**
 * Autoload (spec section 3): load `amount` onto a card's general funds from a saved payment method,
 * when its stored value is at or below `threshold`, or every week on `weekday` (0 Sunday) or every
 * month on `month_day` (1-28). One live autoload per card. A failed run pauses it (`paused_reason`).
 */
export const autoloads = pgTable(
  "autoloads",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The card it loads; null for the rider's wallet (issue 47). */
    fareMediumId: uuid("fare_medium_id").references(() => fareMedia.id),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    trigger: text("trigger", { enum: autoloadTriggers }).notNull(),
    threshold: bigint("threshold", { mode: "number" }),
    weekday: integer("weekday"),
    monthDay: integer("month_day"),
    status: text("status", { enum: autoloadStatuses }).notNull().default("active"),
    pausedReason: text("paused_reason"),
    /** The next time-triggered run (null for a threshold trigger or a paused autoload). */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("autoloads_card_live").on(t.fareMediumId).where(sql`${t.removedAt} is null`),
    uniqueIndex("autoloads_wallet_live")
      .on(t.userId)
      .where(sql`${t.fareMediumId} is null and ${t.removedAt} is null`),
    index("autoloads_user").on(t.userId),
    index("autoloads_due").on(t.status, t.nextRunAt),
    check("autoloads_amount", sql`${t.amount} > 0`),
    check(
      "autoloads_trigger",
      sql`(${t.trigger} = 'threshold' and ${t.threshold} is not null and ${t.threshold} >= 0 and ${t.weekday} is null and ${t.monthDay} is null)
       or (${t.trigger} = 'weekly' and ${t.weekday} between 0 and 6 and ${t.threshold} is null and ${t.monthDay} is null)
       or (${t.trigger} = 'monthly' and ${t.monthDay} between 1 and 28 and ${t.threshold} is null and ${t.weekday} is null)`,
    ),
    check("autoloads_paused", sql`(${t.status} = 'paused') = (${t.pausedReason} is not null)`),
  ],
);

export const autoloadRunStatuses = ["succeeded", "failed"] as const;

/**
 * One run of an autoload: (autoload, due) is unique, so a scheduler that runs twice, or two
 * schedulers, load once. A threshold run is due at the tap or transfer that crossed the threshold.
 */
export const autoloadRuns = pgTable(
  "autoload_runs",
  {
    id: uuid("id").primaryKey(),
    autoloadId: uuid("autoload_id")
      .notNull()
      .references(() => autoloads.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: autoloadRunStatuses }).notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("autoload_runs_due").on(t.autoloadId, t.dueAt)],
);

/**
 * Guests' card tokens (spec section 6): a card number and security code give one; it reads and
 * loads that card only, for a short time. Hashed at rest.
 */
export const cardTokens = pgTable(
  "card_tokens",
  {
    id: uuid("id").primaryKey(),
    fareMediumId: uuid("fare_medium_id")
      .notNull()
      .references(() => fareMedia.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("card_tokens_hash").on(t.tokenHash), index("card_tokens_expiry").on(t.expiresAt)],
);

/**
 * Balance transfers between one rider's cards (general funds only; commuter benefits never move).
 * `key_hash` (SHA-256 of the Idempotency-Key) makes a retried transfer the same transfer.
 */
export const cardTransfers = pgTable(
  "card_transfers",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    fromFareMediumId: uuid("from_fare_medium_id")
      .notNull()
      .references(() => fareMedia.id),
    toFareMediumId: uuid("to_fare_medium_id")
      .notNull()
      .references(() => fareMedia.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    keyHash: text("key_hash").notNull(),
    requestHash: text("request_hash").notNull(),
    entryGroup: uuid("entry_group").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_transfers_key").on(t.userId, t.keyHash),
    check("card_transfers_amount", sql`${t.amount} > 0`),
    check("card_transfers_cards", sql`${t.fromFareMediumId} <> ${t.toFareMediumId}`),
  ],
);

/**
 * The alerts a rider chose (issue 35, Account → Notifications): one row once the rider saved them; a
 * rider without one has the defaults (src/domain/alerts.ts). Security alerts are not here: they are
 * always sent. `low_balance_below` is in minor units.
 */
export const alertSettings = pgTable(
  "alert_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lowBalance: boolean("low_balance").notNull(),
    lowBalanceBelow: bigint("low_balance_below", { mode: "number" }).notNull(),
    /** A pass on the rider's account ending within `pass_ending_days` days (one that renews is not told). */
    passEnding: boolean("pass_ending").notNull().default(true),
    passEndingDays: integer("pass_ending_days").notNull().default(3),
    /** An auto-renewal charging within three days. */
    renewalSoon: boolean("renewal_soon").notNull().default(true),
    autoloadPaused: boolean("autoload_paused").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("alert_settings_below", sql`${t.lowBalanceBelow} between 100 and 100000`),
    check("alert_settings_days", sql`${t.passEndingDays} between 1 and 30`),
  ],
);

/**
 * Alerts found by the maintenance pass (a pass ending, an auto-renewal soon), each claimed once by its
 * key ("pass_ending:<pass>:<expiry>") in the transaction that writes its messages: two instances
 * sweeping at once send it once.
 */
export const alertDeliveries = pgTable("alert_deliveries", {
  key: text("key").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
