import { Trans } from "@lingui/react/macro";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useConfig } from "../../app/children.ts";
import { createSocialSignInLogic } from "../../app/live/social-sign-in.ts";
import { useFeature } from "../../app/logic.tsx";
import { type IdentityProvider, identityProviders } from "../../domain/identity.ts";
import { providerName } from "./providers.ts";

/** Google first, then Facebook and Apple: the order riders meet them elsewhere. */
const order: IdentityProvider[] = ["google", "facebook", "apple"];

/**
 * "Sign in with Google / Facebook / Apple" (or "Sign up with ..." on the sign-up page), for the
 * providers /org_config turns on: the server turns a provider on only when it can complete it (real
 * credentials, or the sandbox provider in the demo and the tests). Each leaves for the provider with a
 * fresh trip; its return signs the rider in, or opens the account on first use.
 */
export function SocialSignInButtons({ verb = "signIn" }: { verb?: "signIn" | "signUp" }) {
  const { socialSignIn } = useConfig();
  const { beginSocialSignIn } = useFeature(createSocialSignInLogic);
  const offered = order.filter((provider) => identityProviders.includes(provider) && socialSignIn[provider]);
  if (offered.length === 0) return null;
  return (
    <div className={css({ display: "grid", gap: "2", mt: "4" })} data-testid="social-sign-in">
      {offered.map((provider) => {
        const name = providerName[provider];
        return (
          <button
            key={provider}
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => void beginSocialSignIn(provider)}
          >
            {verb === "signIn" ? <Trans>Sign in with {name}</Trans> : <Trans>Sign up with {name}</Trans>}
          </button>
        );
      })}
    </div>
  );
}
