import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { NetworkPopup } from "../../src/views/layout/NetworkPopup.tsx";
import { networkModel } from "./specs/network.ts";
import { describeViewModel } from "./view-harness.tsx";

const popup = () => screen.queryByRole("alertdialog", { name: "No Internet Connection" });

describeViewModel({
  model: networkModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return { element: <NetworkPopup network={actor} />, actor: () => actor };
  },
  environment: [
    "network.lost",
    "network.restored",
    "xstate.done.actor.probeConnection",
    "xstate.error.actor.probeConnection",
  ],
  gestures: {
    "network.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "network.dismiss": async (user) => user.click(screen.getByRole("button", { name: "OK" })),
  },
  sees: {
    idle: () => expect(popup()).not.toBeInTheDocument(),
    alerting: () => {
      expect(popup()).toBeInTheDocument();
      expect(
        screen.getByText(
          "You are not connected to the internet. Please connect to the internet and try again.",
        ),
      ).toBeVisible();
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    probing: () => {
      expect(popup()).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Checking…" })).toBeDisabled();
    },
  },
});
