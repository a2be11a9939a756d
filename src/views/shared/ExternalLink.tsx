import { Trans, useLingui } from "@lingui/react/macro";
import { css } from "../../../styled-system/css";
import type { ExternalLinkKind, LocalizedLink } from "../../domain/portal-config.ts";
import { externalLinkLabels } from "../../i18n/links.ts";

/** A configured external link (How to Ride, FAQ), opening in a new tab and saying so. */
export function ExternalLink({
  link,
  className,
}: {
  link: LocalizedLink<ExternalLinkKind>;
  className: string;
}) {
  const { i18n } = useLingui();
  return (
    <a href={link.url} className={className} rel="noopener noreferrer" target="_blank">
      {i18n._(externalLinkLabels[link.kind])}
      <span className={css({ srOnly: true })}>
        {" "}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
