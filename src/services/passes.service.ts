import type {
  MovePassRequest,
  PassDetail,
  PassPage,
  PassSummary,
  TransactionPage,
} from "../domain/transit/passes.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * The rider's passes (src/domain/transit/passes.ts) under the transit service: pass history by keyset
 * pages, the unattached ones, one pass's detail, attaching one to a fare card, moving one between the
 * cloud and a device, and the purchase history of bank-card taps. A pass that is not the rider's is
 * the same 404 as an unknown one (40401).
 */
export function createPassesService(http: HttpClient, base: () => string) {
  const one = (id: string) => `${base()}/passes/${encodeURIComponent(id)}`;
  const keyset = (limit: number, after: string | null) => ({ limit, ...(after === null ? {} : { after }) });
  return {
    async page(limit: number, after: string | null): Promise<PassPage> {
      const reply = await http.request<PassPage>(`${base()}/passes`, { query: keyset(limit, after) });
      return required(reply, "GET /passes");
    },
    async unattached(): Promise<PassSummary[]> {
      const reply = await http.request<{ passes: PassSummary[] }>(`${base()}/passes/unattached`);
      return required(reply, "GET /passes/unattached").passes;
    },
    async detail(id: string): Promise<PassDetail> {
      const reply = await http.request<{ pass: PassDetail }>(one(id));
      return required(reply, "GET /passes/:id").pass;
    },
    async attach(id: string, fareMedium: string): Promise<PassDetail> {
      const reply = await http.request<{ pass: PassDetail }>(`${one(id)}/attach`, {
        method: "POST",
        body: { fare_medium: fareMedium },
      });
      return required(reply, "POST /passes/:id/attach").pass;
    },
    async move(id: string, to: MovePassRequest): Promise<PassDetail> {
      const reply = await http.request<{ pass: PassDetail }>(`${one(id)}/move`, { method: "POST", body: to });
      return required(reply, "POST /passes/:id/move").pass;
    },
    /** Purchase history: the fares charged to saved bank cards tapped at readers, newest first. */
    async transactions(limit: number, after: string | null): Promise<TransactionPage> {
      const reply = await http.request<TransactionPage>(`${base()}/transactions`, {
        query: keyset(limit, after),
      });
      return required(reply, "GET /transactions");
    },
  };
}
