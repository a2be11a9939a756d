import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { Repurchase, repurchaseMachine } from "../../machines/repurchase.machine.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { textLink } from "../shared/Screen.tsx";

export type RepurchaseRef = ActorRefFrom<typeof repurchaseMachine>;

/*
 * "Buy again" on a receipt's line (the deployment's `instantRepurchase`): the view only sends the
 * line and shows what repurchase.machine.ts says. Neither part is printed.
 */

/** The line's "Buy again", named with the line's product; none can be pressed while one is looked up. */
export function BuyAgainButton({ repurchase, wanted }: { repurchase: RepurchaseRef; wanted: Repurchase }) {
  const { t } = useLingui();
  const name = wanted.name;
  const finding = useSelector(
    repurchase,
    (snapshot) => snapshot.matches("finding") && snapshot.context.wanted?.product === wanted.product,
  );
  const busy = useSelector(repurchase, (snapshot) => snapshot.hasTag("busy"));
  return (
    <button
      type="button"
      data-print="hide"
      className={cx(button({ variant: "outline", size: "sm" }), css({ whiteSpace: "nowrap" }))}
      aria-label={t`Buy again: ${name}`}
      aria-busy={finding}
      disabled={busy}
      onClick={() => repurchase.send({ type: "repurchase.start", wanted })}
    >
      <Trans>Buy again</Trans>
    </button>
  );
}

/**
 * What became of "Buy again" on a line of this receipt: looked up now, no longer offered, or the search
 * got no answer. `products` are the receipt's lines' products: another receipt's line is said there.
 */
export function BuyAgainStatus({ repurchase, products }: { repurchase: RepurchaseRef; products: string[] }) {
  const { i18n } = useLingui();
  const wanted = useSelector(repurchase, (snapshot) => snapshot.context.wanted);
  const phase = useSelector(repurchase, (snapshot) =>
    snapshot.matches("finding")
      ? "finding"
      : snapshot.matches({ ready: "unavailable" })
        ? "unavailable"
        : snapshot.matches({ ready: "failed" })
          ? "failed"
          : null,
  );
  const error = useSelector(repurchase, (snapshot) => snapshot.context.error);
  if (!wanted || !products.includes(wanted.product) || phase === null) return null;
  const name = wanted.name;
  if (phase === "finding") {
    return (
      <p role="status" data-print="hide" className={css({ color: "muted", fontSize: "sm" })}>
        <Trans>Looking up {name}…</Trans>
      </p>
    );
  }
  return (
    <p role="alert" data-print="hide" className={css({ display: "grid", gap: "1" })}>
      {phase === "unavailable" ? (
        <>
          <span className={errorLine}>
            <Trans>{name} is no longer offered, so it cannot be bought again.</Trans>
          </span>
          <Link href="/products" className={textLink}>
            <Trans>Choose another product</Trans>
          </Link>
        </>
      ) : (
        <span className={errorLine}>{error === null ? null : apiErrorMessage(i18n, error)}</span>
      )}
    </p>
  );
}
