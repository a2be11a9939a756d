import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css, cx } from "../../../styled-system/css";
import { button, drawer } from "../../../styled-system/recipes";
import { useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { RootActor } from "../../app/root-actor.ts";
import { linksFor } from "../../domain/portal-config.ts";
import { externalLinkLabels } from "../../i18n/links.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { CloseIcon } from "../shared/icons.tsx";
import { NavLink } from "../shared/NavLink.tsx";
import { accountNavItems, guestNavItems } from "./nav-items.ts";

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
  const styles = drawer({ placement: "start" });
  const items = signedIn ? [{ href: "/account", label: undefined }, ...accountNavItems] : guestNavItems;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => !next && root.send({ type: "menu.close" })}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>
              <Trans>Menu</Trans>
            </Dialog.Title>
            <Dialog.CloseTrigger
              className={cx(styles.closeTrigger, button({ variant: "ghost", size: "icon" }))}
              aria-label={t`Close menu`}
            >
              <CloseIcon />
            </Dialog.CloseTrigger>
            <nav aria-label={t`Menu`}>
              <ul>
                {items.map((entry) => (
                  <li key={entry.href}>
                    <NavLink href={entry.href} className={item}>
                      {entry.label ? i18n._(entry.label) : <Trans>My Account</Trans>}
                    </NavLink>
                  </li>
                ))}
                {linksFor(config.externalLinks, locale).map((link) => (
                  <li key={link.kind}>
                    <a href={link.url} className={item} rel="noopener noreferrer" target="_blank">
                      {i18n._(externalLinkLabels[link.kind])}
                      <span className={css({ srOnly: true })}>
                        {" "}
                        <Trans>(opens in a new tab)</Trans>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
