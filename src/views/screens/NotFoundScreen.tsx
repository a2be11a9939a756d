import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { button } from "../../../styled-system/recipes";
import { Screen } from "../shared/Screen.tsx";

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Page not found.`}>
      <p>
        <Trans>The page you asked for does not exist or has moved.</Trans>
      </p>
      <p>
        <Link href="/" className={button()}>
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </Screen>
  );
}
