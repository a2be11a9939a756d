import type { PlacedOrder } from "../domain/checkout/order.ts";
import type { TransferReply, TransferRequest } from "../domain/transit/cards.ts";
import type {
  Autoload,
  AutoloadRequest,
  LoadReply,
  LoadRequest,
  LoadTarget,
  Wallet,
} from "../domain/transit/wallet.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * Moving money onto fare cards and the wallet (src/domain/transit/wallet.ts and cards.ts), under the
 * transit service: a transfer between two of the rider's cards, a load onto one of them, the wallet
 * and its loads, and a card's autoload (a guest's load is the guest card service's). Transfers and
 * loads carry the caller's Idempotency-Key: the same key again answers the first reply. Failures are
 * the client's ApiRequestError (its errors keep `field`, `payments/1` for a declined leg).
 */
export function createWalletService(http: HttpClient, base: () => string) {
  const card = (id: string, rest: string) => `${base()}/faremedia/${encodeURIComponent(id)}${rest}`;
  const autoloadPath = (target: LoadTarget) =>
    target.kind === "wallet" ? `${base()}/wallet/autoload` : card(target.id, "/autoload");
  const keyed = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });
  return {
    async transfer(body: TransferRequest, idempotencyKey: string): Promise<TransferReply> {
      const reply = await http.request<TransferReply>(`${base()}/faremedia/transfers`, {
        method: "POST",
        body: { ...body },
        headers: keyed(idempotencyKey),
      });
      return required(reply, "POST /faremedia/transfers");
    },
    async loadCard(id: string, body: LoadRequest, idempotencyKey: string): Promise<LoadReply> {
      const reply = await http.request<LoadReply>(card(id, "/loads"), {
        method: "POST",
        body: { ...body },
        headers: keyed(idempotencyKey),
      });
      return required(reply, "POST /faremedia/:id/loads");
    },
    async wallet(): Promise<Wallet> {
      const reply = await http.request<{ wallet: Wallet }>(`${base()}/wallet`);
      return required(reply, "GET /wallet").wallet;
    },
    async loadWallet(
      body: LoadRequest,
      idempotencyKey: string,
    ): Promise<{ order: PlacedOrder; wallet: Wallet }> {
      const reply = await http.request<{ order: PlacedOrder; wallet: Wallet }>(`${base()}/wallet/loads`, {
        method: "POST",
        body: { ...body },
        headers: keyed(idempotencyKey),
      });
      return required(reply, "POST /wallet/loads");
    },
    /** Creates the card's or the wallet's autoload, or replaces it (a paused one saved again is active again). */
    async saveAutoload(target: LoadTarget, body: AutoloadRequest): Promise<Autoload> {
      const reply = await http.request<{ autoload: Autoload }>(autoloadPath(target), {
        method: "PUT",
        body: { ...body },
      });
      return required(reply, "PUT autoload").autoload;
    },
    async removeAutoload(target: LoadTarget): Promise<void> {
      await http.request<undefined>(autoloadPath(target), { method: "DELETE" });
    },
  };
}
