import type { ServiceLevel } from "../machines/serviceLevels.machine.ts";
import type { HttpClient } from "./http.ts";

interface OrgConfigReply {
  organization_config: Array<{ config_key: string; config_value: string }>;
}

const serviceLevelKey = /^service_level_(.+)$/;

export function createOrgConfigService(http: HttpClient, transit: () => string) {
  return {
    /**
     * GET {transit}/org_config?config_type=CUSTOMER_CONFIG (the HTTP client adds the child organisation
     * of a deployment that has one), keeping the service_level_{type} entries.
     */
    async serviceLevels(): Promise<ServiceLevel[]> {
      const reply = await http.request<OrgConfigReply>(`${transit()}/org_config`, {
        query: { config_type: "CUSTOMER_CONFIG" },
      });
      return (reply?.organization_config ?? []).flatMap((entry) => {
        const type = serviceLevelKey.exec(entry.config_key)?.[1];
        return type ? [{ type, label: entry.config_value }] : [];
      });
    },
  };
}
