import { describe, expect, it } from "vitest";
import { measureAgainOnTraceLoss } from "./lighthouse.ts";

describe("measureAgainOnTraceLoss", () => {
  it("measures again when Lighthouse lost Chromium's trace, and says so", async () => {
    const said: string[] = [];
    let calls = 0;
    const score = await measureAgainOnTraceLoss(
      async () => {
        calls += 1;
        if (calls === 1)
          throw new Error(
            "/products: NO_NAVSTART Something went wrong with recording the trace over your page load.",
          );
        return 98;
      },
      (problem) => said.push(problem),
    );
    expect(score).toBe(98);
    expect(calls).toBe(2);
    expect(said).toEqual([
      "/products: NO_NAVSTART Something went wrong with recording the trace over your page load.",
    ]);
  });

  it("gives up after three attempts, and never retries a failure that is about the page", async () => {
    let calls = 0;
    await expect(
      measureAgainOnTraceLoss(
        async () => {
          calls += 1;
          throw new Error("/login: NO_TRACING_STARTED again");
        },
        () => {},
      ),
    ).rejects.toThrow("NO_TRACING_STARTED");
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      measureAgainOnTraceLoss(
        async () => {
          calls += 1;
          throw new Error("/login: the measured page ended at http://x/, not http://x/login");
        },
        () => {},
      ),
    ).rejects.toThrow("ended at");
    expect(calls).toBe(1);
  });
});
