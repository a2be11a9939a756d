import { Trans } from "@lingui/react/macro";
import { button } from "../../../styled-system/recipes";

/** "Show more" under a list that loads its next page on request; busy while that page loads. */
export function ShowMore({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  return (
    <p>
      <button
        type="button"
        className={button({ variant: "outline" })}
        disabled={loading}
        aria-busy={loading}
        onClick={onMore}
      >
        {loading ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
      </button>
    </p>
  );
}
