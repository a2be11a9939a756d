import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import {
  catalogFilters,
  catalogFilterValues,
  type FilterValueTexts,
  organizationConfigs,
  type ProductTexts,
  productFilterValues,
  products,
  type Translations,
} from "./schema.ts";

/**
 * The demo agency's catalogue: 44 products over bus, rail and ferry (the ferry belongs to the child
 * organisation), physical fare cards and digital passes, four rider types, rail and ferry itineraries
 * between named stops, alert messages and passes that can renew automatically. English, Spanish and
 * Vietnamese texts.
 */

type Texts = { en: string; es: string; vi: string };
const t = (en: string, es: string, vi: string): Texts => ({ en, es, vi });

export const childOrganizationId = "0b7e6a52-8f43-4c2e-9d1a-2f6b8c9e1a02";

/** Deterministic uuids: the demo catalogue is the same on every machine (tests and e2e name them). */
const id = (group: string, n: number) => `${group}-0000-4000-8000-${String(n).padStart(12, "0")}`;

const filterIds = {
  service: id("c1000000", 1),
  fareType: id("c1000000", 2),
  rider: id("c1000000", 3),
  duration: id("c1000000", 4),
  origin: id("c1000000", 5),
  destination: id("c1000000", 6),
} as const;
type FilterName = keyof typeof filterIds;

interface ValueDefinition {
  value: string;
  texts: Texts;
  accessibility?: Texts;
  image?: string;
}

const riders = {
  ADULT: t("Adult", "Adulto", "Người lớn"),
  YOUTH: t("Youth (6 to 18)", "Joven (6 a 18)", "Thanh thiếu niên (6 đến 18)"),
  SENIOR: t("Senior (65+)", "Persona mayor (65+)", "Người cao tuổi (65+)"),
  REDUCED: t("Reduced fare", "Tarifa reducida", "Giá vé giảm"),
} as const;
type Rider = keyof typeof riders;

const stops = {
  UNS: { texts: t("Union Station", "Estación Union", "Ga Union"), zone: 1 },
  UNI: { texts: t("University", "Universidad", "Đại học"), zone: 1 },
  HBP: { texts: t("Harbor Point", "Punta del Puerto", "Mũi Cảng"), zone: 2 },
  APT: { texts: t("Airport", "Aeropuerto", "Sân bay"), zone: 3 },
  HPP: { texts: t("Harbor Point Pier", "Muelle Punta del Puerto", "Bến tàu Mũi Cảng"), zone: 0 },
  IST: { texts: t("Island Terminal", "Terminal de la Isla", "Bến Đảo"), zone: 0 },
  NSH: { texts: t("North Shore Pier", "Muelle Costa Norte", "Bến tàu Bờ Bắc"), zone: 0 },
} as const;
type Stop = keyof typeof stops;

const filters: Record<
  FilterName,
  {
    texts: Texts;
    type: "list" | "dropdown";
    kind: "ATTRIBUTE" | "ORIGIN" | "DESTINATION";
    values: ValueDefinition[];
  }
> = {
  service: {
    texts: t("Service", "Servicio", "Dịch vụ"),
    type: "list",
    kind: "ATTRIBUTE",
    values: [
      { value: "bus", texts: t("Bus", "Autobús", "Xe buýt"), image: "/catalog/bus.svg" },
      { value: "rail", texts: t("Rail", "Tren", "Tàu điện"), image: "/catalog/rail.svg" },
      { value: "ferry", texts: t("Ferry", "Ferri", "Phà"), image: "/catalog/ferry.svg" },
    ],
  },
  fareType: {
    texts: t("Fare type", "Tipo de tarifa", "Loại vé"),
    type: "list",
    kind: "ATTRIBUTE",
    values: [
      {
        value: "PHYSICAL",
        texts: t("Fare cards", "Tarjetas", "Thẻ vé"),
        accessibility: t(
          "Plastic fare cards mailed to you",
          "Tarjetas de plástico enviadas por correo",
          "Thẻ vé nhựa gửi qua bưu điện",
        ),
      },
      {
        value: "DIGITAL",
        texts: t("Passes and stored value", "Pases y saldo", "Vé và số dư"),
        accessibility: t(
          "Passes and stored value for a fare card you have",
          "Pases y saldo para una tarjeta que ya tiene",
          "Vé và số dư cho thẻ bạn đang có",
        ),
      },
    ],
  },
  rider: {
    texts: t("Rider", "Pasajero", "Hành khách"),
    type: "dropdown",
    kind: "ATTRIBUTE",
    values: (Object.keys(riders) as Rider[]).map((rider) => ({ value: rider, texts: riders[rider] })),
  },
  duration: {
    texts: t("Duration", "Duración", "Thời hạn"),
    type: "dropdown",
    kind: "ATTRIBUTE",
    values: [
      { value: "SINGLE", texts: t("Single ride", "Viaje sencillo", "Một chuyến") },
      { value: "DAY", texts: t("1 day", "1 día", "1 ngày") },
      { value: "WEEK", texts: t("7 days", "7 días", "7 ngày") },
      { value: "MONTH", texts: t("30 days", "30 días", "30 ngày") },
      { value: "MULTI", texts: t("10 rides", "10 viajes", "10 chuyến") },
      { value: "VALUE", texts: t("Stored value", "Saldo", "Số dư") },
    ],
  },
  origin: {
    texts: t("Origin", "Origen", "Điểm đi"),
    type: "dropdown",
    kind: "ORIGIN",
    values: (Object.keys(stops) as Stop[]).map((stop) => ({ value: stop, texts: stops[stop].texts })),
  },
  destination: {
    texts: t("Destination", "Destino", "Điểm đến"),
    type: "dropdown",
    kind: "DESTINATION",
    values: (Object.keys(stops) as Stop[]).map((stop) => ({ value: stop, texts: stops[stop].texts })),
  },
};

/** The uuid of a filter value, derived from its filter and position. */
function valueId(filter: FilterName, value: string): string {
  const filterIndex = Object.keys(filterIds).indexOf(filter) + 1;
  const valueIndex = filters[filter].values.findIndex((candidate) => candidate.value === value) + 1;
  if (valueIndex === 0) throw new Error(`No value ${value} in filter ${filter}`);
  return id(`c2000000`, filterIndex * 100 + valueIndex);
}

interface ProductDefinition {
  uuid: string;
  organizationId: "parent" | "child";
  name: Texts;
  short: Texts;
  long: Texts;
  alert?: Texts;
  price: number;
  subType: "PHYSICAL_PASS" | "DIGITAL_PASS" | "STORED_VALUE";
  serviceType: string;
  subscription?: boolean;
  color: string;
  image?: string;
  riders: Rider[];
  values: Array<[FilterName, string]>;
}

/**
 * How long a digital pass of each duration lasts and how many rides it gives: the days run from its
 * first use (a 10-ride ferry ticket's 90 days too, which the demo rounds to that).
 */
const lifeOf: Record<string, { validDays: number | null; usableCount: number | null }> = {
  SINGLE: { validDays: 1, usableCount: 1 },
  DAY: { validDays: 1, usableCount: null },
  WEEK: { validDays: 7, usableCount: null },
  MONTH: { validDays: 30, usableCount: null },
  MULTI: { validDays: 90, usableCount: 10 },
};

/** A digital pass's life from its duration value; none for anything else. */
function passLife(product: ProductDefinition): { validDays: number | null; usableCount: number | null } {
  const duration = product.values.find(([filter]) => filter === "duration")?.[1];
  return (
    (product.subType === "DIGITAL_PASS" && duration && lifeOf[duration]) || {
      validDays: null,
      usableCount: null,
    }
  );
}

const riderPrefix: Record<Rider, Texts> = {
  ADULT: t("", "", ""),
  YOUTH: t("Youth ", "Joven: ", "Thanh thiếu niên: "),
  SENIOR: t("Senior ", "Persona mayor: ", "Người cao tuổi: "),
  REDUCED: t("Reduced Fare ", "Tarifa reducida: ", "Giá giảm: "),
};
const riderShare: Record<Rider, number> = { ADULT: 1, YOUTH: 0.5, SENIOR: 0.4, REDUCED: 0.5 };
const join = (a: Texts, b: Texts): Texts => t(a.en + b.en, a.es + b.es, a.vi + b.vi);

function definitions(): ProductDefinition[] {
  const list: ProductDefinition[] = [];
  const physical: Array<[string, Rider, number]> = [
    [id("a1000000", 3), "YOUTH", 300],
    [id("a1000000", 4), "SENIOR", 300],
    [id("a1000000", 5), "REDUCED", 300],
  ];
  list.push(
    {
      uuid: id("a1000000", 1),
      organizationId: "parent",
      name: t("Metro Fare Card", "Tarjeta Metro", "Thẻ vé Metro"),
      short: t(
        "A reloadable plastic fare card, mailed to you.",
        "Una tarjeta de plástico recargable, enviada por correo.",
        "Thẻ vé nhựa nạp lại được, gửi qua bưu điện.",
      ),
      long: t(
        "Tap on every bus and train.\nLoad passes and stored value online.",
        "Acérquela en cada autobús y tren.\nCargue pases y saldo en línea.",
        "Chạm thẻ trên mọi xe buýt và tàu.\nNạp vé và số dư trực tuyến.",
      ),
      price: 500,
      subType: "PHYSICAL_PASS",
      serviceType: "bus",
      color: "#0b5cad",
      image: "/catalog/fare-card.svg",
      riders: ["ADULT"],
      values: [
        ["service", "bus"],
        ["service", "rail"],
        ["fareType", "PHYSICAL"],
        ["rider", "ADULT"],
        ["duration", "VALUE"],
      ],
    },
    {
      uuid: id("a1000000", 2),
      organizationId: "parent",
      name: t("30-Day Pass Card", "Tarjeta con pase de 30 días", "Thẻ vé kèm vé 30 ngày"),
      short: t(
        "A fare card with a 30-day unlimited pass, mailed to you.",
        "Una tarjeta con un pase ilimitado de 30 días, enviada por correo.",
        "Thẻ vé kèm vé không giới hạn 30 ngày, gửi qua bưu điện.",
      ),
      long: t(
        "Unlimited rides on bus and rail for 30 days from first tap.\nShipped within 5 business days.",
        "Viajes ilimitados en autobús y tren durante 30 días desde el primer uso.\nSe envía en 5 días hábiles.",
        "Đi không giới hạn xe buýt và tàu trong 30 ngày kể từ lần chạm đầu tiên.\nGửi đi trong 5 ngày làm việc.",
      ),
      alert: t(
        "The pass starts on the first tap, not on the day it ships.",
        "El pase empieza con el primer uso, no el día del envío.",
        "Vé bắt đầu từ lần chạm đầu tiên, không phải ngày gửi.",
      ),
      price: 10_500,
      subType: "PHYSICAL_PASS",
      serviceType: "rail",
      color: "#0a2540",
      image: "/catalog/fare-card.svg",
      riders: ["ADULT"],
      values: [
        ["service", "bus"],
        ["service", "rail"],
        ["fareType", "PHYSICAL"],
        ["rider", "ADULT"],
        ["duration", "MONTH"],
      ],
    },
    ...physical.map(
      ([uuid, rider, price]): ProductDefinition => ({
        uuid,
        organizationId: "parent",
        name: join(riderPrefix[rider], t("Fare Card", "Tarjeta", "Thẻ vé")),
        short: t(
          "A reduced-fare plastic card, mailed to you.",
          "Una tarjeta de plástico con tarifa reducida, enviada por correo.",
          "Thẻ vé nhựa giá giảm, gửi qua bưu điện.",
        ),
        long: t(
          "Pays the reduced fare on every bus and train.\nProof of eligibility is checked on board.",
          "Paga la tarifa reducida en cada autobús y tren.\nSe comprueba el derecho a bordo.",
          "Trả giá vé giảm trên mọi xe buýt và tàu.\nGiấy tờ chứng minh được kiểm tra trên xe.",
        ),
        price,
        subType: "PHYSICAL_PASS",
        serviceType: "bus",
        color: "#3d4f5c",
        image: "/catalog/fare-card.svg",
        riders: [rider],
        values: [
          ["service", "bus"],
          ["service", "rail"],
          ["fareType", "PHYSICAL"],
          ["rider", rider],
          ["duration", "VALUE"],
        ],
      }),
    ),
  );

  const passes: Array<{
    key: string;
    base: number;
    duration: string;
    subscription: boolean;
    color: string;
    name: Texts;
    short: Texts;
    long: Texts;
    adultUuid: string | null;
  }> = [
    {
      key: "single",
      base: 250,
      duration: "SINGLE",
      subscription: false,
      color: "#1b6e3a",
      name: t("Bus Single Ride", "Viaje sencillo en autobús", "Vé xe buýt một chuyến"),
      short: t(
        "One bus ride with 2 hours of transfers.",
        "Un viaje en autobús con 2 horas de transbordos.",
        "Một chuyến xe buýt, được chuyển tuyến trong 2 giờ.",
      ),
      long: t(
        "Activate it before you board.\nTransfers to other buses for 2 hours.",
        "Actívelo antes de subir.\nTransbordos a otros autobuses durante 2 horas.",
        "Kích hoạt trước khi lên xe.\nChuyển sang xe buýt khác trong 2 giờ.",
      ),
      adultUuid: null,
    },
    {
      key: "day",
      base: 500,
      duration: "DAY",
      subscription: false,
      color: "#1b6e3a",
      name: t("Day Pass", "Pase de un día", "Vé ngày"),
      short: t(
        "Unlimited bus and rail rides until the end of the service day.",
        "Viajes ilimitados en autobús y tren hasta el final del día de servicio.",
        "Đi không giới hạn xe buýt và tàu đến hết ngày phục vụ.",
      ),
      long: t(
        "Valid for one service day from first tap.\nIncludes transfers.",
        "Válido un día de servicio desde el primer uso.\nIncluye transbordos.",
        "Có hiệu lực một ngày phục vụ kể từ lần chạm đầu tiên.\nBao gồm chuyển tuyến.",
      ),
      adultUuid: id("a2000000", 1),
    },
    {
      key: "week",
      base: 2_500,
      duration: "WEEK",
      subscription: true,
      color: "#7a3e9d",
      name: t("7-Day Pass", "Pase de 7 días", "Vé 7 ngày"),
      short: t(
        "Unlimited bus and rail rides for seven days.",
        "Viajes ilimitados en autobús y tren durante siete días.",
        "Đi không giới hạn xe buýt và tàu trong bảy ngày.",
      ),
      long: t(
        "Seven consecutive days from first tap.\nCan renew automatically.",
        "Siete días seguidos desde el primer uso.\nSe puede renovar automáticamente.",
        "Bảy ngày liên tục kể từ lần chạm đầu tiên.\nCó thể tự động gia hạn.",
      ),
      adultUuid: id("a2000000", 2),
    },
    {
      key: "month",
      base: 10_000,
      duration: "MONTH",
      subscription: true,
      color: "#8a4b08",
      name: t("30-Day Pass", "Pase de 30 días", "Vé 30 ngày"),
      short: t(
        "Unlimited bus and rail rides for thirty days.",
        "Viajes ilimitados en autobús y tren durante treinta días.",
        "Đi không giới hạn xe buýt và tàu trong ba mươi ngày.",
      ),
      long: t(
        "Thirty consecutive days from first tap.\nCan renew automatically.",
        "Treinta días seguidos desde el primer uso.\nSe puede renovar automáticamente.",
        "Ba mươi ngày liên tục kể từ lần chạm đầu tiên.\nCó thể tự động gia hạn.",
      ),
      adultUuid: id("a2000000", 3),
    },
  ];
  let next = 10;
  for (const pass of passes) {
    for (const rider of Object.keys(riders) as Rider[]) {
      list.push({
        uuid: rider === "ADULT" && pass.adultUuid ? pass.adultUuid : id("a2000000", next++),
        organizationId: "parent",
        name: join(riderPrefix[rider], pass.name),
        short: pass.short,
        long: pass.long,
        price: Math.round((pass.base * riderShare[rider]) / 5) * 5,
        subType: "DIGITAL_PASS",
        serviceType: pass.key === "single" ? "bus" : "rail",
        subscription: pass.subscription,
        color: pass.color,
        riders: [rider],
        values: [
          ["service", "bus"],
          ...(pass.key === "single" ? [] : ([["service", "rail"]] as Array<[FilterName, string]>)),
          ["fareType", "DIGITAL"],
          ["rider", rider],
          ["duration", pass.duration],
        ],
      });
    }
  }

  const storedValue: Array<[string, number]> = [
    [id("a2000000", 5), 1_000],
    [id("a2000000", 4), 2_000],
    [id("a2000000", 6), 5_000],
  ];
  for (const [uuid, amount] of storedValue) {
    const dollars = `$${amount / 100}`;
    list.push({
      uuid,
      organizationId: "parent",
      name: t(`Stored Value ${dollars}`, `Saldo de ${dollars}`, `Số dư ${dollars}`),
      short: t(
        `Adds ${dollars}.00 of stored value to your fare card.`,
        `Añade ${dollars}.00 de saldo a su tarjeta.`,
        `Nạp ${dollars}.00 số dư vào thẻ vé của bạn.`,
      ),
      long: t(
        "Pay as you go on any service.\nFunds never expire.",
        "Pague al viajar en cualquier servicio.\nEl saldo no caduca.",
        "Trả theo chuyến trên mọi dịch vụ.\nSố dư không bao giờ hết hạn.",
      ),
      price: amount,
      subType: "STORED_VALUE",
      serviceType: "bus",
      color: "#3d4f5c",
      riders: [],
      values: [
        ["service", "bus"],
        ["service", "rail"],
        ["fareType", "DIGITAL"],
        ["duration", "VALUE"],
      ],
    });
  }

  const airportAlert = t(
    "Airport trains run every 20 minutes after 10 pm. The ticket is valid for 3 hours after activation.",
    "Los trenes al aeropuerto pasan cada 20 minutos después de las 10 pm. El billete vale 3 horas tras activarlo.",
    "Sau 10 giờ tối, tàu sân bay chạy 20 phút một chuyến. Vé có hiệu lực 3 giờ sau khi kích hoạt.",
  );
  const railStops: Stop[] = ["UNS", "UNI", "HBP", "APT"];
  let railNumber = 1;
  for (const from of railStops) {
    for (const to of railStops) {
      if (from === to) continue;
      const origin = stops[from].texts;
      const destination = stops[to].texts;
      list.push({
        uuid: id("a4000000", railNumber),
        organizationId: "parent",
        name: t(
          `Rail One-Way: ${origin.en} to ${destination.en}`,
          `Tren de ida: ${origin.es} a ${destination.es}`,
          `Vé tàu một chiều: ${origin.vi} đến ${destination.vi}`,
        ),
        short: t(
          `One train trip from ${origin.en} to ${destination.en}.`,
          `Un viaje en tren de ${origin.es} a ${destination.es}.`,
          `Một chuyến tàu từ ${origin.vi} đến ${destination.vi}.`,
        ),
        long: t(
          "Activate it on the platform before you board.\nValid for 3 hours after activation.",
          "Actívelo en el andén antes de subir.\nVálido 3 horas tras activarlo.",
          "Kích hoạt trên sân ga trước khi lên tàu.\nCó hiệu lực 3 giờ sau khi kích hoạt.",
        ),
        ...(from === "APT" || to === "APT" ? { alert: airportAlert } : {}),
        price: 275 + 125 * Math.abs(stops[from].zone - stops[to].zone),
        subType: "DIGITAL_PASS",
        serviceType: "rail",
        color: "#0a2540",
        riders: [],
        values: [
          ["service", "rail"],
          ["fareType", "DIGITAL"],
          ["duration", "SINGLE"],
          ["origin", from],
          ["destination", to],
        ],
      });
      railNumber++;
    }
  }

  const weatherAlert = t(
    "Crossings may be cancelled in severe weather. Check service alerts before you travel.",
    "Los cruces pueden cancelarse con mal tiempo. Consulte los avisos antes de viajar.",
    "Chuyến phà có thể bị hủy khi thời tiết xấu. Hãy xem thông báo trước khi đi.",
  );
  const ferryStops: Stop[] = ["HPP", "IST", "NSH"];
  let ferryNumber = 10;
  for (const from of ferryStops) {
    for (const to of ferryStops) {
      if (from === to) continue;
      const origin = stops[from].texts;
      const destination = stops[to].texts;
      list.push({
        uuid: id("a3000000", ferryNumber++),
        organizationId: "child",
        name: t(
          `Ferry One-Way: ${origin.en} to ${destination.en}`,
          `Ferri de ida: ${origin.es} a ${destination.es}`,
          `Vé phà một chiều: ${origin.vi} đến ${destination.vi}`,
        ),
        short: t(
          `One crossing from ${origin.en} to ${destination.en}.`,
          `Un cruce de ${origin.es} a ${destination.es}.`,
          `Một chuyến phà từ ${origin.vi} đến ${destination.vi}.`,
        ),
        long: t(
          "Show it to the crew when you board.\nValid on the day you activate it.",
          "Muéstrelo a la tripulación al embarcar.\nVálido el día en que lo active.",
          "Đưa cho nhân viên khi lên phà.\nCó hiệu lực trong ngày kích hoạt.",
        ),
        alert: weatherAlert,
        price: 400,
        subType: "DIGITAL_PASS",
        serviceType: "ferry",
        color: "#005f73",
        riders: [],
        values: [
          ["service", "ferry"],
          ["fareType", "DIGITAL"],
          ["duration", "SINGLE"],
          ["origin", from],
          ["destination", to],
        ],
      });
    }
  }
  list.push(
    {
      uuid: id("a3000000", 1),
      organizationId: "child",
      name: t("Ferry 10-Ride", "Ferri: 10 viajes", "Phà 10 chuyến"),
      short: t(
        "Ten ferry crossings, valid for 90 days.",
        "Diez cruces en ferri, válidos 90 días.",
        "Mười chuyến phà, có hiệu lực 90 ngày.",
      ),
      long: t(
        "Ten single crossings.\nValid 90 days from purchase.",
        "Diez cruces sencillos.\nVálidos 90 días desde la compra.",
        "Mười chuyến phà đơn.\nCó hiệu lực 90 ngày kể từ khi mua.",
      ),
      price: 4_000,
      subType: "DIGITAL_PASS",
      serviceType: "ferry",
      color: "#005f73",
      riders: [],
      values: [
        ["service", "ferry"],
        ["fareType", "DIGITAL"],
        ["duration", "MULTI"],
      ],
    },
    {
      uuid: id("a3000000", 2),
      organizationId: "child",
      name: t("Ferry 30-Day Pass", "Ferri: pase de 30 días", "Vé phà 30 ngày"),
      short: t(
        "Unlimited ferry crossings for thirty days.",
        "Cruces ilimitados en ferri durante treinta días.",
        "Đi phà không giới hạn trong ba mươi ngày.",
      ),
      long: t(
        "Thirty consecutive days from first boarding.\nCan renew automatically.",
        "Treinta días seguidos desde el primer embarque.\nSe puede renovar automáticamente.",
        "Ba mươi ngày liên tục kể từ lần lên phà đầu tiên.\nCó thể tự động gia hạn.",
      ),
      alert: weatherAlert,
      price: 9_000,
      subType: "DIGITAL_PASS",
      serviceType: "ferry",
      subscription: true,
      color: "#005f73",
      riders: [],
      values: [
        ["service", "ferry"],
        ["fareType", "DIGITAL"],
        ["duration", "MONTH"],
      ],
    },
  );
  return list;
}

function translated<Keys extends string>(
  fields: Partial<Record<Keys, Texts>>,
): Translations<Record<Keys, string>> {
  const result: Translations<Record<Keys, string>> = {};
  for (const locale of ["es", "vi"] as const) {
    const entry: Partial<Record<Keys, string>> = {};
    for (const [field, texts] of Object.entries(fields) as Array<[Keys, Texts | undefined]>) {
      if (texts) entry[field] = texts[locale];
    }
    result[locale] = entry;
  }
  return result;
}

/** Writes (or rewrites) the demo catalogue; its rows are keyed by fixed uuids, so it is idempotent. */
/** The agency's service types (org_config service_level_{type}), named in each demo language. */
const serviceLevels = (parentId: string) =>
  [
    [parentId, "service_level_bus", t("Bus", "Autobús", "Xe buýt")],
    [parentId, "service_level_rail", t("Rail", "Tren", "Tàu điện")],
    [childOrganizationId, "service_level_ferry", t("Ferry", "Ferri", "Phà")],
  ] as const;

export async function seedDemoCatalog(db: Database, parentId: string): Promise<number> {
  const list = definitions();
  await db.transaction(async (tx) => {
    for (const [position, [organizationId, configKey, texts]] of serviceLevels(parentId).entries()) {
      const translations = { es: texts.es, vi: texts.vi };
      await tx
        .insert(organizationConfigs)
        .values({
          organizationId,
          configType: "CUSTOMER_CONFIG",
          configKey,
          configValue: texts.en,
          translations,
          position,
        })
        .onConflictDoUpdate({
          target: [
            organizationConfigs.organizationId,
            organizationConfigs.configType,
            organizationConfigs.configKey,
          ],
          set: { configValue: texts.en, translations, position },
        });
    }
    await tx
      .insert(catalogFilters)
      .values(
        (Object.keys(filterIds) as FilterName[]).map((name, position) => ({
          uuid: filterIds[name],
          organizationId: parentId,
          displayName: filters[name].texts.en,
          filterType: filters[name].type,
          kind: filters[name].kind,
          position,
          translations: translated({ display_name: filters[name].texts }),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(catalogFilterValues)
      .values(
        (Object.keys(filterIds) as FilterName[]).flatMap((name) =>
          filters[name].values.map((value, position) => ({
            uuid: valueId(name, value.value),
            filterUuid: filterIds[name],
            value: value.value,
            shortDescription: value.texts.en,
            imageUrl: value.image ?? null,
            accessibilityText: value.accessibility?.en ?? null,
            position,
            translations: translated<keyof FilterValueTexts>({
              short_description: value.texts,
              ...(value.accessibility ? { accessibility_text: value.accessibility } : {}),
            }),
          })),
        ),
      )
      .onConflictDoNothing();
    const rows = list.map((product, index) => ({
      uuid: product.uuid,
      organizationId: product.organizationId === "parent" ? parentId : childOrganizationId,
      name: product.name.en,
      shortDescription: product.short.en,
      longDescription: product.long.en,
      alertMessage: product.alert?.en ?? null,
      listPrice: product.price,
      subType: product.subType,
      serviceType: product.serviceType,
      shippingEnabled: product.subType === "PHYSICAL_PASS",
      subscriptionAllowed: product.subscription ?? false,
      themeBackgroundColor: product.color,
      imagePath: product.image ?? null,
      listPriority: index + 1,
      riderTypes: product.riders,
      ...passLife(product),
      translations: translated<keyof ProductTexts>({
        name: product.name,
        short_description: product.short,
        long_description: product.long,
        ...(product.alert ? { alert_message: product.alert } : {}),
      }),
    }));
    await tx
      .insert(products)
      .values(rows)
      .onConflictDoUpdate({
        target: products.uuid,
        set: {
          name: sql`excluded.name`,
          shortDescription: sql`excluded.short_description`,
          longDescription: sql`excluded.long_description`,
          alertMessage: sql`excluded.alert_message`,
          listPrice: sql`excluded.list_price`,
          subType: sql`excluded.sub_type`,
          serviceType: sql`excluded.service_type`,
          shippingEnabled: sql`excluded.shipping_enabled`,
          subscriptionAllowed: sql`excluded.subscription_allowed`,
          themeBackgroundColor: sql`excluded.theme_background_color`,
          imagePath: sql`excluded.image_path`,
          listPriority: sql`excluded.list_priority`,
          riderTypes: sql`excluded.rider_types`,
          validDays: sql`excluded.valid_days`,
          usableCount: sql`excluded.usable_count`,
          translations: sql`excluded.translations`,
        },
      });
    await tx
      .insert(productFilterValues)
      .values(
        list.flatMap((product) =>
          product.values.map(([filter, value]) => ({
            productUuid: product.uuid,
            valueUuid: valueId(filter, value),
          })),
        ),
      )
      .onConflictDoNothing();
  });
  return list.length;
}

/** Uuids tests and the e2e suite refer to. */
export const demoCatalog = {
  filters: filterIds,
  value: valueId,
  products: {
    metroFareCard: id("a1000000", 1),
    passCard: id("a1000000", 2),
    dayPass: id("a2000000", 1),
    weekPass: id("a2000000", 2),
    monthPass: id("a2000000", 3),
    storedValue20: id("a2000000", 4),
    ferryTenRide: id("a3000000", 1),
    railUnionToAirport: id("a4000000", 3),
  },
} as const;
