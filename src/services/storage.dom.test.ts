import { beforeEach, describe, expect, it } from "vitest";
import { cartItem } from "../../tests/support/fixtures.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
});

describe("portal storage", () => {
  it("keeps each value under the spec's key name", () => {
    storage.set("authToken", "token-1");
    storage.set("cart", [cartItem()]);
    storage.set("isGuestUser", true);
    storage.set("purchaseFlowType", "digital");
    expect(localStorage.getItem("auth_token")).toBe("token-1");
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);
    expect(localStorage.getItem("isGuestUser")).toBe("true");
    expect(storage.get("purchaseFlowType")).toBe("digital");
  });

  it("stores the language under the deployment's key once it is known", () => {
    storage.useLanguageKey("Bytemark-CW-lang");
    storage.set("language", "vi");
    expect(localStorage.getItem("Bytemark-CW-lang")).toBe("vi");
    expect(storage.keyName("language")).toBe("Bytemark-CW-lang");
  });

  it("treats unreadable values as absent", () => {
    localStorage.setItem("cart", "{not json");
    localStorage.setItem("cwp_user", JSON.stringify({ nope: true }));
    localStorage.setItem("purchaseFlowType", "teleport");
    localStorage.setItem("cart", JSON.stringify([{ uuid: "x", name: "n", list_price: 1.5, quantity: 1 }]));
    expect(storage.get("cart")).toBeNull();
    expect(storage.get("user")).toBeNull();
    expect(storage.get("purchaseFlowType")).toBeNull();
  });

  it("signed in means an auth token is stored", () => {
    expect(storage.isSignedIn()).toBe(false);
    storage.set("authToken", "t");
    expect(storage.isSignedIn()).toBe(true);
  });

  it("sign-out clears the session keys and keeps the cart unless asked", () => {
    storage.set("authToken", "t");
    storage.set("user", {
      id: "u",
      email: "e@x.org",
      first_name: "A",
      last_name: "B",
      email_confirmed: true,
    });
    storage.set("faremediaId", "f");
    storage.set("tempAuthToken", "tmp");
    storage.set("parentOrgId", "org");
    storage.set("cart", [cartItem()]);
    storage.set("purchaseFlowType", "physical");
    storage.set("tourDone", true);
    storage.clearSession({ clearCart: false });
    for (const key of ["authToken", "user", "faremediaId", "tempAuthToken", "parentOrgId"] as const) {
      expect(storage.get(key), key).toBeNull();
    }
    expect(storage.get("cart")).toHaveLength(1);
    // The product mode is the kept cart's (spec section 4 sets it from the cart).
    expect(storage.get("purchaseFlowType")).toBe("physical");
    expect(storage.get("tourDone")).toBe(true);
  });

  it("sign-out leaves no rider key behind (the chosen fare card included), only language and tour-done", () => {
    const backing = new Map<string, string>();
    const memory = {
      getItem: (key: string) => backing.get(key) ?? null,
      setItem: (key: string, value: string) => void backing.set(key, value),
      removeItem: (key: string) => void backing.delete(key),
    } as unknown as Storage;
    const rider = createPortalStorage(memory);
    rider.useLanguageKey("Bytemark-CW-lang");
    rider.set("authToken", "t");
    rider.set("faremediaId", "f");
    rider.set("tempAuthToken", "tmp");
    rider.set("parentOrgId", "org");
    rider.set("cardToken", "card");
    rider.set("isGuestUser", true);
    rider.set("purchaseFlowType", "digital");
    rider.set("currentFareCard", {
      nickname: "Work card",
      faremediaId: "f",
      cardNumber: "6001234567890123",
      category: "adult",
      storedValue: 1250,
    });
    rider.set("cart", [cartItem()]);
    rider.set("language", "es");
    rider.set("tourDone", true);
    rider.clearSession({ clearCart: true });
    expect([...backing.keys()].sort()).toEqual(["Bytemark-CW-lang", "tourDone"]);
    expect(backing.get("Bytemark-CW-lang")).toBe("es");
  });

  it("remembers the deployment and forgets what another one, or an older file of this one, left (issue 47)", () => {
    const deployment = { uuid: "5f0c1d8e-2b7a-4c51-9a8e-0d3c6f1e7a21", version: 44 };
    const fill = () => {
      storage.set("authToken", "token-1");
      storage.set("cardToken", "card-token");
      storage.set("cart", [cartItem()]);
      storage.set("parentOrgId", "org-1");
      storage.set("purchaseFlowType", "physical");
      storage.set("language", "es");
      storage.set("tourDone", true);
    };
    fill();
    storage.adoptDeployment(deployment.uuid, deployment.version);
    expect(localStorage.getItem("service_config_uuid")).toBe(`${deployment.uuid}/44`);
    expect(storage.get("cart")).toHaveLength(1);
    storage.adoptDeployment(deployment.uuid, deployment.version);
    expect(storage.get("cart")).toHaveLength(1);

    // The agency changed its file: the cart was built under the old catalogue and limits.
    storage.adoptDeployment(deployment.uuid, 45);
    expect([storage.get("cart"), storage.get("parentOrgId"), storage.get("purchaseFlowType")]).toEqual([
      null,
      null,
      null,
    ]);
    expect([storage.get("authToken"), storage.get("cardToken"), storage.get("language")]).toEqual([
      "token-1",
      "card-token",
      "es",
    ]);
    expect(storage.get("tourDone")).toBe(true);

    // Another deployment on this origin: nothing of the rider's or the tour stays, the language does.
    fill();
    storage.adoptDeployment("0b6f3c2a-6d1e-4f3a-9c8b-7a5e4d3c2b1a", 45);
    expect([
      storage.get("authToken"),
      storage.get("cardToken"),
      storage.get("cart"),
      storage.get("tourDone"),
    ]).toEqual([null, null, null, null]);
    expect(storage.get("language")).toBe("es");
  });

  it("clearing the cart also removes parentOrgId and the cart's product mode", () => {
    storage.set("cart", [cartItem()]);
    storage.set("parentOrgId", "org");
    storage.set("purchaseFlowType", "physical");
    storage.clearSession({ clearCart: true });
    expect(storage.get("cart")).toBeNull();
    expect(storage.get("parentOrgId")).toBeNull();
    expect(storage.get("purchaseFlowType")).toBeNull();
  });

  it("keeps working when the browser refuses to store", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    } as unknown as Storage;
    const fragile = createPortalStorage(refusing);
    expect(() => fragile.set("authToken", "t")).not.toThrow();
    expect(fragile.get("authToken")).toBeNull();
    expect(() => fragile.clearSession({ clearCart: true })).not.toThrow();
  });
});
