import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { SavedPaymentMethod } from "../../src/domain/payments/saved.ts";
import type {
  ActivityPage,
  ActivityRow,
  FareCardDetail,
  FareCardsLoad,
} from "../../src/domain/transit/cards.ts";
import { ApiRequestError } from "../../src/services/http.ts";

/** A rider's fare cards as GET /transit/faremedia and /transit/faremedia/:id answer them, for tests. */

const medium = (
  id: string,
  nickname: string,
  status: FareMedium["status"],
  number: string,
  value: number,
): FareMedium => ({
  faremedia_id: id,
  nickname,
  printed_card_number: number,
  expiration_date: "2030-12-31",
  category: "Adult",
  type: "PHYSICAL",
  status,
  rider_type: "ADULT",
  stored_value: value,
  balance: { general_funds: value, commuter_benefits: 0 },
  blocked: status === "BLOCKED",
  invalid: status === "INVALID",
  suspended: status === "SUSPENDED",
  replaced_by: null,
});

export const commuteId = "f1000000-0000-4000-8000-000000000001";
export const lostId = "f1000000-0000-4000-8000-000000000002";
export const unknownCardId = "ffffffff-0000-4000-8000-00000000dead";

export const commute = medium(commuteId, "Commute card", "ACTIVE", "6000 0000 0000 0015", 1_250);
const lost = medium(lostId, "Lost card", "BLOCKED", "6000 0000 0000 0023", 300);
export const cardList: FareMedium[] = [commute, lost];

const can = (overrides: Partial<FareCardDetail["can"]> = {}): FareCardDetail["can"] => ({
  transfer: true,
  block: true,
  unblock: false,
  replace: true,
  unlink: true,
  remove: true,
  load: true,
  autoload: true,
  ...overrides,
});

export const commuteDetail: FareCardDetail = {
  ...commute,
  balance_detail: {
    general_funds: 1_250,
    commuter_benefits: 500,
    pending: 250,
    settled: 1_000,
    as_of: "2026-11-22T14:05:00.000Z",
  },
  passes: [
    {
      id: "a1000000-0000-4000-8000-000000000001",
      name: "Monthly Pass",
      status: "active",
      location: "cloud",
      device: null,
      fare_medium: { id: commuteId, nickname: "Commute card", card_number: "6000 0000 0000 0015" },
      serial_number: "SN-1001",
      purchased_at: "2026-11-01T10:00:00.000Z",
      activated_at: "2026-11-02T08:00:00.000Z",
      expires_at: "2026-12-01T23:59:59.000Z",
      usable_count: null,
      used_count: 14,
      remaining: null,
      auto_renewable: true,
      product: "p1000000-0000-4000-8000-000000000001",
    },
    {
      id: "a1000000-0000-4000-8000-000000000002",
      name: "10-Ride Pass",
      status: "available",
      location: "cloud",
      device: null,
      fare_medium: { id: commuteId, nickname: "Commute card", card_number: "6000 0000 0000 0015" },
      serial_number: "SN-1002",
      purchased_at: "2026-11-10T10:00:00.000Z",
      activated_at: null,
      expires_at: null,
      usable_count: 10,
      used_count: 3,
      remaining: 7,
      auto_renewable: false,
    },
  ],
  auto_renew: [
    {
      id: "r1000000-0000-4000-8000-000000000001",
      product: "p1000000-0000-4000-8000-000000000003",
      name: "Weekly Pass",
      price: 2_500,
      currency: "USD",
      payment_method: { id: "m1", label: "Visa •••• 4242" },
      renews_at: "2026-11-30T00:00:00.000Z",
      status: "active",
    },
  ],
  fare_caps: [
    {
      id: "c1",
      name: "Daily cap",
      period: "day",
      trips: 3,
      trips_counted: 2,
      capped: false,
      period_ends_at: "2026-11-23T05:00:00.000Z",
    },
  ],
  autoload: null,
  can: can(),
  linked_at: "2026-10-01T12:00:00.000Z",
};

export const renamedDetail: FareCardDetail = { ...commuteDetail, nickname: "Work card" };

const lostDetail: FareCardDetail = {
  ...lost,
  balance_detail: {
    general_funds: 300,
    commuter_benefits: 0,
    pending: 0,
    settled: 300,
    as_of: "2026-11-22T14:05:00.000Z",
  },
  passes: [],
  auto_renew: [],
  fare_caps: [],
  autoload: null,
  can: can({ block: false, unblock: true, remove: false, load: false, autoload: false }),
  linked_at: "2026-10-01T12:00:00.000Z",
};

const row = (index: number, overrides: Partial<ActivityRow> = {}): ActivityRow => ({
  id: `e1000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  occurred_at: `2026-11-${String(22 - index).padStart(2, "0")}T08:15:00.000Z`,
  kind: "tap",
  detail: { route: "Route 10 Crosstown" },
  amount: -275,
  balance_after: 1_250 + index * 275,
  currency: "USD",
  pending: false,
  ...overrides,
});

export const activityOne: ActivityPage = {
  activity: [
    row(1, { kind: "load", detail: { order: "TP-00001050" }, amount: 500, pending: true }),
    row(2),
    row(3, {
      kind: "tap_pass",
      detail: { route: "Route 10 Crosstown", pass: "Monthly Pass" },
      amount: null,
      balance_after: null,
    }),
  ],
  next: "cursor-2",
};

export const activityTwo: ActivityPage = {
  activity: [row(4, { kind: "linked", detail: {}, amount: null, balance_after: null })],
  next: null,
};

export const listLoad: FareCardsLoad = { cards: cardList, card: null, activity: null };
export const emptyLoad: FareCardsLoad = { cards: [], card: null, activity: null };
export const commuteLoad: FareCardsLoad = { cards: cardList, card: commuteDetail, activity: activityOne };
export const renamedLoad: FareCardsLoad = {
  cards: [{ ...commute, nickname: "Work card" }, lost],
  card: renamedDetail,
  activity: activityOne,
};
export const lostLoad: FareCardsLoad = {
  cards: cardList,
  card: lostDetail,
  activity: { activity: [], next: null },
};

export const apiError = (status: number, code: number, message: string, retryAfter: number | null = null) =>
  new ApiRequestError(status, [{ code, message }], { retryAfter });

export const networkError = apiError(0, 50301, "Network Error");
export const notFoundError = apiError(404, 40401, "Not found");
export const cardNotEmptyError = apiError(422, 42223, "The card still holds value");
export const noMatchError = apiError(422, 42214, "No match");
export const multipleMatchesError = apiError(422, 42215, "More than one match");
export const alreadyLinkedError = apiError(422, 42216, "Already linked");
export const linkBlockedError = apiError(422, 42217, "Blocked");
export const throttledError = apiError(429, 42901, "Too many attempts", 300);
export const unavailableCardError = apiError(422, 42202, "Card unavailable");
export const loadPendingError = apiError(422, 42231, "A load on this card is still being processed.");
/** The digital card a lost card's report issues (issue 35). */
export const replacementId = "f1000000-0000-4000-8000-000000000009";

export const visa: SavedPaymentMethod = {
  id: "m1000000-0000-4000-8000-000000000001",
  kind: "card",
  commuter_benefits: false,
  nickname: null,
  is_default: true,
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2030,
  billing: null,
  bank_name: null,
  account_type: null,
  holder_name: null,
  paypal_email: null,
  created_at: "2026-10-01T12:00:00.000Z",
};

export const mastercard: SavedPaymentMethod = {
  ...visa,
  id: "m1000000-0000-4000-8000-000000000002",
  is_default: false,
  brand: "mastercard",
  last4: "4444",
};
