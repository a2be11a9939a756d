/** Fare cards (spec section 3, "Fare medium"), as GET /transit/faremedia lists them. */

export const fareMediumTypes = ["VIRTUAL", "PHYSICAL", "LIMITED_USE"] as const;
export type FareMediumType = (typeof fareMediumTypes)[number];

export const fareMediumStatuses = ["ACTIVE", "BLOCKED", "INVALID", "SUSPENDED"] as const;
export type FareMediumStatus = (typeof fareMediumStatuses)[number];

/** Card types that can carry passes and stored value bought online (paper tickets cannot). */
const purchasableTypes: readonly FareMediumType[] = ["VIRTUAL", "PHYSICAL"];

export interface FareMedium {
  faremedia_id: string;
  nickname: string;
  printed_card_number: string;
  expiration_date: string;
  category: string;
  type: FareMediumType;
  status: FareMediumStatus;
  rider_type: string;
  /** Minor units; general funds and commuter benefits together. */
  stored_value: number;
  balance: { general_funds: number; commuter_benefits: number };
  blocked: boolean;
  invalid: boolean;
  suspended: boolean;
  /** Reported lost or stolen and replaced (issue 35): the card that took its value and passes. */
  replaced_by: string | null;
}

/** Spec section 5: a card bought for must not be blocked (nor unusable) and must be of a supported type. */
export function canBuyFor(card: Pick<FareMedium, "status" | "type">): boolean {
  return card.status === "ACTIVE" && purchasableTypes.includes(card.type);
}
