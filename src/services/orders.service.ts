import type { OrderDetail, OrderPage } from "../domain/checkout/order.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * The rider's orders and a guest's one order (src/domain/checkout/order.ts), under the transit service:
 * keyset pages newest first, one order's detail, and a guest's order by its emailed link (the anonymous
 * route, which needs no session). An order that is not there, not the rider's, or asked with a wrong
 * link is the same 404: the client's ApiRequestError with code 40401.
 */
export function createOrdersService(http: HttpClient, base: () => string) {
  const one = (path: string, id: string) => `${base()}${path}/${encodeURIComponent(id)}`;
  return {
    /** A page of `limit` orders after `after` (the previous page's `next`); the first page without it. */
    async page(limit: number, after: string | null): Promise<OrderPage> {
      const reply = await http.request<OrderPage>(`${base()}/orders`, {
        query: { limit, ...(after === null ? {} : { after }) },
      });
      return required(reply, "GET /orders");
    },
    async detail(id: string): Promise<OrderDetail> {
      const reply = await http.request<OrderDetail>(one("/orders", id));
      return required(reply, "GET /orders/:id");
    },
    /** A guest's order, opened with the link from the receipt email. */
    async guestDetail(id: string, link: string): Promise<OrderDetail> {
      const reply = await http.request<OrderDetail>(one("/anonymous/orders", id), { query: { link } });
      return required(reply, "GET /anonymous/orders/:id");
    },
  };
}
