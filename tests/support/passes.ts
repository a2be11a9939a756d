import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { ActivityPage } from "../../src/domain/transit/cards.ts";
import type { GuestCard } from "../../src/domain/transit/guest-card.ts";
import type {
  Device,
  PassDetail,
  PassPage,
  PassSummary,
  TransactionPage,
} from "../../src/domain/transit/passes.ts";

/** Passes, devices, transactions and a guest's card as the transit API answers them, for tests. */

export const phone: Device = {
  id: "d1000000-0000-4000-8000-000000000001",
  nickname: "My phone",
  model: "Pixel 9",
  tickets: 2,
  registered_at: "2026-10-01T12:00:00.000Z",
};

export const tablet: Device = {
  id: "d1000000-0000-4000-8000-000000000002",
  nickname: "Tablet",
  model: "iPad Air",
  tickets: 0,
  registered_at: "2026-10-05T12:00:00.000Z",
};

export const renamedPhone: Device = { ...phone, nickname: "Work phone" };

export const unknownPassId = "ffffffff-0000-4000-8000-00000000dead";

const summary = (index: number, overrides: Partial<PassSummary> = {}): PassSummary => ({
  id: `a1000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  name: `Adult 10-Ride Pass ${index}`,
  status: "available",
  location: "cloud",
  device: null,
  fare_medium: {
    id: "f1000000-0000-4000-8000-000000000001",
    nickname: "Commute card",
    card_number: "•••• 0015",
  },
  serial_number: `SN-${String(1000 + index)}`,
  purchased_at: "2026-11-20T15:30:00.000Z",
  activated_at: null,
  expires_at: "2026-12-31T23:59:59.000Z",
  usable_count: 10,
  used_count: 0,
  remaining: 10,
  ...overrides,
});

export const cloudPass: PassDetail = {
  ...summary(1),
  description: "Ten rides on any bus or rail line.",
  order: { id: "0b7c2d4e-0000-4000-8000-000000000001", number: "TP-00001042" },
  rider_types: ["ADULT"],
  can_move: true,
  can_attach: false,
};

export const devicePass: PassDetail = {
  ...cloudPass,
  location: "device",
  device: { id: phone.id, nickname: phone.nickname },
};

export const activePass: PassDetail = {
  ...cloudPass,
  id: summary(2).id,
  name: "Adult Monthly Pass",
  status: "active",
  activated_at: "2026-11-21T08:00:00.000Z",
  usable_count: null,
  used_count: 14,
  remaining: null,
  can_move: false,
};

export const spoiledPass: PassDetail = {
  ...cloudPass,
  id: summary(3).id,
  status: "spoiled",
  can_move: false,
};

/** Unattached: on no fare card yet. */
export const unattachedPass: PassDetail = {
  ...cloudPass,
  id: summary(4).id,
  name: "Youth Day Pass",
  fare_medium: null,
  rider_types: ["YOUTH"],
  can_attach: true,
};

export const secondUnattached: PassDetail = {
  ...unattachedPass,
  id: summary(5).id,
  name: "Adult Day Pass",
  rider_types: [],
};

const page = (from: number, count: number, next: string | null): PassPage => ({
  passes: Array.from({ length: count }, (_, index) => summary(from + index)),
  next,
});

export const passPageOne = page(1, 12, "cursor-page-2");
export const passPageTwo = page(13, 12, "cursor-page-3");
export const passPageThree = page(25, 3, null);
export const passOnlyPage: PassPage = { passes: [cloudPass, activePass], next: null };
export const passEmptyPage: PassPage = { passes: [], next: null };

const fareMedium = (
  id: string,
  nickname: string,
  riderType: string,
  status: FareMedium["status"] = "ACTIVE",
): FareMedium => ({
  faremedia_id: id,
  nickname,
  printed_card_number: `6000 0000 0000 00${id.slice(-2)}`,
  expiration_date: "2030-12-31",
  category: "Smart card",
  type: "PHYSICAL",
  status,
  rider_type: riderType,
  stored_value: 1250,
  balance: { general_funds: 1250, commuter_benefits: 0 },
  blocked: status === "BLOCKED",
  invalid: status === "INVALID",
  suspended: status === "SUSPENDED",
  replaced_by: null,
});

export const youthCard = fareMedium("f1000000-0000-4000-8000-000000000011", "School card", "YOUTH");
export const adultCard = fareMedium("f1000000-0000-4000-8000-000000000012", "Commute card", "ADULT");
export const blockedCard = fareMedium(
  "f1000000-0000-4000-8000-000000000013",
  "Lost card",
  "YOUTH",
  "BLOCKED",
);

export const transactionPageOne: TransactionPage = {
  transactions: [
    {
      id: "e1000000-0000-4000-8000-000000000001",
      transaction_number: "TX-0000000101",
      tapped_at: "2026-11-21T08:15:00.000Z",
      items: [{ name: "Adult fare, Route 10 Crosstown", amount: 275 }],
      amount: 275,
      currency: "USD",
      payment_method: { id: "7a1c0000-0000-4000-8000-000000000001", label: "Visa •••• 4242" },
      capped: false,
    },
  ],
  next: "tx-cursor-2",
};

export const transactionPageTwo: TransactionPage = {
  transactions: [
    {
      id: "e1000000-0000-4000-8000-000000000002",
      transaction_number: "TX-0000000100",
      tapped_at: "2026-11-20T17:40:00.000Z",
      items: [{ name: "Adult fare, Route 4 Harbor", amount: 0 }],
      amount: 0,
      currency: "USD",
      payment_method: { id: null, label: "Mastercard •••• 5100" },
      capped: true,
    },
  ],
  next: null,
};

export const transactionEmptyPage: TransactionPage = { transactions: [], next: null };

export const guestCard: GuestCard = {
  ...fareMedium("f1000000-0000-4000-8000-000000000031", "Guest card", "ADULT"),
  printed_card_number: "6000 0000 0000 0031",
  balance_detail: {
    general_funds: 1250,
    commuter_benefits: 0,
    pending: 0,
    settled: 1250,
    as_of: "2026-11-22T10:00:00.000Z",
  },
  passes: [cloudPass],
  fare_caps: [],
  can: { load: true, block: true },
};

export const activityPageOne: ActivityPage = {
  activity: [
    {
      id: "c1000000-0000-4000-8000-000000000001",
      occurred_at: "2026-11-21T08:15:00.000Z",
      kind: "tap",
      detail: { route: "Route 10 Crosstown" },
      amount: -275,
      balance_after: 1250,
      currency: "USD",
      pending: false,
    },
  ],
  next: "activity-cursor-2",
};

export const activityPageTwo: ActivityPage = {
  activity: [
    {
      id: "c1000000-0000-4000-8000-000000000002",
      occurred_at: "2026-11-20T08:15:00.000Z",
      kind: "load",
      detail: { order: "TP-00001041" },
      amount: 1000,
      balance_after: 1525,
      currency: "USD",
      pending: false,
    },
  ],
  next: null,
};
