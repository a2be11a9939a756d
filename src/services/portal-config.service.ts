import type { PortalConfig } from "../domain/portal-config.ts";
import { ApiRequestError, type HttpClient } from "./http.ts";
import { takeWrittenJson } from "./page-data.ts";

/**
 * The deployment's configuration: the one the server wrote into the page when there is one (taken
 * once, so "Try again" after a failed boot asks the server), else GET /portal-config.
 */
export function createPortalConfigService(http: HttpClient, written: () => PortalConfig | null = () => null) {
  let fromPage = written;
  return {
    async load(): Promise<PortalConfig> {
      const inPage = fromPage();
      fromPage = () => null;
      if (inPage) return inPage;
      const config = await http.request<PortalConfig>("/portal-config");
      if (!config) throw new ApiRequestError(204, [{ code: 50001, message: "Empty portal configuration" }]);
      return config;
    },
  };
}

/**
 * The configuration the server wrote into the page (server/plugins/spa.ts: a JSON data block), taken
 * out of it; null when the page has none (the development server's page) or it cannot be read.
 */
export function configWrittenInto(document: Document): PortalConfig | null {
  return takeWrittenJson(document, "portal-config") as PortalConfig | null;
}
