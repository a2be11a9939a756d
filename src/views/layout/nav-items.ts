import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface NavItem {
  href: string;
  label: MessageDescriptor;
}

/** The account menu of spec section 2, limited to the account screens that have routes. */
export const accountNavItems: NavItem[] = [
  { href: "/account/profile", label: msg`My Profile` },
  { href: "/account/security", label: msg`Security` },
  { href: "/account/paymentmethods", label: msg`Payment Methods` },
  { href: "/account/devices", label: msg`Devices` },
  { href: "/account/orders/1", label: msg`Order History` },
  { href: "/account/passhistory/1", label: msg`Pass History` },
];

export const guestNavItems: NavItem[] = [
  { href: "/products", label: msg`Products` },
  { href: "/manage-card", label: msg`Manage Card` },
  { href: "/login", label: msg`Sign In` },
  { href: "/signup", label: msg`Sign Up` },
];
