import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise } from "xstate";
import type { Device, MovePassRequest, PassDetail } from "../../src/domain/transit/passes.ts";
import { passMoveMachine } from "../../src/machines/passMove.machine.ts";
import { PassHistoryView } from "../../src/views/passes/PassHistoryView.tsx";
import { FollowRoute } from "../../src/views/shared/KeysetPages.tsx";
import { phone } from "../support/passes.ts";
import { historyPath, routeGesture, seePager } from "./keysetHistoryView.tsx";
import { passHistoryModel } from "./specs/passHistory.ts";
import { describeViewModel } from "./view-harness.tsx";

const base = "/account/passhistory";

let location = memoryLocation({ path: "/account/passhistory/1" });
/** The detail's move machine with the rider's phone, and a move that never answers. */
const passMove = passMoveMachine.provide({
  actors: {
    loadDevices: fromPromise<Device[]>(async () => [phone]),
    movePass: fromPromise<PassDetail, { id: string; to: MovePassRequest }>(() => new Promise(() => {})),
  },
  actions: { notifyMoved: () => {} },
});

describeViewModel({
  model: passHistoryModel,
  mount(logic, { input, clock, inspect }) {
    location = memoryLocation({ path: historyPath(base, input ?? { page: 1, id: null }) });
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <Router hook={location.hook}>
          <Route path="/account/passhistory/:page/:id?">
            <FollowRoute history={actor} />
            <PassHistoryView history={actor} passMove={passMove} />
          </Route>
        </Router>
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.loadPage",
    "xstate.error.actor.loadPage",
    "xstate.done.actor.loadDetail",
    "xstate.error.actor.loadDetail",
    // A move of the detail's pass machine (walked in its own view test) reports the pass it answered.
    "detail.changed",
  ],
  gestures: {
    "route.changed": routeGesture(base, (path) => location.navigate(path)),
    "history.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loadingPage: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your passes…"),
    listing: (snapshot) => {
      const { items: passes, page } = snapshot.context;
      expect(screen.getByRole("heading", { name: `Your passes, page ${page}` })).toBeVisible();
      const rows = within(screen.getByRole("table", { name: `Your passes, page ${page}` }))
        .getAllByRole("row")
        .slice(1);
      expect(rows).toHaveLength(passes.length);
      passes.forEach((pass, index) => {
        const row = within(rows[index] as HTMLElement);
        expect(row.getByRole("link", { name: pass.name })).toHaveAttribute(
          "href",
          `/account/passhistory/${page}/${pass.id}`,
        );
        const cells = row.getAllByRole("cell").map((cell) => cell.textContent);
        expect(cells[0]).toBe(pass.status === "active" ? "Active" : "Available");
        expect(cells[1]).toBe(pass.location === "cloud" ? "Cloud" : `On ${pass.device?.nickname}`);
        expect(cells[2]).toBe(pass.remaining === null ? "Unlimited" : String(pass.remaining));
        expect(cells[3]).toBe(String(pass.used_count));
      });
      seePager("Pass history pages", base, snapshot);
    },
    empty: () => {
      expect(screen.getByText("You have no passes yet.")).toBeVisible();
      expect(screen.queryByRole("table")).toBeNull();
    },
    loadingDetail: () => expect(screen.getByRole("status")).toHaveTextContent("Loading the pass…"),
    detail: (snapshot) => {
      const pass = snapshot.context.detail;
      const detail = within(screen.getByTestId("pass-detail"));
      expect(detail.getByRole("heading", { name: pass?.name })).toBeVisible();
      expect(detail.getByTestId("pass-location")).toHaveTextContent(
        pass?.location === "cloud" ? "Cloud" : `On ${pass?.device?.nickname}`,
      );
      expect(screen.getByRole("heading", { name: "Move this pass" })).toBeVisible();
      expect(screen.getByRole("link", { name: "Back to pass history" })).toHaveAttribute(
        "href",
        `/account/passhistory/${snapshot.context.page}`,
      );
    },
    notFound: (snapshot) => {
      if (snapshot.context.id === null) {
        expect(screen.getByRole("heading", { name: "Page not found" })).toBeVisible();
      } else {
        expect(screen.getByRole("heading", { name: "Pass not found" })).toBeVisible();
        expect(screen.getByRole("status")).toHaveTextContent("Pass details not found.");
      }
      expect(screen.getByRole("link", { name: "Back to pass history" })).toBeVisible();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your passes could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
