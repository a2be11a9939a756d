import { describe, expect, it } from "vitest";
import { guard, isTaskLink, rememberedFrom, routeAt, routes, screenIds } from "./routes.ts";

describe("route table", () => {
  it("maps every route of the spec to a screen", () => {
    expect(routes.map((route) => route.path)).toContain("/products/:serviceType?/:passType?");
    expect(new Set(routes.map((route) => route.screen))).toEqual(new Set(screenIds));
  });

  it("finds the route the layout's switch draws for a path, parameters and all", () => {
    const screenAt = (path: string) => routeAt(path)?.screen ?? null;
    expect(screenAt("/login")).toBe("login");
    expect(screenAt("/")).toBe("landing");
    expect(screenAt("/products")).toBe("products");
    expect(screenAt("/products/bus/monthly")).toBe("products");
    expect(screenAt("/reset")).toBe("reset");
    expect(screenAt("/reset/abc")).toBe("reset");
    expect(screenAt("/account/orders/2/9f1c")).toBe("orders");
    expect(screenAt("/account/orders")).toBeNull();
    expect(screenAt("/faremedia/42")).toBe("fareMedia");
    expect(screenAt("/redirect/s/t/a%40b.c/Ana/Rider")).toBe("appleRedirect");
    expect(screenAt("/nowhere")).toBeNull();
    expect(screenAt("/login/extra")).toBeNull();
    expect(screenAt("/%00")).toBeNull();
    // Every route's own pattern, with its parameters filled in, leads back to it.
    for (const route of routes) {
      const path = route.path.replace(/\/:[a-zA-Z]+\??/g, "/x");
      expect(routeAt(path)).toBe(route);
    }
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
