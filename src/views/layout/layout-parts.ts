import { onDemand } from "../../ui/useOnDemand.ts";

/*
 * The layout's parts that only a machine state opens: the side menu, the cart drawer, the cart's
 * questions and the session's dialogs. None is part of the first page (issue 16); each downloads when
 * its state first wants it (src/views/shared/WhenWanted.tsx).
 */
export const sideMenu = onDemand(() => import("./SideMenu.tsx").then((module) => module.SideMenu));
export const cartDrawer = onDemand(() =>
  import("./CartDrawer.tsx").then((module) => module.LayoutCartDrawer),
);
export const cartDialogs = onDemand(() =>
  import("./LayoutDialogs.tsx").then((module) => module.LayoutCartDialogs),
);
export const sessionDialogs = onDemand(() =>
  import("./LayoutDialogs.tsx").then((module) => module.SessionDialogs),
);
/** The tour's steps, when the rider takes the tour (the first-visit question itself is on every first page). */
export const tourSteps = onDemand(() => import("./TourSteps.tsx").then((module) => module.TourSteps));
