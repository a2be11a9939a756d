import { describe, expect, it } from "vitest";
import { guard, isTaskLink, rememberedFrom, routes, screenIds } from "./routes.ts";

describe("route table", () => {
  it("maps every route of the spec to a screen", () => {
    expect(routes.map((route) => route.path)).toContain("/products/:serviceType?/:passType?");
    expect(new Set(routes.map((route) => route.screen))).toEqual(new Set(screenIds));
  });

  it("sends guests on login-required routes to /login, remembering where they came from", () => {
    expect(guard("login", false, "/checkout", "/account/profile")).toEqual({
      redirectTo: "/login",
      from: "/checkout",
    });
    expect(guard("login", true, "/checkout", "/account/profile")).toBeNull();
  });

  it("sends signed-in riders away from sign-in screens to the logged-in default route", () => {
    expect(guard("guestOnly", true, "/login", "/account/profile")).toEqual({
      redirectTo: "/account/profile",
    });
    expect(guard("guestOnly", false, "/login", "/account/profile")).toBeNull();
  });

  it("lets everyone through open and inline-login routes", () => {
    expect(guard("open", false, "/cart", "/account/profile")).toBeNull();
    expect(guard("inlineLogin", false, "/digital", "/account/profile")).toBeNull();
  });

  it("only trusts a same-site path as the remembered origin", () => {
    expect(rememberedFrom({ from: "/checkout" })).toBe("/checkout");
    expect(rememberedFrom({ from: "//evil.example" })).toBeNull();
    expect(rememberedFrom({ from: "https://evil.example" })).toBeNull();
    expect(rememberedFrom(null)).toBeNull();
  });

  it("tells the links a rider follows to finish one task from the pages they browse", () => {
    for (const path of [
      "/invite/abc",
      "/invite",
      "/reset/tok",
      "/confirm/tok",
      "/redirect/s/t/e/f/l",
      "/oauth/google/return",
      "/oauth/facebook/return",
    ]) {
      expect(isTaskLink(path)).toBe(true);
    }
    for (const path of ["/", "/login", "/products", "/inviteX", "/account/profile", "/reset-help"]) {
      expect(isTaskLink(path)).toBe(false);
    }
  });
});
