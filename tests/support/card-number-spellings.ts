/**
 * Issue 48, item 3: the 22 ways the test card number 4242 4242 4242 4242 (and one Amex) was written
 * into nicknames, 12 of which the server stored as typed: other separators, spaces of other widths,
 * other scripts' digits, letters between the groups. Every free-text check must find each.
 */
export const cardNumberSpellings: readonly string[] = [
  "4242.4242.4242.4242",
  "4242/4242/4242/4242",
  "4242_4242_4242_4242",
  "4242,4242,4242,4242",
  "4242+4242+4242+4242",
  "4242\u00a04242\u00a04242\u00a04242",
  "4242\u20094242\u20094242\u20094242",
  "4242\u200b4242\u200b4242\u200b4242",
  "4242\u20134242\u20134242\u20134242",
  "４２４２４２４２４２４２４２４２",
  "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢",
  "४२४२४२४२४२४२४२४२",
  "4242 a 4242 b 4242 c 4242",
  "card4242x4242y4242z4242",
  "4242 - 4242 - 4242 - 4242",
  "4242 . 4242 / 4242 _ 4242",
  "(4242) [4242] {4242} <4242>",
  "4242\t4242\n4242\r4242",
  "4 2 4 2 4 2 4 2 4 2 4 2 4 2 4 2",
  "４２４２-４２４２-４２４２-４２４２",
  "Amex: 3782·822463·10005",
  "4242~4242~4242~4242",
];
