import type { Statement } from "../../src/domain/transit/statement.ts";

/** A rider's November statement for the statement's model, view and CSV tests (issue 35). */
export const novemberStatement: Statement = {
  from: "2026-11-01",
  to: "2026-11-30",
  time_zone: "America/New_York",
  currency: "USD",
  purchases: [
    {
      at: "2026-11-02T14:05:00.000Z",
      order_number: "TP-00001042",
      description: "2 × Adult Day Pass",
      amount: 1_000,
      refunded: 0,
    },
    {
      at: "2026-11-20T16:30:00.000Z",
      order_number: "TP-00001077",
      description: "Adult 7-Day Pass",
      amount: 2_500,
      refunded: 500,
    },
  ],
  loads: [
    {
      at: "2026-11-05T12:00:00.000Z",
      order_number: "TP-00001050",
      card: { nickname: "Work card", last4: "4321" },
      amount: 2_000,
      refunded: 0,
    },
    { at: "2026-11-06T12:00:00.000Z", order_number: "TP-00001051", card: null, amount: 1_500, refunded: 0 },
  ],
  trips: [
    {
      at: "2026-11-03T12:15:00.000Z",
      card: { nickname: "Work card", last4: "4321" },
      route: "10 Crosstown",
      stop: "Main St & 5th Ave",
      paid_by: "stored_value",
      charged: 250,
    },
    {
      at: "2026-11-03T22:40:00.000Z",
      card: { nickname: "Work card", last4: "4321" },
      route: "RED Red Line",
      stop: null,
      paid_by: "cap",
      charged: 0,
    },
  ],
  commuter_benefits: [
    {
      at: "2026-11-05T12:00:00.000Z",
      order_number: "TP-00001050",
      payment: "Mastercard •••• 4444",
      amount: 2_000,
      refunded: 0,
    },
  ],
  totals: { purchases: 3_000, loads: 3_500, trips: 250, commuter_benefits: 2_000 },
};
