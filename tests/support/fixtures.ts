import deployment from "../../server/config/deployment.json" with { type: "json" };
import type { CartItem } from "../../src/domain/cart.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { StoredUser } from "../../src/domain/session.ts";

/** The configured deployment, as GET /portal-config serves it (the server tests validate the file). */
export const portalConfig = deployment as PortalConfig;

export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  uuid: "a2000000-0000-4000-8000-000000000001",
  name: "Day Pass",
  alert_message: null,
  short_desc: "Unlimited rides until the end of the service day.",
  long_description: "Valid for one service day from first tap.",
  list_price: 500,
  quantity: 2,
  productImage: null,
  type: "DIGITAL_PASS",
  shipping_enabled: false,
  productFilterName: null,
  orgUuidProduct: portalConfig.organization.parentUuid,
  subscription_allowed: false,
  theme: { background_color: "#1b6e3a" },
  appliedFilters: [],
  isSubscribed: false,
  faremediaId: null,
  ...overrides,
});

/** The demo rider as GET /accounts/users/me describes them. */
export const storedUser: StoredUser = {
  id: "c1000000-0000-4000-8000-000000000001",
  email: "rider@example.com",
  first_name: "Alex",
  last_name: "Rider",
  email_confirmed: true,
  mobile: null,
  locale: "en",
  mfa_enrollment_status: 0,
  mfa_phone: null,
};
