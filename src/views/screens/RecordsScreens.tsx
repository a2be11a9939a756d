import { type ComponentType, lazy } from "react";
import { resilient } from "../../app/chunks.ts";

/*
 * A rider's records and alerts (issue 35): a card's trip history, the statement and Account →
 * Notifications, each its own chunk, reached through this small one. The entry lists every lazy part
 * with the files it needs, which every first page downloads; three rarely opened pages listed here
 * instead kept it within its budget, for one more round trip when one of them is opened.
 */
const screen = <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  lazy(() => resilient(load)().then((module) => ({ default: pick(module) })));

export const TripHistoryScreen = screen(
  () => import("./TripHistoryScreen.tsx"),
  (module) => module.TripHistoryScreen,
);
export const StatementScreen = screen(
  () => import("./StatementScreen.tsx"),
  (module) => module.StatementScreen,
);
export const NotificationsScreen = screen(
  () => import("./NotificationsScreen.tsx"),
  (module) => module.NotificationsScreen,
);
