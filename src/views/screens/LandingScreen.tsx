import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { lazy } from "react";
import { Link, Redirect } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { SignInPanel, selectSignInForm } from "../session/SessionViews.tsx";
import { SocialSignInButtons } from "../session/SocialSignInButtons.tsx";
import { card, linkList, Screen, Settled } from "../shared/Screen.tsx";

/**
 * `/`, open to everyone (spec section 2): the page the deployment's `landingPage` names. "Products"
 * is the product list; "Login" is the sign-in page for a guest and, for a signed-in rider, a welcome
 * with the ways on (no sign-in form for someone signed in).
 */
export function LandingScreen() {
  const config = useConfig();
  const signedIn = useSignedIn();
  if (config.landingPage === "Products") return <Redirect to="/products" replace />;
  return signedIn ? <SignedInLanding /> : <SignInLanding />;
}

/** A signed-in rider's welcome: its own chunk, as a guest's first page (the sign-in) never draws it. */
const SignedInLanding = lazy(() =>
  import("./SignedInLanding.tsx").then((module) => ({ default: module.SignedInLanding })),
);

export function useFeatureText(): string | undefined {
  const config = useConfig();
  const locale = useSelector(useChild("language"), selectLocale);
  return config.featureText[locale] ?? config.featureText.en;
}

function SignInLanding() {
  const { t } = useLingui();
  const feature = useFeatureText();
  const session = useChild("session");

  // The sign-in form comes from the server: what it holds up shows once it is in, so nothing moves under
  // it. The agency's words above it are known at boot, and drawn at once.
  const signInForm = useSelector(session, selectSignInForm);
  const formLoading = useSelector(signInForm, (snapshot) => snapshot?.matches("loading") ?? false);
  return (
    <Screen title={t`Sign in`}>
      {feature ? <p className={css({ fontSize: "lg", maxWidth: "60ch" })}>{feature}</p> : null}
      <Settled ready={!formLoading}>
        <div
          className={css({ display: "grid", gap: "6", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" } })}
        >
          <div className={card}>
            <SignInPanel session={session} />
            <SocialSignInButtons />
          </div>
          <section className={card} aria-labelledby="landing-guest">
            <h2 id="landing-guest" className={css({ fontSize: "xl", fontWeight: "bold" })}>
              <Trans>Continue as a guest</Trans>
            </h2>
            <p>
              <Trans>Buy passes without an account, or check a card with its number and security code.</Trans>
            </p>
            <div className={linkList}>
              <Link href="/products" className={button()}>
                <Trans>Browse products</Trans>
              </Link>
              <Link href="/manage-card" className={button({ variant: "outline" })}>
                <Trans>Manage a card</Trans>
              </Link>
            </div>
          </section>
        </div>
      </Settled>
    </Screen>
  );
}
