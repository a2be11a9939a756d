import { ofetch } from "ofetch";
import { type ApiError, ErrorCode } from "../domain/envelope.ts";
import type { AccountType, BankSubmission } from "../domain/payments/bank.ts";
import type { CardSubmission } from "../domain/payments/card.ts";
import type { NewPaymentMethod, SavedPaymentMethod } from "../domain/payments/saved.ts";
import type { PaymentGatewayConfig } from "../domain/portal-config.ts";
import { ApiRequestError, type HttpClient, required } from "./http.ts";
import { createReturnState } from "./return-state.ts";

interface CardToken {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

interface BankToken {
  token: string;
  bank_name: string;
  last4: string;
  account_type: AccountType;
}

/** The name on the card as the gateway is given it: "Gia Lima". */
export function cardholderName(card: Pick<CardSubmission, "firstName" | "lastName">): string {
  return `${card.firstName} ${card.lastName}`.trim();
}

function isEnvelopeErrors(value: unknown): value is { errors: ApiError[] } {
  return typeof value === "object" && value !== null && "errors" in value && Array.isArray(value.errors);
}

/**
 * The payment gateway's tokenization endpoints, as a browser reaches a processor on its own host: a
 * plain JSON POST without the portal's session (the processor is not ours to hand a bearer token to).
 * A refusal keeps the gateway's errors (`field` names the card or account field at fault); no reply is
 * 50301, like the portal's own client.
 */
export function createGatewayClient(fetch?: typeof globalThis.fetch) {
  const $fetch = ofetch.create({ retry: 0 }, fetch ? { fetch } : {});
  return async function tokenize<Data>(url: string, body: Record<string, unknown>): Promise<Data> {
    let response: Awaited<ReturnType<typeof $fetch.raw<{ data?: Data | null; errors?: ApiError[] }>>>;
    try {
      response = await $fetch.raw(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body,
        ignoreResponseError: true,
      });
    } catch (cause) {
      throw new ApiRequestError(0, [{ code: ErrorCode.unavailable, message: "Network Error" }], { cause });
    }
    const reply: unknown = response._data;
    if (!response.ok) {
      const errors = isEnvelopeErrors(reply) ? reply.errors : [];
      const fallback = response.status === 503 ? ErrorCode.unavailable : ErrorCode.internal;
      throw new ApiRequestError(
        response.status,
        errors.length > 0 ? errors : [{ code: fallback, message: response.statusText }],
      );
    }
    const data = typeof reply === "object" && reply !== null && "data" in reply ? reply.data : undefined;
    return required((data ?? undefined) as Data | undefined, `POST ${url}`);
  };
}

/**
 * The rider's saved payment methods (src/domain/payments/saved.ts). Every change answers the list as it
 * is afterwards, so the screen shows what the server keeps. A card or bank account is tokenized by the
 * gateway first and only its token reaches our API; "make default" is a second call once saved.
 */
export function createPaymentMethodsService(
  http: HttpClient,
  transitBase: () => string,
  gateway: { config: () => PaymentGatewayConfig; tokenize: ReturnType<typeof createGatewayClient> },
) {
  const url = (path = "") => `${transitBase()}/payment_methods${path}`;

  async function list(): Promise<SavedPaymentMethod[]> {
    const reply = await http.request<{ payment_methods: SavedPaymentMethod[] }>(url());
    return required(reply, "GET /payment_methods").payment_methods;
  }

  async function setDefault(id: string): Promise<SavedPaymentMethod[]> {
    const reply = await http.request<{ payment_methods: SavedPaymentMethod[] }>(
      url(`/${encodeURIComponent(id)}/default`),
      { method: "POST" },
    );
    return required(reply, "POST /payment_methods/:id/default").payment_methods;
  }

  async function save(body: NewPaymentMethod, makeDefault: boolean): Promise<SavedPaymentMethod[]> {
    const reply = await http.request<{ payment_method: SavedPaymentMethod }>(url(), {
      method: "POST",
      body: { ...body },
    });
    const saved = required(reply, "POST /payment_methods").payment_method;
    return makeDefault && !saved.is_default ? setDefault(saved.id) : list();
  }

  return {
    list,
    setDefault,
    async addCard(card: CardSubmission): Promise<SavedPaymentMethod[]> {
      const { token } = await gateway.tokenize<CardToken>(gateway.config().tokens_url, {
        number: card.number,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        cvc: card.cvc,
        postal_code: card.postalCode,
        name: cardholderName(card),
      });
      return save(
        {
          token,
          nickname: card.nickname,
          commuter_benefits: card.commuterBenefits,
          billing: { last_name: card.lastName, address_1: card.address, zip_code: card.postalCode },
        },
        card.makeDefault,
      );
    },
    async addBank(bank: BankSubmission): Promise<SavedPaymentMethod[]> {
      const { token } = await gateway.tokenize<BankToken>(gateway.config().bank_tokens_url, {
        routing_number: bank.routingNumber,
        account_number: bank.accountNumber,
        account_type: bank.accountType,
        account_holder_name: bank.holderName,
      });
      return save({ token, holder_name: bank.holderName, nickname: bank.nickname }, bank.makeDefault);
    },
    async addPayPal(token: string): Promise<SavedPaymentMethod[]> {
      return save({ token }, false);
    },
    async remove(id: string): Promise<SavedPaymentMethod[]> {
      await http.request(url(`/${encodeURIComponent(id)}`), { method: "DELETE" });
      return list();
    },
  };
}

/** sessionStorage key of the PayPal state digest, for the tab that left for PayPal and comes back. */
export const payPalStateKey = "payPalApprovalState";

export interface PayPalEnvironment {
  crypto: Crypto;
  storage: Storage;
  /** The portal's origin, where PayPal sends the rider back. */
  origin: string;
  go: (url: string) => void;
}

/**
 * The PayPal approval round trip: leaving goes to the gateway's approval page with the portal's return
 * and cancel addresses and a state kept as in ./return-state.ts; the return checks it once.
 */
export function createPayPalApproval(
  approveUrl: () => string,
  returnPath: string,
  { crypto, storage, origin, go }: PayPalEnvironment,
) {
  const returnState = createReturnState(payPalStateKey, { crypto, storage }, { repeatWithinLoad: true });
  return {
    async begin(): Promise<void> {
      const state = await returnState.issue();
      const back = (outcome: string) => `${origin}${returnPath}?paypal=${outcome}`;
      const query = new URLSearchParams({
        return_url: back("approved"),
        cancel_url: back("cancelled"),
        state,
      });
      go(`${approveUrl()}?${query.toString()}`);
    },
    matches: returnState.matches,
  };
}
