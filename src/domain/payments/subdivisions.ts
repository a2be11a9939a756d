/**
 * States, provinces and territories of the countries whose postal addresses carry one, from ISO 3166-2
 * as the iso-3166 package (wooorm/iso-3166, 4.4.0) gives it. The whole ISO list is 50 kB gzipped, so
 * the portal ships only these; address.test.ts checks them against the package, so an update of the
 * package that changes a code or a name fails the tests until this file follows.
 *
 * Codes are ISO 3166-2 without the country ("US-CA" -> "CA"), which for the United States, Canada and
 * Australia are also the postal abbreviations. Names are the package's: English for the United States,
 * Canada and Australia, Spanish for Mexico; Intl has no names of subdivisions to translate them with.
 */
export interface Subdivision {
  code: string;
  name: string;
}

export const subdivisionCountries = ["US", "CA", "MX", "AU"] as const;
export type SubdivisionCountry = (typeof subdivisionCountries)[number];

/** Subdivisions of ISO 3166-2 left out of the lists below. */
export const excludedSubdivisions: readonly string[] = [
  "US-UM", // United States Minor Outlying Islands: uninhabited but for staff, no postal service
];

export const subdivisions: Readonly<Record<SubdivisionCountry, readonly Subdivision[]>> = {
  US: [
    { code: "AK", name: "Alaska" },
    { code: "AL", name: "Alabama" },
    { code: "AR", name: "Arkansas" },
    { code: "AS", name: "American Samoa" },
    { code: "AZ", name: "Arizona" },
    { code: "CA", name: "California" },
    { code: "CO", name: "Colorado" },
    { code: "CT", name: "Connecticut" },
    { code: "DC", name: "District of Columbia" },
    { code: "DE", name: "Delaware" },
    { code: "FL", name: "Florida" },
    { code: "GA", name: "Georgia" },
    { code: "GU", name: "Guam" },
    { code: "HI", name: "Hawaii" },
    { code: "IA", name: "Iowa" },
    { code: "ID", name: "Idaho" },
    { code: "IL", name: "Illinois" },
    { code: "IN", name: "Indiana" },
    { code: "KS", name: "Kansas" },
    { code: "KY", name: "Kentucky" },
    { code: "LA", name: "Louisiana" },
    { code: "MA", name: "Massachusetts" },
    { code: "MD", name: "Maryland" },
    { code: "ME", name: "Maine" },
    { code: "MI", name: "Michigan" },
    { code: "MN", name: "Minnesota" },
    { code: "MO", name: "Missouri" },
    { code: "MP", name: "Northern Mariana Islands" },
    { code: "MS", name: "Mississippi" },
    { code: "MT", name: "Montana" },
    { code: "NC", name: "North Carolina" },
    { code: "ND", name: "North Dakota" },
    { code: "NE", name: "Nebraska" },
    { code: "NH", name: "New Hampshire" },
    { code: "NJ", name: "New Jersey" },
    { code: "NM", name: "New Mexico" },
    { code: "NV", name: "Nevada" },
    { code: "NY", name: "New York" },
    { code: "OH", name: "Ohio" },
    { code: "OK", name: "Oklahoma" },
    { code: "OR", name: "Oregon" },
    { code: "PA", name: "Pennsylvania" },
    { code: "PR", name: "Puerto Rico" },
    { code: "RI", name: "Rhode Island" },
    { code: "SC", name: "South Carolina" },
    { code: "SD", name: "South Dakota" },
    { code: "TN", name: "Tennessee" },
    { code: "TX", name: "Texas" },
    { code: "UT", name: "Utah" },
    { code: "VA", name: "Virginia" },
    { code: "VI", name: "United States Virgin Islands" },
    { code: "VT", name: "Vermont" },
    { code: "WA", name: "Washington" },
    { code: "WI", name: "Wisconsin" },
    { code: "WV", name: "West Virginia" },
    { code: "WY", name: "Wyoming" },
  ],
  CA: [
    { code: "AB", name: "Alberta" },
    { code: "BC", name: "British Columbia" },
    { code: "MB", name: "Manitoba" },
    { code: "NB", name: "New Brunswick" },
    { code: "NL", name: "Newfoundland and Labrador" },
    { code: "NS", name: "Nova Scotia" },
    { code: "NT", name: "Northwest Territories" },
    { code: "NU", name: "Nunavut" },
    { code: "ON", name: "Ontario" },
    { code: "PE", name: "Prince Edward Island" },
    { code: "QC", name: "Quebec" },
    { code: "SK", name: "Saskatchewan" },
    { code: "YT", name: "Yukon" },
  ],
  MX: [
    { code: "AGU", name: "Aguascalientes" },
    { code: "BCN", name: "Baja California" },
    { code: "BCS", name: "Baja California Sur" },
    { code: "CAM", name: "Campeche" },
    { code: "CHH", name: "Chihuahua" },
    { code: "CHP", name: "Chiapas" },
    { code: "CMX", name: "Ciudad de México" },
    { code: "COA", name: "Coahuila de Zaragoza" },
    { code: "COL", name: "Colima" },
    { code: "DUR", name: "Durango" },
    { code: "GRO", name: "Guerrero" },
    { code: "GUA", name: "Guanajuato" },
    { code: "HID", name: "Hidalgo" },
    { code: "JAL", name: "Jalisco" },
    { code: "MEX", name: "México" },
    { code: "MIC", name: "Michoacán de Ocampo" },
    { code: "MOR", name: "Morelos" },
    { code: "NAY", name: "Nayarit" },
    { code: "NLE", name: "Nuevo León" },
    { code: "OAX", name: "Oaxaca" },
    { code: "PUE", name: "Puebla" },
    { code: "QUE", name: "Querétaro" },
    { code: "ROO", name: "Quintana Roo" },
    { code: "SIN", name: "Sinaloa" },
    { code: "SLP", name: "San Luis Potosí" },
    { code: "SON", name: "Sonora" },
    { code: "TAB", name: "Tabasco" },
    { code: "TAM", name: "Tamaulipas" },
    { code: "TLA", name: "Tlaxcala" },
    { code: "VER", name: "Veracruz de Ignacio de la Llave" },
    { code: "YUC", name: "Yucatán" },
    { code: "ZAC", name: "Zacatecas" },
  ],
  AU: [
    { code: "ACT", name: "Australian Capital Territory" },
    { code: "NSW", name: "New South Wales" },
    { code: "NT", name: "Northern Territory" },
    { code: "QLD", name: "Queensland" },
    { code: "SA", name: "South Australia" },
    { code: "TAS", name: "Tasmania" },
    { code: "VIC", name: "Victoria" },
    { code: "WA", name: "Western Australia" },
  ],
};
