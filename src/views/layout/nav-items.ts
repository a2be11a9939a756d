import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface NavItem {
  href: string;
  label: MessageDescriptor;
}

/** The account menu of spec section 2 (Layout), in its order. */
export const accountNavItems: NavItem[] = [
  { href: "/account/profile", label: msg`My Profile` },
  { href: "/account/security", label: msg`Security` },
  { href: "/account/addresses", label: msg`Shipping Address` },
  { href: "/account/paymentmethods", label: msg`Payment Methods` },
  { href: "/account/devices", label: msg`Devices` },
  { href: "/account/orders/1", label: msg`Order History` },
  { href: "/account/passhistory/1", label: msg`Pass History` },
  { href: "/account/unattachedpasses", label: msg`Unattached Passes` },
];

/** What every rider can shop, signed in or not: shown before the account or sign-in links. */
export const shopNavItems: NavItem[] = [{ href: "/products", label: msg`Products` }];

export const guestNavItems: NavItem[] = [
  ...shopNavItems,
  { href: "/manage-card", label: msg`Manage Card` },
  { href: "/login", label: msg`Sign In` },
  { href: "/signup", label: msg`Sign Up` },
];
