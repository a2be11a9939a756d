/**
 * Where a page of newest-first rows stopped: the last row's time and id. Orders, passes and a
 * card's activity all page this way; the repositories read `at` as their own time column.
 */
export interface KeysetCursor {
  at: Date;
  id: string;
}

/** The opaque cursor a page answers with: base64url of the last row's time and id. */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString("base64url");
}

const cursorPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor back to its position; null for anything `encodeKeysetCursor` did not make. */
export function decodeKeysetCursor(text: string): KeysetCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const match = cursorPattern.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match?.[1] || !match[2]) return null;
  const at = new Date(match[1]);
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2] };
}
