import { expect, type Page } from "@playwright/test";

/** One entry of the tag manager's data layer, as the portal pushed it. */
export type DataLayerEntry = Record<string, unknown> & { event?: string };

/** The page's tag manager data layer and script, as a tag manager (or an auditor) sees them. */
export class DataLayer {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /**
   * Answers every request for Google Tag Manager's script with an empty script (the machine has no
   * internet), and counts them.
   */
  async stubTagManager(): Promise<{ requests: string[] }> {
    const requests: string[] = [];
    await this.page.route("https://www.googletagmanager.com/**", async (route) => {
      requests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
    });
    return { requests };
  }

  /** The data layer itself (undefined when the portal never made one). */
  async entries(): Promise<DataLayerEntry[] | undefined> {
    return this.page.evaluate(() => (window as Window & { dataLayer?: DataLayerEntry[] }).dataLayer);
  }

  /** The portal's events: the data layer without GTM's own start entry (`gtm.js`). */
  async events(): Promise<DataLayerEntry[]> {
    return ((await this.entries()) ?? []).filter((entry) => entry.event !== "gtm.js");
  }

  /** Waits until the portal has pushed `name` (each push follows a machine's snapshot, not a timer). */
  async seeEvent(name: string): Promise<void> {
    await expect.poll(async () => (await this.events()).map((entry) => entry.event)).toContain(name);
  }

  async tagManagerScripts(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll("script[src]")]
        .map((script) => script.getAttribute("src") ?? "")
        .filter((src) => src.includes("googletagmanager")),
    );
  }
}
