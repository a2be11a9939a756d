import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../tests/support/render-app.tsx";
import { App } from "./App.tsx";
import { createLiveApp } from "./live.ts";

/** Lets every settled promise's reactions and React's resulting renders run. */
async function settle() {
  for (let turn = 0; turn < 20; turn += 1) await act(async () => {});
}

const mainNavigation = () => screen.queryByRole("navigation", { name: "Main", hidden: true });

describe("the first render", () => {
  it("draws the layout once the first screen's download has settled, not with its Loading page before", async () => {
    window.history.replaceState(null, "", "/cart");
    let arrive: () => void = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const api = fakeApi();
    render(<App live={createLiveApp(window, api.fetch)} firstScreen={firstScreen} />);
    await settle();
    // Booted: the session holds its sign-in form. The screen's code is still on its way.
    expect(api.calls).toContain("POST /transit/api/get_form");
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeInTheDocument();
    expect(mainNavigation()).toBeNull();
    arrive();
    expect(await screen.findByRole("navigation", { name: "Main", hidden: true })).toBeInTheDocument();
  });

  it("draws the layout when that download failed, and without one", async () => {
    for (const firstScreen of [Promise.reject(new Error("offline")), null]) {
      window.history.replaceState(null, "", "/cart");
      const view = render(<App live={createLiveApp(window, fakeApi().fetch)} firstScreen={firstScreen} />);
      expect(await screen.findByRole("navigation", { name: "Main", hidden: true })).toBeInTheDocument();
      view.unmount();
    }
  });
});
