import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";

/** A link that says it is the current page (aria-current), exactly or for everything under it. */
export function NavLink({
  href,
  className,
  children,
  section = false,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  /**
   * Current for every path under `href` too (e.g. /account for /account/profile), or under the path
   * given (/account/orders for a link to /account/orders/1 that is current on page 2 and a detail).
   */
  section?: boolean | string;
}) {
  const [location] = useLocation();
  const prefix = typeof section === "string" ? section : section ? href : null;
  const current =
    location === href || (prefix !== null && (location === prefix || location.startsWith(`${prefix}/`)));
  return (
    <Link href={href} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
