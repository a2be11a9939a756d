import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { dayPass, filters } from "../../../tests/model/specs/products.ts";
import { portalConfig } from "../../../tests/support/fixtures.ts";
import { fakeApi, renderApp } from "../../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, errors: [] }), {
    headers: { "content-type": "application/json" },
  });

/** The shell on /products/rail with one product, on the demo deployment changed by `changes`. */
function productsPage(changes: Partial<typeof portalConfig>) {
  const api = fakeApi({
    override: ({ path, body }) => {
      if (path === "/portal-config") return json({ ...portalConfig, ...changes });
      if (path.endsWith("/v3.0/product/search")) {
        const entities = (body as { return?: string } | null)?.return === "ENTITY";
        return json(entities ? { results: [dayPass], total: 1 } : { results: filters });
      }
      return null;
    },
  });
  return renderApp("/products/rail", api);
}

describe("allowInstantBuy (issue 47)", () => {
  it("offers Buy now beside Add to cart when the deployment allows it", async () => {
    productsPage({ allowInstantBuy: true });
    expect(await screen.findByRole("button", { name: /^Add to cart/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Buy now/ })).toBeInTheDocument();
  });

  it("offers only Add to cart when it does not", async () => {
    productsPage({ allowInstantBuy: false });
    expect(await screen.findByRole("button", { name: /^Add to cart/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Buy now/ })).not.toBeInTheDocument();
  });
});
