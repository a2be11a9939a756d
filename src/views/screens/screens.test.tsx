import { describe, expect, it } from "vitest";
import { routes } from "../../app/routes.ts";
import { screenModules } from "../../app/screen-modules.ts";
import { preloadScreen } from "./screens.tsx";

describe("preloadScreen", () => {
  it("starts the opened page's screen once, the same download its route's first render uses", async () => {
    const first = preloadScreen("/products/bus", false);
    const second = preloadScreen("/products", true);
    expect(first).not.toBeNull();
    const [module, again] = await Promise.all([first, second]);
    expect(module?.default).toBeTypeOf("function");
    expect(again).toBe(module);
  });

  it("fetches nothing for a page the guard sends elsewhere, or that has no screen", () => {
    expect(preloadScreen("/checkout", false)).toBeNull();
    expect(preloadScreen("/account/profile", false)).toBeNull();
    expect(preloadScreen("/login", true)).toBeNull();
    expect(preloadScreen("/signup", true)).toBeNull();
    expect(preloadScreen("/nowhere", false)).toBeNull();
  });

  it("lets a signed-in rider's sign-in-only pages and a guest's open pages start", async () => {
    const started = [
      preloadScreen("/account/profile", true),
      preloadScreen("/login", false),
      preloadScreen("/manage-card", false),
    ];
    for (const download of started) expect(download).not.toBeNull();
    // Each is the screen's module, ready for React's lazy to draw.
    for (const module of await Promise.all(started)) expect(module?.default).toBeTypeOf("function");
  });
});

describe("screenModules (the table the server names a route's chunks from)", () => {
  const screenFiles = import.meta.glob<Record<string, unknown>>(["./*.tsx", "!./*.test.tsx"]);
  // A concrete address for a route pattern: each parameter filled, optional ones left out.
  const sample = (pattern: string) => pattern.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "x") || "/";

  it.each(routes)("names the module that draws $path", async (route) => {
    const path = sample(route.path);
    // Whoever the guard lets in: a guest on a guest's page, a signed-in rider elsewhere.
    const loaded = await preloadScreen(path, route.access !== "guestOnly");
    // A component: a function, or React's lazy one (src/views/screens/RecordsScreens.tsx).
    const drawn = loaded?.default as unknown;
    expect(
      typeof drawn === "function" ||
        (typeof drawn === "object" &&
          drawn !== null &&
          "$$typeof" in drawn &&
          drawn.$$typeof === Symbol.for("react.lazy")),
    ).toBe(true);
    const load = screenFiles[`./${screenModules[route.screen]}.tsx`];
    expect(load).toBeDefined();
    const named = (await load?.()) ?? {};
    expect(Object.values(named)).toContain(loaded?.default);
  });
});
