import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { isActionBlocked } from "../domain/session.ts";
import type { cartMachine } from "../machines/cart.machine.ts";
import type { languageMachine } from "../machines/language.machine.ts";
import type { networkMachine } from "../machines/network.machine.ts";
import type { notificationsMachine } from "../machines/notifications.machine.ts";
import type { serviceLevelsMachine } from "../machines/serviceLevels.machine.ts";
import { selectSignedIn, selectUser, type sessionMachine } from "../machines/session.machine.ts";
import type { tourMachine } from "../machines/tour.machine.ts";
import { RootActor } from "./root-actor.ts";

interface Children {
  language: ActorRefFrom<typeof languageMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  network: ActorRefFrom<typeof networkMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  tour: ActorRefFrom<typeof tourMachine>;
  serviceLevels: ActorRefFrom<typeof serviceLevelsMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
}

/** A child of the ready root actor; screens render only while it is ready, so a missing child is a bug. */
export function useChild<Id extends keyof Children>(id: Id): Children[Id] {
  const child = RootActor.useSelector((snapshot) => snapshot.children[id]);
  if (!child)
    throw new Error(`The root actor has no "${id}" child: render this view only when the portal is ready`);
  return child as Children[Id];
}

export const useConfig = () => {
  const config = RootActor.useSelector((snapshot) => snapshot.context.config);
  if (!config) throw new Error("The portal configuration is not loaded yet");
  return config;
};

/** Signed in means a stored session (also while it is being signed out). */
export function useSignedIn(): boolean {
  return useSelector(useChild("session"), selectSignedIn);
}

/** A signed-in rider whose email the deployment still needs confirmed: checkout and account pages are "Action Blocked". */
export function useActionBlocked(): boolean {
  const config = useConfig();
  const user = useSelector(useChild("session"), selectUser);
  return isActionBlocked(user, config.requiredAccountVerification);
}
