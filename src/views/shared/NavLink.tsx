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
  /** Current for every path under `href` too (e.g. /account for /account/profile). */
  section?: boolean;
}) {
  const [location] = useLocation();
  const current = location === href || (section && location.startsWith(`${href}/`));
  return (
    <Link href={href} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
