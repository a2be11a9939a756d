import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { portalConfig, storedUser } from "../../tests/support/fixtures.ts";
import { fakeApi, renderApp } from "../../tests/support/render-app.tsx";
import type { PortalConfig } from "../domain/portal-config.ts";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, errors: [] }), {
    headers: { "content-type": "application/json" },
  });

/** The portal on a deployment changed by `changes`; every sign-in is accepted and every profile saved. */
function portal(changes: Partial<PortalConfig>) {
  const api = fakeApi({
    override: ({ path, method }) => {
      if (path === "/portal-config") return json({ ...portalConfig, ...changes });
      if (path.endsWith("/users/login") && method === "POST")
        return json({ access_token: "token", mfa_enrollment_status: 0 });
      if (path.endsWith("/users") && method === "PUT") return json(storedUser);
      return null;
    },
  });
  return api;
}

async function signIn(changes: Partial<PortalConfig>) {
  const api = portal(changes);
  const { user } = renderApp("/login", api);
  await user.type(await screen.findByLabelText("Email"), "rider@example.com");
  await user.type(screen.getByLabelText("Password"), "transit-demo-2026");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  await screen.findByRole("heading", { level: 1, name: "My Profile" });
  return api.calls;
}

describe("where the portal signs in (loginService, issue 47)", () => {
  it("signs in on the transit service when the deployment names it", async () => {
    const calls = await signIn({ loginService: "transit" });
    expect(calls).toContain("POST /transit/users/login");
    expect(calls).not.toContain("POST /accounts/users/login");
  });

  it("signs in on the accounts service when the deployment names that", async () => {
    const calls = await signIn({ loginService: "accounts" });
    expect(calls).toContain("POST /accounts/users/login");
    expect(calls).not.toContain("POST /transit/users/login");
  });
});

describe("where the profile is saved (PUT /users, issue 47)", () => {
  it("goes to the transit service when a child organisation is configured, else to the accounts service", async () => {
    for (const [childUuid, expected] of [
      ["3c9d2e41-7b6a-4f58-8e1d-5a2b9c0f4d13", "PUT /transit/users"],
      [null, "PUT /accounts/users"],
    ] as const) {
      localStorage.clear();
      localStorage.setItem("tourDone", "true");
      localStorage.setItem("auth_token", "token");
      const api = portal({ organization: { ...portalConfig.organization, childUuid } });
      const view = renderApp("/account/profile", api);
      await screen.findByRole("heading", { level: 1, name: "My Profile" });
      // A language switch saves it in the rider's profile (spec section 4).
      await view.user.click(screen.getByRole("combobox", { name: "Language" }));
      await view.user.click(await screen.findByRole("option", { name: "Español" }));
      await waitFor(() => expect(api.calls).toContain(expected));
      view.unmount();
    }
  });
});
