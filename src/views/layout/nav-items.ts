import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface NavItem {
  href: string;
  label: MessageDescriptor;
  /** The section it stands for when that is not `href` itself (every page of order history). */
  section?: string;
}

/** The account menu of spec section 2 (Layout), in its order. */
export const accountNavItems: NavItem[] = [
  { href: "/account/profile", label: msg`My Profile` },
  { href: "/account/security", label: msg`Security` },
  { href: "/account/notifications", label: msg`Notifications` },
  { href: "/account/connected-accounts", label: msg`Connected accounts` },
  { href: "/account/addresses", label: msg`Shipping Address` },
  { href: "/account/paymentmethods", label: msg`Payment Methods` },
  { href: "/account/devices", label: msg`Devices` },
  { href: "/account/orders/1", label: msg`Order History`, section: "/account/orders" },
  { href: "/account/passhistory/1", label: msg`Pass History`, section: "/account/passhistory" },
  { href: "/account/unattachedpasses", label: msg`Unattached Passes` },
  { href: "/account/statement", label: msg`Statement` },
];

/** A signed-in rider's own places beside the shop: their fare cards. */
export const riderNavItems: NavItem[] = [
  { href: "/faremedia", label: msg`Fare cards`, section: "/faremedia" },
];

/** What every rider can shop, signed in or not: shown before the account or sign-in links. */
export const shopNavItems: NavItem[] = [{ href: "/products", label: msg`Products` }];

export const guestNavItems: NavItem[] = [
  ...shopNavItems,
  { href: "/manage-card", label: msg`Manage Card` },
  { href: "/login", label: msg`Sign In` },
  { href: "/signup", label: msg`Sign Up` },
];
