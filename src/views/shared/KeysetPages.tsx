import { Trans } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { type KeysetRoute, routeOf } from "../../machines/keysetHistory.ts";

const pager = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "3",
});

/** A keyset history machine, as the route sees it. */
interface RouteFollower {
  send(event: { type: "route.changed" } & KeysetRoute): void;
}

/**
 * Tells a keyset history machine where the route (`…/:page/:id?`) went: a link, Back, or a typed
 * address. The route it was started with is its input, so only later changes are sent.
 */
export function FollowRoute({ history }: { history: RouteFollower }) {
  const route = routeOf(useParams<{ page?: string; id?: string }>());
  const sent = useRef(`${route.page}/${route.id}`);
  useEffect(() => {
    const key = `${route.page}/${route.id}`;
    if (key === sent.current) return;
    sent.current = key;
    history.send({ type: "route.changed", page: route.page, id: route.id });
  }, [history, route.page, route.id]);
  return null;
}

/** Previous, the page on screen and Next of a history (`base` is its address without the page). */
export function Pager({
  label,
  base,
  page,
  previous,
  next,
}: {
  label: string;
  base: string;
  page: number;
  previous: number | null;
  next: number | null;
}) {
  return (
    <nav aria-label={label} className={pager}>
      {previous === null ? (
        <span />
      ) : (
        <Link href={`${base}/${previous}`} rel="prev" className={button({ variant: "outline" })}>
          <Trans>Previous</Trans>
        </Link>
      )}
      <span aria-current="page">
        <Trans>Page {page}</Trans>
      </span>
      {next === null ? (
        <span />
      ) : (
        <Link href={`${base}/${next}`} rel="next" className={button({ variant: "outline" })}>
          <Trans>Next</Trans>
        </Link>
      )}
    </nav>
  );
}
