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

describe("a product's card (issue 47)", () => {
  it("names a one-way ticket's origin and destination", async () => {
    const ferry = {
      ...dayPass,
      name: "Ferry one-way",
      itinerary: {
        origin: { uuid: "o", value: "HARBOR", long_name: "Harbor Terminal" },
        destination: { uuid: "d", value: "ISLAND", long_name: "Island Pier" },
      },
    };
    const api = fakeApi({
      override: ({ path, body }) => {
        if (!path.endsWith("/v3.0/product/search")) return null;
        const entities = (body as { return?: string } | null)?.return === "ENTITY";
        return json(entities ? { results: [ferry, dayPass], total: 2 } : { results: filters });
      },
    });
    renderApp("/products/rail", api);
    expect(await screen.findByTestId("itinerary")).toHaveTextContent("From Harbor Terminal to Island Pier");
    // A pass for no route names none.
    expect(screen.getAllByTestId("itinerary")).toHaveLength(1);
  });
});

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
