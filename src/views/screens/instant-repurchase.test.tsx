import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { portalConfig } from "../../../tests/support/fixtures.ts";
import { orderId, passOrder } from "../../../tests/support/orders.ts";
import { fakeApi, renderApp } from "../../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
  localStorage.setItem("auth_token", "token");
});

const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, errors: [] }), {
    headers: { "content-type": "application/json" },
  });

/** The rider's order, in a deployment whose `instantRepurchase` is `on`. */
function orderIn(on: boolean) {
  return fakeApi({
    override: ({ path }) => {
      if (path === "/portal-config") return json({ ...portalConfig, instantRepurchase: on });
      if (path === `/transit/orders/${orderId}`) return json(passOrder);
      return null;
    },
  });
}

describe("instantRepurchase (issue 47)", () => {
  for (const [route, where] of [
    [`/account/orders/1/${orderId}`, "an order of the history"],
    [`/ordersummary/${orderId}`, "the summary after checkout"],
  ] as const) {
    it(`offers "Buy again" on the passes of ${where} when on`, async () => {
      renderApp(route, orderIn(true));
      await screen.findByRole("heading", { name: `Receipt for order ${passOrder.number}` });
      expect(screen.getByRole("button", { name: "Buy again: Adult Monthly Rail Pass" })).toBeEnabled();
      // Value added to a card is not bought again.
      expect(screen.queryByRole("button", { name: /^Buy again: Stored Value/ })).toBeNull();
    });

    it(`offers nothing on ${where} when off`, async () => {
      renderApp(route, orderIn(false));
      await screen.findByRole("heading", { name: `Receipt for order ${passOrder.number}` });
      expect(screen.queryByRole("button", { name: /^Buy again/ })).toBeNull();
    });
  }
});
