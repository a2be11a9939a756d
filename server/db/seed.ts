import { eq } from "drizzle-orm";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { hashSecret } from "../domain/password.ts";
import type { Database } from "./client.ts";
import { appMeta, fareMedia, organizationConfigs, organizations, products, users } from "./schema.ts";

/** The demo rider of the README. Seeded only outside production. */
export const demoRider = { email: "rider@example.com", password: "transit-demo-2026" } as const;
/** A card nobody has linked yet, for managing a card as a guest. */
export const demoGuestCard = { printedCardNumber: "6000 0000 0000 0031", securityCode: "731" } as const;

const childOrganizationId = "0b7e6a52-8f43-4c2e-9d1a-2f6b8c9e1a02";
const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";

/** Applies the demo data once per database; later starts see the marker and do nothing. */
export async function seedDemoData(db: Database, config: PortalConfig): Promise<boolean> {
  const parentId = config.organization.parentUuid;
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, "demo_seeded_at"));
    if (marker.length > 0) return false;

    await tx.insert(organizations).values([
      { id: parentId, parentId: null, legacyUuid: "MTA-0001", name: config.display_name },
      { id: childOrganizationId, parentId, legacyUuid: "MTA-FERRY-0002", name: "Metro Ferry Services" },
    ]);
    await tx.insert(organizationConfigs).values(
      (
        [
          [parentId, "service_level_bus", "Bus"],
          [parentId, "service_level_rail", "Rail"],
          [childOrganizationId, "service_level_ferry", "Ferry"],
        ] as const
      ).map(([organizationId, configKey, configValue], position) => ({
        organizationId,
        configType: "CUSTOMER_CONFIG",
        configKey,
        configValue,
        position,
      })),
    );
    await tx.insert(products).values([
      {
        uuid: "a1000000-0000-4000-8000-000000000001",
        organizationId: parentId,
        name: "Metro Fare Card",
        shortDescription: "A reloadable plastic fare card, mailed to you.",
        longDescription: "Tap on every bus and train.\nLoad passes and stored value online.",
        alertMessage: null,
        listPrice: 500,
        subType: "PHYSICAL_PASS",
        serviceType: "bus",
        shippingEnabled: true,
        subscriptionAllowed: false,
        themeBackgroundColor: "#0b5cad",
        imagePath: null,
        listPriority: 1,
      },
      {
        uuid: "a1000000-0000-4000-8000-000000000002",
        organizationId: parentId,
        name: "30-Day Pass Card",
        shortDescription: "A fare card with a 30-day unlimited pass, mailed to you.",
        longDescription:
          "Unlimited rides on bus and rail for 30 days from first tap.\nShipped within 5 business days.",
        alertMessage: "The pass starts on the first tap, not on the day it ships.",
        listPrice: 10_500,
        subType: "PHYSICAL_PASS",
        serviceType: "rail",
        shippingEnabled: true,
        subscriptionAllowed: false,
        themeBackgroundColor: "#0a2540",
        imagePath: null,
        listPriority: 2,
      },
      {
        uuid: "a2000000-0000-4000-8000-000000000001",
        organizationId: parentId,
        name: "Day Pass",
        shortDescription: "Unlimited bus and rail rides until the end of the service day.",
        longDescription: "Valid for one service day from first tap.\nIncludes transfers.",
        alertMessage: null,
        listPrice: 500,
        subType: "DIGITAL_PASS",
        serviceType: "bus",
        shippingEnabled: false,
        subscriptionAllowed: false,
        themeBackgroundColor: "#1b6e3a",
        imagePath: null,
        listPriority: 3,
      },
      {
        uuid: "a2000000-0000-4000-8000-000000000002",
        organizationId: parentId,
        name: "7-Day Pass",
        shortDescription: "Unlimited bus and rail rides for seven days.",
        longDescription: "Seven consecutive days from first tap.\nCan renew automatically.",
        alertMessage: null,
        listPrice: 2_500,
        subType: "DIGITAL_PASS",
        serviceType: "rail",
        shippingEnabled: false,
        subscriptionAllowed: true,
        themeBackgroundColor: "#7a3e9d",
        imagePath: null,
        listPriority: 4,
      },
      {
        uuid: "a2000000-0000-4000-8000-000000000003",
        organizationId: parentId,
        name: "30-Day Pass",
        shortDescription: "Unlimited bus and rail rides for thirty days.",
        longDescription: "Thirty consecutive days from first tap.\nCan renew automatically.",
        alertMessage: null,
        listPrice: 10_000,
        subType: "DIGITAL_PASS",
        serviceType: "rail",
        shippingEnabled: false,
        subscriptionAllowed: true,
        themeBackgroundColor: "#8a4b08",
        imagePath: null,
        listPriority: 5,
      },
      {
        uuid: "a2000000-0000-4000-8000-000000000004",
        organizationId: parentId,
        name: "Stored Value $20",
        shortDescription: "Adds $20.00 of stored value to your fare card.",
        longDescription: "Pay as you go on any service.\nFunds never expire.",
        alertMessage: null,
        listPrice: 2_000,
        subType: "STORED_VALUE",
        serviceType: "bus",
        shippingEnabled: false,
        subscriptionAllowed: false,
        themeBackgroundColor: "#3d4f5c",
        imagePath: null,
        listPriority: 6,
      },
      {
        uuid: "a3000000-0000-4000-8000-000000000001",
        organizationId: childOrganizationId,
        name: "Ferry 10-Ride",
        shortDescription: "Ten ferry crossings, valid for 90 days.",
        longDescription: "Ten single crossings.\nValid 90 days from purchase.",
        alertMessage: null,
        listPrice: 4_000,
        subType: "DIGITAL_PASS",
        serviceType: "ferry",
        shippingEnabled: false,
        subscriptionAllowed: false,
        themeBackgroundColor: "#005f73",
        imagePath: null,
        listPriority: 7,
      },
    ]);
    await tx.insert(users).values({
      id: riderId,
      email: demoRider.email,
      passwordHash: await hashSecret(demoRider.password),
      firstName: "Riley",
      lastName: "Rider",
      mobile: null,
      locale: "en",
      emailConfirmed: true,
    });
    await tx.insert(fareMedia).values([
      {
        id: "f1000000-0000-4000-8000-000000000001",
        userId: riderId,
        organizationId: parentId,
        nickname: "Commute card",
        printedCardNumber: "6000 0000 0000 0015",
        securityCodeHash: await hashSecret("415"),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
        storedValue: 1_250,
        commuterBenefits: 4_000,
      },
      {
        id: "f1000000-0000-4000-8000-000000000002",
        userId: riderId,
        organizationId: parentId,
        nickname: "Phone card",
        printedCardNumber: "6000 0000 0000 0023",
        securityCodeHash: await hashSecret("523"),
        expiresOn: "2031-06-30",
        category: "Adult",
        type: "VIRTUAL",
        status: "ACTIVE",
        riderType: "ADULT",
        storedValue: 300,
        commuterBenefits: 0,
      },
      {
        id: "f1000000-0000-4000-8000-000000000003",
        userId: null,
        organizationId: parentId,
        nickname: "Guest card",
        printedCardNumber: demoGuestCard.printedCardNumber,
        securityCodeHash: await hashSecret(demoGuestCard.securityCode),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
        storedValue: 800,
        commuterBenefits: 0,
      },
    ]);
    await tx.insert(appMeta).values({ key: "demo_seeded_at", value: new Date().toISOString() });
    return true;
  });
}
