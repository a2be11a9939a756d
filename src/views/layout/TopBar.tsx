import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { RootActor } from "../../app/root-actor.ts";
import { linksFor } from "../../domain/portal-config.ts";
import { type cartMachine, selectCartCount, selectCartEmpty } from "../../machines/cart.machine.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { selectTourEnabled, type tourMachine } from "../../machines/tour.machine.ts";
import { CartIcon, HelpIcon, MenuIcon } from "../../ui/icons.tsx";
import { SignOutButton } from "../session/SignOutButton.tsx";
import { ExternalLink } from "../shared/ExternalLink.tsx";
import { NavLink } from "../shared/NavLink.tsx";
import { LanguagePicker } from "./LanguagePicker.tsx";

const navLink = css({
  color: "brand.navigationText",
  textDecoration: "none",
  fontWeight: "semibold",
  whiteSpace: "nowrap",
  // Narrower from 1024 px, where the links share one row with the language, sign-in and cart (a
  // guest's links in Spanish and Vietnamese fit at 1280 px).
  px: { base: "3", lg: "2" },
  fontSize: { lg: "sm", "2xl": "md" },
  py: "2",
  borderRadius: "md",
  _hover: { textDecoration: "underline" },
  _current: { textDecoration: "underline", textUnderlineOffset: "6px" },
});

export function TopBar() {
  const { t } = useLingui();
  const config = useConfig();
  const signedIn = useSignedIn();
  const root = RootActor.useActorRef();
  const language = useChild("language");
  const locale = useSelector(language, selectLocale);
  const session = useChild("session");
  const cart = useChild("cart");

  return (
    <header
      className={css({
        position: "sticky",
        top: "0",
        zIndex: "sticky",
        bg: "brand.navigation",
        color: "brand.navigationText",
        minHeight: "navBar",
        display: "flex",
        alignItems: "center",
        gap: { base: "1", sm: "2", lg: "1" },
        px: { base: "1", sm: "2", md: "6", lg: "4" },
        // Between 960 and 1280 px the links take a second row: a signed-in rider's five do not fit beside
        // the logo, the language and the cart.
        flexWrap: { md: "wrap", lg: "nowrap" },
        pt: { md: "2", lg: "0" },
      })}
    >
      <button
        type="button"
        className={cx(button({ variant: "ghost", size: "icon" }), css({ md: { display: "none" } }))}
        aria-label={t`Open menu`}
        onClick={() => root.send({ type: "menu.open" })}
      >
        <MenuIcon />
      </button>
      <Link
        href="/"
        className={css({
          display: "inline-flex",
          alignItems: "center",
          mr: { base: "auto", md: "4", lg: "2" },
          flexShrink: 0,
        })}
      >
        <img
          src={config.logo.src}
          width={config.logo.width}
          height={config.logo.height}
          alt={t`${config.display_name} home`}
        />
      </Link>
      <nav
        aria-label={t`Main`}
        className={css({
          display: { base: "none", md: "flex" },
          gap: { base: "1", lg: "0" },
          // Long labels (Spanish, French, German, Vietnamese) wrap onto a second line of links rather
          // than push the language, sign-out and cart buttons off a 1280 px screen.
          flexWrap: "wrap",
          minWidth: "0",
          flex: { md: "1 0 100%", lg: "1" },
          order: { md: 1, lg: 0 },
          pb: { md: "2", lg: "0" },
        })}
      >
        <NavLink href="/products" section className={navLink}>
          <Trans>Products</Trans>
        </NavLink>
        {signedIn ? (
          <NavLink href="/faremedia" section className={navLink}>
            <Trans>Fare cards</Trans>
          </NavLink>
        ) : null}
        {signedIn ? (
          <NavLink href="/account" section className={navLink}>
            <Trans>My Account</Trans>
          </NavLink>
        ) : (
          <NavLink href="/manage-card" section className={navLink}>
            <Trans>Manage Card</Trans>
          </NavLink>
        )}
        {linksFor(config.externalLinks, locale).map((link) => (
          <ExternalLink key={link.kind} link={link} className={navLink} />
        ))}
      </nav>
      <div
        className={css({
          display: "flex",
          alignItems: "center",
          gap: { base: "1", sm: "2" },
          ml: "auto",
          flexShrink: 0,
        })}
      >
        <LanguagePicker language={language} locales={config.locales} />
        {signedIn ? (
          <SignOutButton
            session={session}
            isCartEmpty={() => selectCartEmpty(cart.getSnapshot())}
            className={css({ display: { base: "none", md: "inline-flex" }, color: "brand.navigationText" })}
          />
        ) : (
          // A guest's way in, beside the cart from a tablet's width up (the side menu has it below).
          <>
            <Link
              href="/login"
              className={cx(
                button({ variant: "ghost", size: "sm" }),
                css({ display: { base: "none", md: "inline-flex" }, color: "brand.navigationText" }),
              )}
            >
              <Trans>Sign In</Trans>
            </Link>
            <Link
              href="/signup"
              className={cx(
                button(),
                css({ display: { base: "none", md: "inline-flex" }, whiteSpace: "nowrap" }),
              )}
            >
              <Trans>Sign Up</Trans>
            </Link>
          </>
        )}
        <TourButton tour={useChild("tour")} />
        <CartButton cart={cart} />
      </div>
    </header>
  );
}

/** The header's "take tour" button, shown when the deployment enables the tour. */
export function TourButton({ tour }: { tour: ActorRefFrom<typeof tourMachine> }) {
  const { t } = useLingui();
  const enabled = useSelector(tour, selectTourEnabled);
  if (!enabled) return null;
  return (
    <button
      type="button"
      className={button({ variant: "ghost", size: "icon" })}
      aria-label={t`Take the tour`}
      onClick={() => tour.send({ type: "tour.start" })}
    >
      <HelpIcon />
    </button>
  );
}

/** The cart widget: the item count, and the drawer behind it. */
export function CartButton({ cart }: { cart: ActorRefFrom<typeof cartMachine> }) {
  const count = useSelector(cart, selectCartCount);
  return (
    <button
      type="button"
      className={cx(button({ variant: "ghost", size: "icon" }), css({ position: "relative" }))}
      onClick={() => cart.send({ type: "cart.open" })}
    >
      <CartIcon />
      <span className={css({ srOnly: true })}>
        <Plural value={count} one="Shopping cart, # item" other="Shopping cart, # items" />
      </span>
      <span
        aria-hidden="true"
        className={css({
          position: "absolute",
          top: "0",
          right: "0",
          minWidth: "5",
          height: "5",
          px: "1",
          borderRadius: "full",
          bg: "focus",
          color: "#1f2933",
          fontSize: "xs",
          fontWeight: "bold",
          display: "grid",
          placeItems: "center",
        })}
      >
        {count}
      </span>
    </button>
  );
}
