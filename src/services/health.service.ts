import type { HttpClient } from "./http.ts";

export function createHealthService(http: HttpClient) {
  return {
    /** Resolves when the server and its database answer. */
    async probe(): Promise<void> {
      await http.request<{ status: string }>("/healthz");
    },
  };
}
