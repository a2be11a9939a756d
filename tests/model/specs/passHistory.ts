import { expect } from "vitest";
import type { PassDetail, PassPage, PassSummary } from "../../../src/domain/transit/passes.ts";
import { passHistoryMachine } from "../../../src/machines/passHistory.machine.ts";
import {
  cloudPass,
  devicePass,
  passEmptyPage,
  passOnlyPage,
  passPageOne,
  passPageThree,
  passPageTwo,
  unknownPassId,
} from "../../support/passes.ts";
import type { EventSamples } from "../harness.ts";
import { keysetHistorySpec } from "./keysetHistory.ts";

/** The pass history's own event: the detail's pass moved (from its move machine). */
const detailEvents = {
  "detail.changed": [
    { type: "detail.changed", detail: devicePass },
    { type: "detail.changed", detail: { ...devicePass, id: unknownPassId } },
  ],
} satisfies Partial<EventSamples<typeof passHistoryMachine>>;

export const passHistoryModel = keysetHistorySpec<PassPage, PassSummary, PassDetail>({
  name: "passHistory",
  machine: passHistoryMachine,
  pages: {
    one: passPageOne,
    two: passPageTwo,
    three: passPageThree,
    only: passOnlyPage,
    empty: passEmptyPage,
  },
  itemsOf: (page) => page.passes,
  keyOf: (pass) => pass.id,
  detail: cloudPass,
  unknownId: unknownPassId,
  detailEvents,
  seesDetail: (snapshot) => expect([cloudPass, devicePass]).toContain(snapshot.context.detail),
  noun: "pass",
  journeys: ({ firstPage, openDetail, detailLoaded }) => [
    {
      name: "a pass's detail opens from its page",
      events: [firstPage, openDetail, detailLoaded],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.detail).toBe(cloudPass),
    },
    {
      name: "a pass moved from its detail shows where it went",
      events: [firstPage, openDetail, detailLoaded, detailEvents["detail.changed"][0]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.detail).toBe(devicePass),
    },
    {
      name: "a moved pass that is another one than the detail's is ignored",
      events: [firstPage, openDetail, detailLoaded, detailEvents["detail.changed"][1]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.detail).toBe(cloudPass),
    },
  ],
});
