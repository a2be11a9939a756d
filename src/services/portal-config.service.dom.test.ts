import { afterEach, describe, expect, it, vi } from "vitest";
import { portalConfig } from "../../tests/support/fixtures.ts";
import { writeIntoPage } from "../../tests/support/page-blocks.ts";
import type { HttpClient } from "./http.ts";
import { configWrittenInto, createPortalConfigService } from "./portal-config.service.ts";

function http(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  return { client: { request } as unknown as HttpClient, request };
}

const writeConfig = (text: string) => writeIntoPage("portal-config", text);

afterEach(() => document.getElementById("portal-config")?.remove());

describe("the portal's configuration", () => {
  it("boots from the page's copy without a request, and asks the server on a retry", async () => {
    writeConfig(JSON.stringify(portalConfig));
    const { client, request } = http(async () => ({ ...portalConfig, shortDisplayName: "From the server" }));
    const service = createPortalConfigService(client, () => configWrittenInto(document));
    expect(await service.load()).toEqual(portalConfig);
    expect(request).not.toHaveBeenCalled();
    // Taken once: the element is gone, and a second load (after a failed boot) asks GET /portal-config.
    expect(document.getElementById("portal-config")).toBeNull();
    expect((await service.load()).shortDisplayName).toBe("From the server");
    expect(request).toHaveBeenCalledWith("/portal-config");
  });

  it("asks the server when the page has no copy, or one that cannot be read", async () => {
    for (const text of [null, "", "{not json", "null", "42", '"text"']) {
      if (text !== null) writeConfig(text);
      const { client, request } = http(async () => portalConfig);
      const service = createPortalConfigService(client, () => configWrittenInto(document));
      expect(await service.load()).toEqual(portalConfig);
      expect(request, String(text)).toHaveBeenCalledTimes(1);
      document.getElementById("portal-config")?.remove();
    }
  });

  it("reads a copy whose values hold escaped markup as the values themselves", () => {
    writeConfig('{"shortDisplayName":"\\u003c/script>\\u003c!--"}');
    expect(configWrittenInto(document)).toEqual({ shortDisplayName: "</script><!--" });
  });
});
