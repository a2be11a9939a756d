import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor } from "xstate";
import { TripHistoryView } from "../../src/views/fare-cards/TripHistoryView.tsx";
import { FollowRoute } from "../../src/views/shared/KeysetPages.tsx";
import { money } from "../support/receipt.ts";
import { tripCardId } from "../support/trips.ts";
import { historyPath, routeGesture, seePager } from "./keysetHistoryView.tsx";
import { tripHistoryModel } from "./specs/tripHistory.ts";
import { describeViewModel } from "./view-harness.tsx";

const base = `/faremedia/${tripCardId}/trips`;
let location = memoryLocation({ path: `${base}/1` });

/** A tap's time on New York's wall clock, as the demo deployment writes dates in English. */
const newYork = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
};

describeViewModel({
  model: tripHistoryModel,
  mount(logic, { input, clock, inspect }) {
    location = memoryLocation({ path: historyPath(base, input ?? { page: 1, id: null }) });
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <Router hook={location.hook}>
          <Route path="/faremedia/:cardId/trips/:page/:id?">
            <FollowRoute history={actor} />
            <TripHistoryView history={actor} cardId={tripCardId} money={money} />
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
  ],
  gestures: {
    "route.changed": routeGesture(base, (path) => location.navigate(path)),
    "history.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loadingPage: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your trips…"),
    listing: (snapshot) => {
      const { items: trips, page } = snapshot.context;
      expect(screen.getByRole("heading", { name: `Trips, page ${page}` })).toBeVisible();
      expect(screen.getByText(/Times are the agency's local time \(Eastern Time\)/)).toBeVisible();
      const rows = within(screen.getByRole("table", { name: `Trips, page ${page}` }))
        .getAllByRole("row")
        .slice(1);
      expect(rows).toHaveLength(trips.length);
      trips.forEach((trip, index) => {
        const row = within(rows[index] as HTMLElement);
        expect(row.getByRole("link", { name: newYork(trip.tapped_at) })).toHaveAttribute(
          "href",
          `${base}/${page}/${trip.id}`,
        );
        expect(row.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
          `${trip.route.code} ${trip.route.name}`,
          trip.stop ?? "Not recorded",
          trip.paid_by === "pass"
            ? `Pass: ${trip.pass?.name}`
            : trip.paid_by === "cap"
              ? `Free, fare cap reached (${trip.cap?.name})`
              : "Stored value",
          money(trip.charged),
        ]);
      });
      seePager("Trip history pages", base, snapshot);
      expect(screen.getByRole("link", { name: "Back to the card" })).toHaveAttribute(
        "href",
        `/faremedia/${tripCardId}`,
      );
    },
    empty: () => {
      expect(screen.getByText("This card has no trips yet. Each tap at a reader shows here.")).toBeVisible();
      expect(screen.getByRole("link", { name: "Back to the card" })).toBeVisible();
      expect(screen.queryByRole("table")).toBeNull();
    },
    loadingDetail: () => expect(screen.getByRole("status")).toHaveTextContent("Loading the trip…"),
    detail: (snapshot) => {
      const trip = snapshot.context.detail;
      if (!trip) throw new Error("no trip in detail");
      const facts = within(screen.getByTestId("trip-detail"));
      expect(
        facts.getByRole("heading", { name: `Trip on ${trip.route.code} ${trip.route.name}` }),
      ).toBeVisible();
      expect(facts.getByText(`${newYork(trip.tapped_at)} (Eastern Time)`)).toBeVisible();
      expect(facts.getByText(`${trip.route.code} ${trip.route.name} (Bus)`)).toBeVisible();
      expect(facts.getByText(trip.stop ?? "Not recorded")).toBeVisible();
      if (trip.balance_after !== null) expect(facts.getByText(money(trip.balance_after))).toBeVisible();
      expect(screen.getByRole("link", { name: "Back to trip history" })).toHaveAttribute(
        "href",
        `${base}/${snapshot.context.page}`,
      );
    },
    notFound: (snapshot) => {
      const { id: tripId } = snapshot.context;
      if (tripId === null) {
        expect(screen.getByRole("heading", { name: "Page not found" })).toBeVisible();
        expect(screen.getByRole("status")).toHaveTextContent("This page of the card's trips does not exist.");
      } else {
        expect(screen.getByRole("heading", { name: "Trip not found" })).toBeVisible();
        expect(screen.getByRole("status")).toHaveTextContent("Trip details not found.");
        expect(document.body).not.toHaveTextContent(tripId);
      }
      expect(screen.getByRole("link", { name: "Back to trip history" })).toBeVisible();
      expect(screen.getByRole("link", { name: "Back to the card" })).toBeVisible();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your trips could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
