import { act, screen } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor } from "xstate";
import { ServiceLevelLinks } from "../../src/views/screens/ShopScreens.tsx";
import { serviceLevelsModel } from "./specs/serviceLevels.ts";
import { describeViewModel } from "./view-harness.tsx";

let location = memoryLocation({ path: "/" });
let onProductsPage = false;

describeViewModel({
  model: serviceLevelsModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    location = memoryLocation({ path: "/" });
    onProductsPage = false;
    return {
      element: (
        <Router hook={location.hook}>
          <Route path="/products">
            <ServiceLevelLinks serviceLevels={actor} current={undefined} />
          </Route>
        </Router>
      ),
      actor: () => actor,
    };
  },
  // A change of language comes from the language menu, outside these links.
  environment: [
    "serviceLevels.reload",
    "xstate.done.actor.fetchServiceLevels",
    "xstate.error.actor.fetchServiceLevels",
  ],
  gestures: {
    // Opening the products page asks for the services; after a failure, "Try again" does.
    "serviceLevels.load": async (user) => {
      const retry = screen.queryByRole("button", { name: "Try again" });
      if (retry) return user.click(retry);
      if (!onProductsPage) {
        onProductsPage = true;
        act(() => location.navigate("/products"));
      }
    },
  },
  sees: {
    idle: () => expect(screen.queryByRole("navigation")).not.toBeInTheDocument(),
    loading: () => expect(screen.getByText("Loading services…")).toBeVisible(),
    ready: (snapshot) => {
      const [bus, rail] = snapshot.context.levels;
      expect(screen.getByRole("link", { name: bus?.label })).toHaveAttribute("href", "/products/bus");
      expect(screen.getByRole("link", { name: rail?.label })).toHaveAttribute("href", "/products/rail");
    },
    refreshing: () => {
      expect(screen.getByRole("link", { name: "Bus" })).toHaveAttribute("href", "/products/bus");
      expect(screen.queryByText("Loading services…")).not.toBeInTheDocument();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("The services could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
