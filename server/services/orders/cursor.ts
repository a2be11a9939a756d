import type { OrderCursor } from "../../repositories/orders.ts";

/** The opaque cursor of a page: base64url of the last order's time and id. */
export function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

const cursorPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor back to its position; null for anything `encodeCursor` did not make. */
export function decodeCursor(text: string): OrderCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const match = cursorPattern.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match?.[1] || !match[2]) return null;
  const createdAt = new Date(match[1]);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2] };
}
