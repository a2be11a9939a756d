import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useChild, useConfig } from "../../app/children.ts";
import { type AppStore, linksFor, type SocialNetwork } from "../../domain/portal-config.ts";
import { appStoreLabels, footerLinkLabels, socialLabels } from "../../i18n/links.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import { onDemand, useOnDemand } from "../../ui/useOnDemand.ts";
import type { ContactUsProps } from "./ContactUs.tsx";
import { contactTrigger, footerLink } from "./footer-styles.ts";

const iconLink = css({
  display: "inline-grid",
  placeItems: "center",
  width: "11",
  height: "11",
  borderRadius: "full",
  color: "brand.footerText",
  _hover: { bg: "rgba(255,255,255,0.12)" },
});

/**
 * The networks' and stores' marks, drawn in the link's colour through a CSS mask of public/icons/*.svg:
 * their drawings are fetched as images, not carried in every page's JavaScript. In forced colours the
 * mark keeps the link's (forced) colour.
 */
const mark = css({
  width: "6",
  height: "6",
  bg: "currentColor",
  maskRepeat: "no-repeat",
  maskPosition: "center",
  maskSize: "contain",
  forcedColorAdjust: "none",
});
const markOf: Record<SocialNetwork | AppStore, string> = {
  facebook: css({ maskImage: "url(/icons/facebook.svg)" }),
  x: css({ maskImage: "url(/icons/x.svg)" }),
  instagram: css({ maskImage: "url(/icons/instagram.svg)" }),
  youtube: css({ maskImage: "url(/icons/youtube.svg)" }),
  apple: css({ maskImage: "url(/icons/apple.svg)" }),
  google: css({ maskImage: "url(/icons/google.svg)" }),
};

export function Footer() {
  const { t, i18n } = useLingui();
  const config = useConfig();
  const locale = useSelector(useChild("language"), selectLocale);
  const year = new Date().getFullYear();
  const holder = config.footer.copyrightHolder;
  const { contactUs } = config.footer;
  const iconLinks = [
    ...config.footer.social.map((entry) => ({
      key: entry.network,
      url: entry.url,
      label: i18n._(socialLabels[entry.network]),
      mark: entry.network,
    })),
    ...config.footer.appStores.map((entry) => ({
      key: entry.store,
      url: entry.url,
      label: i18n._(appStoreLabels[entry.store]),
      mark: entry.store,
    })),
  ];

  return (
    <footer
      className={css({
        bg: "brand.footer",
        color: "brand.footerText",
        px: { base: "4", md: "8" },
        py: "8",
        mt: "auto",
      })}
    >
      <div
        className={css({
          maxWidth: "1200px",
          mx: "auto",
          display: "flex",
          flexDirection: "column",
          gap: "6",
        })}
      >
        <div
          className={css({ display: "flex", flexWrap: "wrap", gap: "6", justifyContent: "space-between" })}
        >
          <nav aria-label={t`Footer`}>
            <ul className={css({ display: "flex", flexWrap: "wrap", gap: "4" })}>
              {linksFor(config.footer.links, locale).map((link) => (
                <li key={`${link.kind}-${link.url}`}>
                  <a href={link.url} className={footerLink} rel="noopener noreferrer">
                    {i18n._(footerLinkLabels[link.kind])}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className={css({ display: "flex", gap: "2" })}>
            {iconLinks.map((entry) => (
              <li key={entry.key}>
                <a href={entry.url} className={iconLink} rel="noopener noreferrer">
                  <span aria-hidden="true" className={`${mark} ${markOf[entry.mark]}`} />
                  <span className={css({ srOnly: true })}>{entry.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {contactUs.enabled && contactUs.entries.length > 0 ? (
          <ContactUsOnDemand entries={contactUs.entries} />
        ) : null}
        <p className={css({ fontSize: "sm" })}>
          <Trans>
            © {year} {holder}. All rights reserved.
          </Trans>
        </p>
      </div>
    </footer>
  );
}

const contactUs = onDemand<ContactUsProps>(() =>
  import("./ContactUs.tsx").then((module) => module.ContactUs),
);

/**
 * "Contact Us": a look-alike closed trigger until the rider reaches for it (pointer over it starts the
 * download, a press opens it), then Ark's collapsible, opened if that is what the rider asked.
 */
function ContactUsOnDemand({ entries }: { entries: ContactUsProps["entries"] }) {
  const ContactUs = useOnDemand(contactUs);
  const [open, setOpen] = useState(false);
  if (ContactUs) return <ContactUs entries={entries} defaultOpen={open} />;
  return (
    <button
      type="button"
      aria-expanded={false}
      data-state="closed"
      className={contactTrigger}
      onPointerEnter={contactUs.request}
      onClick={() => {
        setOpen(true);
        contactUs.request();
      }}
    >
      <Trans>Contact Us</Trans>
      <ChevronDownIcon />
    </button>
  );
}
