/**
 * The page the portal opened on, remembered until the rider's first navigation downloads
 * ./navigationFocus.ts (kept out of the first download): where it was scrolled and what had the focus
 * when the rider left it. wouter's history events and the browser's popstate come before the next page
 * is drawn, so these are the first page's own. Its history entry has no key of its own yet (`key` is
 * "", or the one a reload kept), which is how Back finds it.
 */
export interface FirstPage {
  key: string;
  y: number;
  left: Element | null;
}

const at = location.href;
const key = (history.state as { navKey?: string } | null)?.navKey ?? "";
const types = ["pushState", "replaceState", "popstate"];
const leave = (event: Event) => {
  // The same address with other state is not a navigation (a screen keeping its `from`).
  if (event.type === "replaceState" && location.href === at) return;
  for (const type of types) removeEventListener(type, leave, true);
  const first: FirstPage = { key, y: scrollY, left: document.activeElement };
  void import("./navigationFocus.ts").then((module) =>
    module.followNavigation(window, first, event.type === "popstate" ? "pop" : "push"),
  );
};
for (const type of types) addEventListener(type, leave, true);
