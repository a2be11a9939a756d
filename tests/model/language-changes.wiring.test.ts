import { describe, expect, it } from "vitest";
import { type AnyEventObject, type AnyStateMachine, createActor, type EventObject } from "xstate";
import { languageSwitch } from "../support/language.ts";
import { deferredActors, flush, type ModelSpec } from "./harness.ts";
import { checkoutModel } from "./specs/checkout.ts";
import { fareCardsModel } from "./specs/fareCards.ts";
import { formModel } from "./specs/form.ts";
import { guestCardModel } from "./specs/guestCard.ts";
import { productsModel } from "./specs/products.ts";

/*
 * The screens' machines hear a language switch themselves (their `languageChanges` child, which
 * src/app/live/language-changes.ts provides), where views used to send it from an effect. Their
 * models walk what the event does; this pins that a switch sends it, for as long as the machine runs.
 */
const screens: Array<{ spec: ModelSpec<AnyStateMachine>; event: EventObject & { language?: string } }> = [
  { spec: checkoutModel as unknown as ModelSpec<AnyStateMachine>, event: { type: "checkout.relabel" } },
  { spec: fareCardsModel as unknown as ModelSpec<AnyStateMachine>, event: { type: "card.relabel" } },
  { spec: guestCardModel as unknown as ModelSpec<AnyStateMachine>, event: { type: "card.refresh" } },
  { spec: productsModel as unknown as ModelSpec<AnyStateMachine>, event: { type: "products.reload" } },
  // A form's relabel names the new language.
  {
    spec: formModel as unknown as ModelSpec<AnyStateMachine>,
    event: { type: "form.relabel", language: "es" },
  },
];

describe("a language switch reaches the screens' machines", () => {
  it.each(screens)("$event.type reaches the $spec.name machine while it runs", async ({ spec, event }) => {
    const language = languageSwitch((locale) =>
      "language" in event ? { ...event, language: locale } : event,
    );
    const received: string[] = [];
    const actor = createActor(
      spec.machine.provide({
        actors: { ...deferredActors(spec.deferred).actors, languageChanges: language.logic },
      }),
      {
        input: spec.inputs?.[0],
        inspect: (inspection) => {
          const root = (inspection.actorRef as { _parent?: unknown })._parent === undefined;
          if (inspection.type === "@xstate.event" && root) {
            received.push((inspection.event as AnyEventObject).type);
          }
        },
      },
    ).start();
    await flush();
    expect(language.listening()).toBe(true);
    expect(received).not.toContain(event.type);
    language.switchLanguage("es");
    await flush();
    expect(received.filter((type) => type === event.type)).toHaveLength(1);
    actor.stop();
    expect(language.listening()).toBe(false);
  });
});
