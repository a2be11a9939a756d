import { describe, expect, it } from "vitest";
import { readEnv } from "./env.ts";

describe("PUBLIC_URL", () => {
  it("defaults to this server on localhost outside production", () => {
    expect(readEnv({}).publicUrl).toBe("http://localhost:8080");
    expect(readEnv({ PORT: "3000" }).publicUrl).toBe("http://localhost:3000");
    expect(readEnv({ PUBLIC_URL: "" }).publicUrl).toBe("http://localhost:8080");
  });

  it("keeps only the origin of a configured URL", () => {
    expect(readEnv({ PUBLIC_URL: "https://portal.example/" }).publicUrl).toBe("https://portal.example");
    expect(readEnv({ PUBLIC_URL: "https://portal.example:8443/any/path" }).publicUrl).toBe(
      "https://portal.example:8443",
    );
  });

  it("is a start error when missing or invalid in production", () => {
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL is required in production/);
    expect(() => readEnv({ NODE_ENV: "production", PUBLIC_URL: "portal.example" })).toThrow(/PUBLIC_URL/);
    expect(() => readEnv({ NODE_ENV: "production", PUBLIC_URL: "ftp://portal.example" })).toThrow(
      /PUBLIC_URL must be an http/,
    );
    expect(readEnv({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example" }).publicUrl).toBe(
      "https://portal.example",
    );
  });
});
