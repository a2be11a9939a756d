import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { organizationConfigs, organizations } from "../db/schema.ts";

export interface OrganizationConfigEntry {
  config_key: string;
  config_value: string;
}

export function createOrganizationRepository(db: Database) {
  return {
    async exists(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id));
      return rows.length > 0;
    },
    async configEntries(organizationId: string, configType: string): Promise<OrganizationConfigEntry[]> {
      return db
        .select({ config_key: organizationConfigs.configKey, config_value: organizationConfigs.configValue })
        .from(organizationConfigs)
        .where(
          and(
            eq(organizationConfigs.organizationId, organizationId),
            eq(organizationConfigs.configType, configType),
          ),
        )
        .orderBy(asc(organizationConfigs.position), asc(organizationConfigs.configKey));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
