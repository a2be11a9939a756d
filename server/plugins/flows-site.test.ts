import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers.ts";

/*
 * /flows/ on a fresh clone (issue 34): before the flows site is drawn it said "Page not found" until
 * `npm run flows` and a restart. Now it says the flows are being drawn (503, Retry-After, a page that
 * looks again), and serves them as soon as they are there, without a restart.
 */
const flows = mkdtempSync(join(tmpdir(), "flows-site-"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ flowsDir: flows });
});
afterAll(async () => {
  await t.close();
  rmSync(flows, { recursive: true, force: true });
});

describe("the flows site at /flows/", () => {
  it("says it is being drawn until its pages exist, then serves them without a restart", async () => {
    const drawing = await t.app.inject({ method: "GET", url: "/flows/" });
    expect(drawing.statusCode).toBe(503);
    expect(drawing.headers["retry-after"]).toBe("10");
    expect(drawing.headers["content-type"]).toMatch(/^text\/html/);
    expect(drawing.body).toContain("The flows are being drawn");
    expect(drawing.body).toContain('http-equiv="refresh"');
    expect((await t.app.inject({ method: "GET", url: "/flows" })).headers.location).toBe("/flows/");

    writeFileSync(join(flows, "index.html"), "<!doctype html><title>Flows</title><h1>Checkout</h1>");
    const drawn = await t.app.inject({ method: "GET", url: "/flows/" });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain("<h1>Checkout</h1>");
  });
});
