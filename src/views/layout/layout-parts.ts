import { onDemand } from "../shared/useOnDemand.ts";

/*
 * The layout's parts that only a machine state opens: the side menu, the cart drawer, the cart's
 * questions and the session's dialogs. None is part of the first page (issue 16); each downloads when
 * its state first wants it (src/views/shared/WhenWanted.tsx).
 */
export const sideMenu = onDemand(() => import("./SideMenu.tsx").then((module) => module.SideMenu));
export const cartDrawer = onDemand(() => import("./CartDrawer.tsx").then((module) => module.CartDrawer));
export const cartDialogs = onDemand(() =>
  import("./LayoutDialogs.tsx").then((module) => module.LayoutCartDialogs),
);
export const sessionDialogs = onDemand(() =>
  import("./LayoutDialogs.tsx").then((module) => module.SessionDialogs),
);
/** The first-visit question and the tour: a rider who answered it never downloads it. */
const loadTourDialog = () => import("./TourDialog.tsx");
export const tourDialog = onDemand(() => loadTourDialog().then((module) => module.TourDialog));

/**
 * A first visit starts the question's download at boot (main.tsx), alongside the opened page's screen.
 * A failure is left to the layout's request, which reports the lost connection once the app can show
 * it (as `preloadScreen` does): the browser fails that second import at once.
 */
export function preloadTourDialog(): void {
  loadTourDialog().catch(() => {});
}
