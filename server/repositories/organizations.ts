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
    /** The entries of one type, each value in `locale` where it has a translation. */
    async configEntries(
      organizationId: string,
      configType: string,
      locale: string,
    ): Promise<OrganizationConfigEntry[]> {
      const rows = await db
        .select({
          config_key: organizationConfigs.configKey,
          config_value: organizationConfigs.configValue,
          translations: organizationConfigs.translations,
        })
        .from(organizationConfigs)
        .where(
          and(
            eq(organizationConfigs.organizationId, organizationId),
            eq(organizationConfigs.configType, configType),
          ),
        )
        .orderBy(asc(organizationConfigs.position), asc(organizationConfigs.configKey));
      return rows.map(({ config_key, config_value, translations }) => ({
        config_key,
        config_value: translations[locale] ?? config_value,
      }));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
