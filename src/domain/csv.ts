/**
 * CSV as RFC 4180 writes it, for spreadsheets (a rider's statement, issue 35). A field is quoted when
 * it holds a comma, a quote, a line break, or starts or ends with a space; a quote inside is doubled.
 * A text field a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is written after an apostrophe, as OWASP advises against CSV injection; numbers are written
 * as they are, so a spreadsheet sums them. Lines end with CRLF. csv-stringify does the same but needs
 * a Buffer polyfill in the browser (80 KB) for these few lines.
 */

/** A decimal made by `csvAmount`: written bare, a number to the spreadsheet even when negative. */
export interface CsvDecimal {
  decimal: string;
}

export type CsvField = string | number | CsvDecimal | null;

const formulaStart = /^[=+\-@\t\r]/;

function field(value: CsvField): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "object") return value.decimal;
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]|^ | $/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, each row a line ending in CRLF. */
export function toCsv(rows: readonly (readonly CsvField[])[]): string {
  return rows.map((row) => `${row.map(field).join(",")}\r\n`).join("");
}

/** Minor units as a plain decimal a spreadsheet reads as a number (1250 → 12.50). */
export function csvAmount(minorUnits: number, fractionDigits = 2): CsvDecimal {
  const sign = minorUnits < 0 ? "-" : "";
  const digits = String(Math.abs(Math.trunc(minorUnits))).padStart(fractionDigits + 1, "0");
  return {
    decimal:
      fractionDigits === 0
        ? `${sign}${digits}`
        : `${sign}${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`,
  };
}
