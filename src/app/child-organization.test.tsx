import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { portalConfig } from "../../tests/support/fixtures.ts";
import { fakeApi, renderApp } from "../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

const child = "3c9d2e41-7b6a-4f58-8e1d-5a2b9c0f4d13";
const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, errors: [] }), {
    headers: { "content-type": "application/json" },
  });

/** Every request of a signed-in rider's visit, with the child organisation it named (or null). */
function visit(childUuid: string | null) {
  const named: Array<{ path: string; child: string | null }> = [];
  const api = fakeApi({
    override: ({ path, query }) => {
      named.push({ path, child: query.get("child_organization_uuid") });
      if (path === "/portal-config")
        return json({ ...portalConfig, organization: { ...portalConfig.organization, childUuid } });
      if (path === "/transit/passes") return json({ passes: [], next: null });
      if (path === "/transit/transactions") return json({ transactions: [], next: null });
      return null;
    },
  });
  localStorage.setItem("auth_token", "token");
  renderApp("/account/passhistory/1", api);
  return named;
}

describe("a deployment with a child organisation (issue 47)", () => {
  it("names it on every transit-service call, and on no other", async () => {
    const named = visit(child);
    await screen.findByRole("heading", { level: 1, name: "Pass History" });
    await waitFor(() => expect(named.map((call) => call.path)).toContain("/transit/transactions"));
    const transit = named.filter((call) => call.path.startsWith("/transit/"));
    expect(transit.map((call) => call.path)).toEqual(
      expect.arrayContaining(["/transit/passes", "/transit/transactions"]),
    );
    for (const call of transit) expect(call, call.path).toEqual({ path: call.path, child });
    for (const call of named.filter((call) => !call.path.startsWith("/transit/")))
      expect(call.child, call.path).toBeNull();
  });

  it("names none when the deployment has no child", async () => {
    const named = visit(null);
    await screen.findByRole("heading", { level: 1, name: "Pass History" });
    await waitFor(() => expect(named.map((call) => call.path)).toContain("/transit/transactions"));
    expect(named.filter((call) => call.child !== null)).toEqual([]);
  });
});
