import { Collapsible } from "@ark-ui/react/collapsible";
import { Trans } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { css } from "../../../styled-system/css";
import type { ContactEntry } from "../../domain/portal-config.ts";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import { contactTrigger, footerLink } from "./footer-styles.ts";

export interface ContactUsProps {
  entries: ContactEntry[];
  /** Opens on mount: the rider pressed the look-alike trigger while this loaded (Footer.tsx). */
  defaultOpen?: boolean;
}

/** The footer's "Contact Us" disclosure (Ark's collapsible), loaded when the rider first reaches for it. */
export function ContactUs({ entries, defaultOpen = false }: ContactUsProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (defaultOpen) trigger.current?.focus();
  }, [defaultOpen]);
  return (
    <Collapsible.Root defaultOpen={defaultOpen}>
      <Collapsible.Trigger ref={trigger} className={contactTrigger}>
        <Trans>Contact Us</Trans>
        <ChevronDownIcon />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className={css({ display: "flex", flexDirection: "column", gap: "2", pt: "2" })}>
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.value}`}>
              {entry.href ? (
                <a href={entry.href} className={footerLink}>
                  {entry.value}
                </a>
              ) : (
                entry.value
              )}
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
