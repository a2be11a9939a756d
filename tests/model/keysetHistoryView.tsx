import { act, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import type { AnyEventObject } from "xstate";
import type { KeysetRoute } from "../../src/machines/keysetHistory.ts";
import { selectPageLinks } from "../../src/machines/keysetHistory.ts";

/** The address of a route of a history under `base` (a page that is no number is written as a word). */
export const historyPath = (base: string, route: KeysetRoute) =>
  `${base}/${route.page ?? "first"}${route.id ? `/${route.id}` : ""}`;

/**
 * `route.changed` as a rider makes it: a link on the screen when there is one (Next, Previous, an
 * entry, Back); else the address bar.
 */
export const routeGesture =
  (base: string, navigate: (path: string) => void) => async (user: UserEvent, event: AnyEventObject) => {
    const path = historyPath(base, { page: event.page, id: event.id });
    const link = screen.queryAllByRole("link").find((candidate) => candidate.getAttribute("href") === path);
    if (link) await user.click(link);
    else act(() => navigate(path));
  };

/** The pager of a listed page: Previous and Next exactly where the machine has them. */
export function seePager(
  label: string,
  base: string,
  snapshot: { context: Pick<KeysetRoute, "page"> & { cursors: string[] } },
) {
  const pages = within(screen.getByRole("navigation", { name: label }));
  expect(pages.getByText(`Page ${snapshot.context.page}`)).toBeVisible();
  const { previous, next } = selectPageLinks(snapshot);
  const previousLink = pages.queryByRole("link", { name: "Previous" });
  const nextLink = pages.queryByRole("link", { name: "Next" });
  if (previous === null) expect(previousLink).toBeNull();
  else expect(previousLink).toHaveAttribute("href", `${base}/${previous}`);
  if (next === null) expect(nextLink).toBeNull();
  else expect(nextLink).toHaveAttribute("href", `${base}/${next}`);
}
