import { describe, expect, it } from "vitest";
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
