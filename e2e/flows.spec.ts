import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { Words } from "../scripts/flows/words.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoAxeViolations } from "./models/axe.ts";

const machines = readdirSync(resolve(import.meta.dirname, "..", "src", "machines"))
  .filter((file) => file.endsWith(".machine.ts"))
  .map((file) => file.replace(/\.machine\.ts$/, ""));

const zoomOf = async (page: Page) => Number(await page.locator("#diagram-chart").getAttribute("data-zoom"));
const viewBoxOf = async (page: Page) =>
  ((await page.locator("#diagram-chart svg").getAttribute("viewBox")) ?? "").split(" ").map(Number);

/** The screen the site is read on (a phone test sets its own). */
const desktop = { width: 1280, height: 900 };

/**
 * One page per worker for the machines' flow pages, which only read what they load: each opens its
 * static page in the tab the last one used, instead of a browser context and renderer of its own
 * (about 2.4 core-seconds each on a 2-core machine, for 41 pages). The site stores nothing in the
 * browser, so a page is what its own load draws.
 */
const flowPageTest = test.extend<object, { flowPage: Page }>({
  flowPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        viewport: desktop,
        reducedMotion: workerInfo.project.use.reducedMotion,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

test.describe("the flows site for product owners", () => {
  // Static pages that no test changes: the tests spread over the workers.
  test.describe.configure({ mode: "parallel" });
  test.use({ viewport: desktop });

  test("lists every machine with its purpose and coverage", async ({ page }, testInfo) => {
    await page.goto("/flows/");
    await expect(page.getByRole("heading", { level: 1, name: "Portal flows" })).toBeVisible();
    // Releases are named by their dates, never by the labels they were recorded under (issue 34).
    await expect(page.getByText(/stop-\d+/)).toHaveCount(0);
    await expect(page.getByRole("main").getByText("the release of", { exact: false })).toBeVisible();
    // Code names are there for QA on demand.
    const codeName = page.getByRole("rowheader").first().locator("code");
    await expect(codeName).toBeHidden();
    await page.getByRole("checkbox", { name: "Show code names" }).check();
    await expect(codeName).toBeVisible();
    await page.getByRole("checkbox", { name: "Show code names" }).uncheck();
    for (const machine of machines) {
      const words = new Words(machine);
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: words.title, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("rowheader")).toContainText(machine);
      await expect(row.getByRole("cell").first()).toHaveText(words.glossary.purpose);
      await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d+\/\d+$/);
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(testInfo.outputDir, "index.png"), fullPage: true });
  });

  for (const machine of machines) {
    flowPageTest(
      `draws the ${machine} flow in the glossary's words`,
      async ({ flowPage: page }, testInfo) => {
        const words = new Words(machine);
        await page.goto(`/flows/${machine}.html`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${words.title} ${machine}`);
        // A product owner meets the usual way through first, numbered in plain words (issue 34); the
        // code names come only on demand.
        await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("The usual way through");
        const steps = page.locator("ol.gwt > li");
        await expect(steps.first()).toContainText(/^Given /);
        await expect(steps.last()).toContainText(/^Then /);
        await expect(page.locator("h1 code")).toBeHidden();
        const diagram = page.getByRole("img", { name: `Statechart of the ${machine} machine` });
        await expect(diagram).toBeVisible();
        expect(await diagram.locator("g.state").count()).toBeGreaterThan(1);
        expect(await diagram.locator("polyline").count()).toBeGreaterThan(0);
        // The whole chart fits the screen, whatever its size.
        const box = await diagram.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(desktop.width);
        expect(box?.height).toBeLessThanOrEqual(desktop.height);
        expect(await zoomOf(page)).toBe(100);
        // The paths are grouped and collapsed; the group counts add up to the total.
        const section = page.locator(".paths-section");
        const total = Number((await section.locator("p").first().textContent())?.match(/^(\d+)/)?.[1]);
        const counts = await section.locator("details.group .count").allTextContents();
        expect(counts.reduce((sum, text) => sum + Number.parseInt(text, 10), 0)).toBe(total);
        await expect(section.locator("details.group[open]")).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: join(testInfo.outputDir, `${machine}-flow.png`) });
      },
    );
  }

  test("zooms and pans the cart's statechart by buttons, keys and dragging", async ({ page }) => {
    await page.goto("/flows/cart.html");
    const figure = page.locator("#diagram-chart");
    await page.getByRole("button", { name: "Zoom in" }).click();
    expect(await zoomOf(page)).toBe(150);
    await page.getByRole("button", { name: "Zoom in" }).click();
    expect(await zoomOf(page)).toBe(225);
    const [x0 = 0, y0 = 0] = await viewBoxOf(page);
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const [x1 = 0, y1 = 0] = await viewBoxOf(page);
    expect(x1).toBeGreaterThan(x0);
    expect(y1).toBeGreaterThan(y0);
    const box = await figure.boundingBox();
    if (!box) throw new Error("no chart");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 50, { steps: 4 });
    await page.mouse.up();
    const [x2 = 0] = await viewBoxOf(page);
    expect(x2).toBeLessThan(x1);
    await page.keyboard.press("-");
    expect(await zoomOf(page)).toBe(150);
    await page.getByRole("button", { name: "Fit to screen" }).click();
    expect(await zoomOf(page)).toBe(100);
    await page.keyboard.press("+");
    await page.keyboard.press("0");
    expect(await zoomOf(page)).toBe(100);

    // The cart's chart is large: each top-level step is drawn on its own too, readable when fitted.
    const step = page.locator("details.step").first();
    await step.locator("summary").click();
    const picture = step.getByRole("img", { name: /^Statechart of the step .+ of the cart machine$/ });
    await expect(picture).toBeVisible();
    expect(await picture.locator("g.state").count()).toBeGreaterThan(1);
    expect((await picture.boundingBox())?.width).toBeLessThanOrEqual(desktop.width);
    await step.getByRole("button", { name: "Zoom in" }).click();
    await expect(step.locator("figure.diagram")).toHaveAttribute("data-zoom", "150");
    expect(await zoomOf(page)).toBe(100);
    await expectNoAxeViolations(page);
  });

  test("opens a group, searches, links and prints a path as Given / When / Then", async ({
    page,
  }, testInfo) => {
    await page.addInitScript(() => {
      // Headless Chromium has no print dialog: record what would be printed instead.
      const printed: string[] = [];
      Object.assign(window, { printed });
      window.print = () => {
        printed.push(document.getElementById("print-sheet")?.innerText ?? "");
      };
    });
    await page.goto("/flows/session.html");
    const section = page.locator(".paths-section");
    const group = section.locator("details.group").first();
    const count = Number.parseInt((await group.locator(".count").textContent()) ?? "", 10);
    await group.locator("summary").click();
    const paths = group.locator("ol.paths > li[id]");
    await expect(paths).toHaveCount(Math.min(count, 100));
    if (count > 100) {
      await group.getByRole("button", { name: /^Show \d+ more/ }).click();
      await expect(paths).toHaveCount(Math.min(count, 200));
    }
    const first = paths.first();
    await first.locator("summary").click();
    await expect(first.locator(".gwt .keyword").first()).toHaveText("Given");
    await expect(first.locator(".gwt > li").first()).toContainText("When");
    await expect(first.locator(".gwt > li").first()).toContainText("Then");

    // Search by words and by code names.
    const search = page.getByRole("searchbox", { name: "Search paths" });
    await search.fill("sign out confirmed");
    await expect(section.locator("output.matches")).toHaveText(/^(\d+) paths? match/);
    const results = section.locator("ol.results > li[id]");
    expect(await results.count()).toBeGreaterThan(0);
    await search.fill("twoFactor.resend deactivationAcknowledged");
    await expect(section.locator("output.matches")).toHaveText(/paths? match/);
    await search.fill("no such words anywhere");
    await expect(section.locator("output.matches")).toHaveText("0 paths match");
    await search.fill("");
    await expect(section.locator("ul.groups")).toBeVisible();

    // A link opens its path in its group, even deep in a long group.
    await page.goto("/flows/session.html#path-1500");
    const linked = page.locator("#path-1500");
    await expect(linked).toHaveAttribute("data-linked", "true");
    await expect(linked.locator("details")).toHaveAttribute("open", "");
    await expect(linked.locator("summary")).toBeFocused();
    await expect(linked.locator("summary")).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(testInfo.outputDir, "linked-path.png") });

    // Printing prints that path alone.
    await linked.getByRole("button", { name: "Print as Given / When / Then" }).click();
    const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("path 1500");
    expect(printed[0]).toMatch(/Given[\s\S]*When[\s\S]*Then/);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#print-sheet")).toBeVisible();
    await expect(page.locator("main")).toBeHidden();
    await page.screenshot({ path: join(testInfo.outputDir, "printed-path.png"), fullPage: true });
  });

  test("reads on a phone: no page wider than the screen", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const file of ["index", "changelog", "session", "cart"]) {
      await page.goto(`/flows/${file}.html`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    }
    await page.locator("details.group").first().locator("summary").click();
    await page.locator("details.group[open] ol.paths > li[id]").first().locator("summary").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(testInfo.outputDir, "cart-390.png") });
  });

  test("the changelog shows what changed in each flow, release by release", async ({ page }, testInfo) => {
    await page.goto("/flows/changelog.html");
    await expect(page.getByRole("heading", { level: 1, name: "Changelog of flows" })).toBeVisible();
    // Releases are named by their dates (the one recorded as "stop-21" was cut on 24 November 2026).
    await expect(
      page.getByRole("heading", { level: 2, name: /^Since the release of 24 November 2026/ }),
    ).toBeVisible();
    await expect(page.getByText(/stop-\d+/)).toHaveCount(0);
    const stop21 = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: /^The release of 24 November 2026/ }),
    });
    const connected = stop21.locator("section.machine-change", { hasText: "connectedAccounts" });
    await expect(connected).toContainText("New flow.");
    const history = stop21.locator("section.machine-change", { hasText: "orderHistory" });
    await expect(history.locator("li.added", { hasText: "Transition added" }).first()).toContainText(
      /^Transition added: From “.+”, .+: (stays|goes to “.+”) /,
    );
    await expect(history.locator("li.removed", { hasText: "Transition removed" }).first()).toContainText(
      /^Transition removed: From “.+”/,
    );
    await expect(stop21.locator("section.machine-change", { hasText: "appleSignIn" })).toContainText(
      "Flow removed.",
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(testInfo.outputDir, "changelog.png"), fullPage: true });
  });
});
