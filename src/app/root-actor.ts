import { createActorContext } from "@xstate/react";
import { appMachine } from "../machines/app.machine.ts";

/** The one root actor; screens read child actors from it and pass their refs down. */
export const RootActor = createActorContext(appMachine);
