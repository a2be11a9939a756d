import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { RootActor } from "../../app/root-actor.ts";
import { linksFor } from "../../domain/portal-config.ts";
import { selectCartEmpty } from "../../machines/cart.machine.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { Sheet, SheetClose, SheetTitle } from "../../ui/Sheet.tsx";
import { SignOutButton } from "../session/SignOutButton.tsx";
import { ExternalLink } from "../shared/ExternalLink.tsx";
import { NavLink } from "../shared/NavLink.tsx";
import { accountNavItems, guestNavItems, type NavItem, riderNavItems, shopNavItems } from "./nav-items.ts";

const item = css({
  display: "block",
  px: "3",
  py: "3",
  borderRadius: "md",
  textDecoration: "none",
  fontWeight: "semibold",
  _hover: { bg: "brand.container" },
  _current: { bg: "brand.container" },
});

/** The navigation of screens under 960 px, sliding in from the left. */
export function SideMenu() {
  const { t, i18n } = useLingui();
  const root = RootActor.useActorRef();
  const open = RootActor.useSelector((snapshot) => snapshot.matches({ ready: { menu: "open" } }));
  const signedIn = useSignedIn();
  const config = useConfig();
  const locale = useSelector(useChild("language"), selectLocale);
  const session = useChild("session");
  const cart = useChild("cart");
  const items: Array<Omit<NavItem, "label"> & { label: NavItem["label"] | undefined }> = signedIn
    ? [...shopNavItems, ...riderNavItems, { href: "/account", label: undefined }, ...accountNavItems]
    : guestNavItems;

  return (
    <Sheet open={open} onDismiss={() => root.send({ type: "menu.close" })} placement="start">
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>
            <Trans>Menu</Trans>
          </SheetTitle>
          <SheetClose styles={styles} label={t`Close menu`} />
          <nav aria-label={t`Menu`}>
            <ul>
              {items.map((entry) => (
                <li key={entry.href}>
                  <NavLink href={entry.href} section={entry.section ?? false} className={item}>
                    {entry.label ? i18n._(entry.label) : <Trans>My Account</Trans>}
                  </NavLink>
                </li>
              ))}
              {linksFor(config.externalLinks, locale).map((link) => (
                <li key={link.kind}>
                  <ExternalLink link={link} className={item} />
                </li>
              ))}
            </ul>
          </nav>
          {signedIn ? (
            <SignOutButton
              session={session}
              isCartEmpty={() => selectCartEmpty(cart.getSnapshot())}
              className={css({ mt: "4", width: "100%", justifyContent: "flex-start" })}
            />
          ) : null}
        </>
      )}
    </Sheet>
  );
}
