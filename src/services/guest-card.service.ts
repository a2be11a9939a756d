import type { PlacedOrder } from "../domain/checkout/order.ts";
import type { FareMedium } from "../domain/fare-media.ts";
import type { ActivityPage } from "../domain/transit/cards.ts";
import type { CardTokenReply, GuestCard, GuestLoadRequest } from "../domain/transit/guest-card.ts";
import { ApiRequestError, type HttpClient, required } from "./http.ts";
import type { PortalStorage } from "./storage.ts";

/**
 * A guest manages one card by its number and security code (spec section 6): the card token the server
 * gives is kept under the portal storage's `cardToken` with `isGuestUser` set, which is what makes
 * src/services/http.ts send `Authorization: Card <token>` on the calls after it. The token is
 * forgotten when the guest is done, and when the server no longer knows it (401).
 */
export function createGuestCardService(http: HttpClient, base: () => string, storage: PortalStorage) {
  const anonymous = (path: string) => `${base()}/anonymous${path}`;
  /** A signed-in rider's token lives in memory only: their own session keeps the Bearer header. */
  let held: string | null = null;
  const stored = () => (storage.get("isGuestUser") === true ? storage.get("cardToken") : null);
  const token = () => held ?? (storage.isSignedIn() ? null : stored());
  /** Every call names the card token itself, so it goes even beside a rider's own session. */
  const auth = (): Record<string, string> => {
    const current = token();
    return current === null ? {} : { Authorization: `Card ${current}` };
  };
  const forget = () => {
    held = null;
    storage.remove("cardToken");
    storage.remove("isGuestUser");
  };
  /** A 401 means the token expired or is unknown: it is of no use any more. */
  async function holding<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) forget();
      throw error;
    }
  }
  return {
    /**
     * Whether a card token is kept from an earlier visit. A rider who just signed in to add the card
     * they opened as a guest takes its token over (for this page view only): the guest's keys go.
     */
    holdsToken(): boolean {
      const guestToken = stored();
      if (held === null && storage.isSignedIn() && guestToken !== null) {
        forget();
        held = guestToken;
      }
      return token() !== null;
    },
    /** Adds the opened card to the signed-in rider's account (issue 35); its id. The token dies with it. */
    async claim(): Promise<string> {
      const current = token();
      if (current === null) throw new Error("no card is open to add");
      const reply = await http.request<{ fare_medium: FareMedium }>(`${base()}/faremedia/claim`, {
        method: "POST",
        body: { card_token: current },
      });
      const { fare_medium } = required(reply, "POST /faremedia/claim");
      forget();
      return fare_medium.faremedia_id;
    },
    async open(cardNumber: string, securityCode: string): Promise<GuestCard> {
      const reply = await http.request<CardTokenReply>(anonymous("/card_tokens"), {
        method: "POST",
        body: { card_number: cardNumber, security_code: securityCode },
      });
      const { card_token, fare_medium } = required(reply, "POST /anonymous/card_tokens");
      held = card_token;
      if (!storage.isSignedIn()) {
        storage.set("cardToken", card_token);
        storage.set("isGuestUser", true);
      }
      return fare_medium;
    },
    card: (): Promise<GuestCard> =>
      holding(async () => {
        const reply = await http.request<{ fare_medium: GuestCard }>(anonymous("/card"), {
          headers: auth(),
          ownCredentials: true,
        });
        return required(reply, "GET /anonymous/card").fare_medium;
      }),
    activity: (limit: number, after: string | null): Promise<ActivityPage> =>
      holding(async () => {
        const reply = await http.request<ActivityPage>(anonymous("/card/activity"), {
          query: { limit, ...(after === null ? {} : { after }) },
          headers: auth(),
          ownCredentials: true,
        });
        return required(reply, "GET /anonymous/card/activity");
      }),
    /**
     * Adds value to the card the token opens (a one-time card; the receipt goes to `body.email`),
     * with the token named even beside a signed-in rider's own session.
     */
    load: (
      body: GuestLoadRequest,
      idempotencyKey: string,
    ): Promise<{ order: PlacedOrder; fare_medium: FareMedium }> =>
      holding(async () => {
        const reply = await http.request<{ order: PlacedOrder; fare_medium: FareMedium }>(
          anonymous("/card/loads"),
          {
            method: "POST",
            body: { ...body },
            headers: { ...auth(), "Idempotency-Key": idempotencyKey },
            ownCredentials: true,
          },
        );
        return required(reply, "POST /anonymous/card/loads");
      }),
    /** Blocks the card the token opens, lost or stolen (issue 35). */
    block: (): Promise<void> =>
      holding(async () => {
        await http.request<{ fare_medium: GuestCard }>(anonymous("/card/block"), {
          method: "POST",
          headers: auth(),
          ownCredentials: true,
        });
      }),
    /** The guest is done: the token dies on the server (best effort) and here (always). */
    async done(): Promise<void> {
      try {
        await http.request<undefined>(anonymous("/card_tokens/current"), {
          method: "DELETE",
          headers: auth(),
          ownCredentials: true,
        });
      } finally {
        forget();
      }
    },
    forget,
  };
}

export type GuestCardService = ReturnType<typeof createGuestCardService>;
