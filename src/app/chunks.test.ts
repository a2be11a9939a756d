import { describe, expect, it, vi } from "vitest";
import { connectChunks, resilient, retryChunks } from "./chunks.ts";

describe("a part of the portal downloaded on first use", () => {
  it("loads as its import does while the connection holds, and the page is not reloaded", async () => {
    const lost = vi.fn();
    const reload = vi.fn();
    connectChunks({ lost, reload });
    await expect(resilient(async () => "screen")()).resolves.toBe("screen");
    retryChunks();
    expect(lost).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("that cannot be downloaded reports the connection lost, never fails, and reloads once it is back", async () => {
    const lost = vi.fn();
    const reload = vi.fn();
    connectChunks({ lost, reload });
    let settled = false;
    void resilient(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")))().then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    // The refusal is taken in a few microtasks later (no timer involved).
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(lost).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    retryChunks();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
