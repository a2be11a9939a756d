import type { PortalConfig } from "../domain/portal-config.ts";
import { ApiRequestError, type HttpClient } from "./http.ts";

export function createPortalConfigService(http: HttpClient) {
  return {
    async load(): Promise<PortalConfig> {
      const config = await http.request<PortalConfig>("/portal-config");
      if (!config) throw new ApiRequestError(204, [{ code: 50001, message: "Empty portal configuration" }]);
      return config;
    },
  };
}
