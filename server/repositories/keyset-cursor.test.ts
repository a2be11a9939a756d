import { describe, expect, it } from "vitest";
import { decodeKeysetCursor, encodeKeysetCursor } from "./keyset-cursor.ts";

describe("keyset cursor", () => {
  it("decodes what it encoded", () => {
    const cursor = { at: new Date("2026-01-02T03:04:05.678Z"), id: "f1000000-0000-4000-8000-000000000003" };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
  });

  it("refuses anything it did not make", () => {
    const forged = [
      "",
      "x",
      "%%%",
      "a".repeat(300),
      Buffer.from("2026|nope").toString("base64url"),
      Buffer.from("2026-13-45T99:99:99.999Z|f1000000-0000-4000-8000-000000000003").toString("base64url"),
      Buffer.from("2026-01-02T03:04:05.678Z|F1000000-0000-4000-8000-000000000003 ").toString("base64url"),
    ];
    for (const text of forged) expect(decodeKeysetCursor(text)).toBeNull();
  });
});
