import type { AnyStateMachine } from "xstate";
import type { ModelSpec } from "../harness.ts";
import { appModel } from "./app.ts";
import { cartModel } from "./cart.ts";
import { formModel } from "./form.ts";
import { languageModel } from "./language.ts";
import { networkModel } from "./network.ts";
import { notificationsModel } from "./notifications.ts";
import { serviceLevelsModel } from "./serviceLevels.ts";
import { tourModel } from "./tour.ts";

/** Every machine's model, for the scripts (paths for QA, mutation check, flows site). */
export const models: ModelSpec<AnyStateMachine>[] = [
  appModel,
  cartModel,
  formModel,
  languageModel,
  networkModel,
  notificationsModel,
  serviceLevelsModel,
  tourModel,
] as unknown as ModelSpec<AnyStateMachine>[];
