import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild } from "../../app/children.ts";
import { selectUser } from "../../machines/session.machine.ts";
import { linkList, Screen } from "../shared/Screen.tsx";
import { useFeatureText } from "./LandingScreen.tsx";

/** `/` for a signed-in rider on a "Login" landing page: a welcome with the ways on, no sign-in form. */
export function SignedInLanding() {
  const { t } = useLingui();
  const feature = useFeatureText();
  const firstName = useSelector(useChild("session"), selectUser)?.first_name ?? "";
  return (
    <Screen title={firstName ? t`Welcome, ${firstName}` : t`Welcome`}>
      {feature ? <p className={css({ fontSize: "lg", maxWidth: "60ch" })}>{feature}</p> : null}
      <nav aria-label={t`Where to go`} className={linkList}>
        <Link href="/products" className={button()}>
          <Trans>Buy passes</Trans>
        </Link>
        <Link href="/faremedia" className={button({ variant: "outline" })}>
          <Trans>Fare cards</Trans>
        </Link>
        <Link href="/account" className={button({ variant: "outline" })}>
          <Trans>My Account</Trans>
        </Link>
      </nav>
    </Screen>
  );
}
