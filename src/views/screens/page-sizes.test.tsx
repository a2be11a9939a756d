import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { activityOne, cardList, commuteDetail, commuteId } from "../../../tests/support/fare-cards.ts";
import { portalConfig } from "../../../tests/support/fixtures.ts";
import { fakeApi, renderApp } from "../../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, errors: [] }), {
    headers: { "content-type": "application/json" },
  });

/** The fake API with a deployment of 5-row pages; the `limit` each history request asked for, by path. */
function fivePerPage(answers: Record<string, unknown>) {
  const limits = new Map<string, string | null>();
  const api = fakeApi({
    override: ({ path, query }) => {
      if (path === "/portal-config") return json({ ...portalConfig, ideal_row_count: 5 });
      if (path in answers) {
        limits.set(path, query.get("limit"));
        return json(answers[path]);
      }
      return null;
    },
  });
  return { api, limits };
}

describe("ideal_row_count (issue 47)", () => {
  it("is the page size of pass history and purchase history", async () => {
    localStorage.setItem("auth_token", "token");
    const { api, limits } = fivePerPage({
      "/transit/passes": { passes: [], next: null },
      "/transit/transactions": { transactions: [], next: null },
    });
    renderApp("/account/passhistory/1", api);
    await screen.findByRole("heading", { level: 1, name: "Pass History" });
    await waitFor(() =>
      expect(Object.fromEntries(limits)).toEqual({ "/transit/passes": "5", "/transit/transactions": "5" }),
    );
  });

  it("is the page size of a fare card's activity, the rider's and a guest's", async () => {
    localStorage.setItem("auth_token", "token");
    const rider = fivePerPage({
      "/transit/faremedia": { fare_mediums: cardList },
      [`/transit/faremedia/${commuteId}`]: { fare_medium: commuteDetail },
      [`/transit/faremedia/${commuteId}/activity`]: activityOne,
    });
    const first = renderApp(`/faremedia/${commuteId}`, rider.api);
    await waitFor(() => expect(rider.limits.get(`/transit/faremedia/${commuteId}/activity`)).toBe("5"));
    first.unmount();
    localStorage.clear();
    localStorage.setItem("tourDone", "true");
    localStorage.setItem("card_token", "guest-token");
    localStorage.setItem("isGuestUser", "true");
    const guest = fivePerPage({
      "/transit/anonymous/card": { fare_medium: commuteDetail },
      "/transit/anonymous/card/activity": activityOne,
    });
    renderApp("/manage-card", guest.api);
    await waitFor(() => expect(guest.limits.get("/transit/anonymous/card/activity")).toBe("5"));
  });
});
