import { expect } from "vitest";
import { statementMachine } from "../../../src/machines/statement.machine.ts";
import { novemberStatement } from "../../support/statement.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError } from "./orderSummary.ts";

type ActorEvents = "xstate.done.actor.loadStatement" | "xstate.error.actor.loadStatement";

/** What the statement printed or downloaded during a walk. */
const statementEffects: string[] = [];

const events = {
  "range.change": [
    { type: "range.change", from: "2026-11-01", to: "2026-11-30" },
    { type: "range.change", from: "2026-11-30", to: "2026-11-01" },
    { type: "range.change", from: "", to: "2026-11-30" },
    { type: "range.change", from: "2025-01-01", to: "2026-11-30" },
  ],
  "statement.show": [{ type: "statement.show" }],
  "statement.print": [{ type: "statement.print" }],
  "statement.download": [{ type: "statement.download" }],
  "xstate.done.actor.loadStatement": [{ type: "xstate.done.actor.loadStatement", output: novemberStatement }],
  "xstate.error.actor.loadStatement": [{ type: "xstate.error.actor.loadStatement", error: networkError }],
} satisfies EventSamples<typeof statementMachine, ActorEvents>;

const [november, backwards, notADay, tooLong] = events["range.change"];
const show = events["statement.show"][0];
const loaded = events["xstate.done.actor.loadStatement"][0];
const failed = events["xstate.error.actor.loadStatement"][0];

export const statementModel = defineModel({
  name: "statement",
  machine: statementMachine.provide({
    actions: {
      printStatement: ({ context }) => void statementEffects.push(`print ${context.from}..${context.to}`),
      downloadCsv: ({ context }) => void statementEffects.push(`csv ${context.from}..${context.to}`),
    },
  }),
  inputs: [{ from: "2026-11-01", to: "2026-11-30" }],
  deferred: ["loadStatement"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.from,
      snapshot.context.to,
      snapshot.context.problem,
      snapshot.context.statement !== null,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "a statement is shown only for the range in the form",
      holds: (s) =>
        s.context.statement === null ||
        (s.context.statement.from === s.context.from && s.context.statement.to === s.context.to),
    },
    {
      name: "a range with a problem is never asked for",
      holds: (s) => !s.matches("loading") || s.context.problem === null,
    },
  ],
  filterEvents: (snapshot, event) => {
    // A date field changes to another day, never to the one it holds.
    if (event.type === "range.change")
      return event.from !== snapshot.context.from || event.to !== snapshot.context.to;
    // The server answers for the range asked: November's statement only for November.
    return (
      event.type !== "xstate.done.actor.loadStatement" ||
      (snapshot.context.from === novemberStatement.from && snapshot.context.to === novemberStatement.to)
    );
  },
  states: {
    editing: (snapshot) => {
      expect(snapshot.context.statement).toBeNull();
      expect(snapshot.can(events["statement.print"][0])).toBe(false);
    },
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadStatement?.getSnapshot().input).toEqual({
        from: snapshot.context.from,
        to: snapshot.context.to,
      });
    },
    shown: (snapshot) => {
      expect(snapshot.context.statement).toBe(novemberStatement);
      expect(snapshot.can(events["statement.download"][0])).toBe(true);
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can(show)).toBe(true);
    },
  },
  journeys: [
    {
      name: "a month's statement shows, prints and downloads as CSV",
      before: () => void statementEffects.splice(0),
      events: [show, loaded, events["statement.print"][0], events["statement.download"][0]],
      expected: "shown",
      ends: () =>
        expect(statementEffects).toEqual(["print 2026-11-01..2026-11-30", "csv 2026-11-01..2026-11-30"]),
    },
    {
      name: "an end before the start is refused without asking the server",
      events: [backwards, show],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("order");
        expect(snapshot.children.loadStatement).toBeUndefined();
      },
    },
    {
      name: "a cleared day, and a range over a year, are refused",
      events: [notADay, show, tooLong, show],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problem).toBe("tooLong"),
    },
    {
      name: "changing the range hides the statement shown",
      events: [show, loaded, backwards, november],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.statement).toBeNull(),
    },
    {
      name: "a statement that could not be loaded says so, keeps the range and offers Try again",
      events: [show, failed],
      expected: "failed",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.context.statement).toBeNull();
        expect(snapshot.context.from).toBe("2026-11-01");
      },
    },
    {
      name: "a statement that could not be loaded is asked again",
      events: [show, failed, show, loaded],
      expected: "shown",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
  ],
});
