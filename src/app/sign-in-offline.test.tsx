import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeApi, renderApp } from "../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

describe("a sign-in that gets no reply (issue 47)", () => {
  it("is reported as code 401, as the spec says, not as 'not connected'", async () => {
    let offline = false;
    const { user } = renderApp("/login", fakeApi({ offline: () => offline }));
    await user.type(await screen.findByLabelText("Email"), "rider@example.com");
    await user.type(screen.getByLabelText("Password"), "transit-demo-2026");
    offline = true;
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByText("You are unauthorized to perform this request. Please sign in and try again."),
    ).toBeInTheDocument();
  });
});
