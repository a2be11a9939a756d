import { describe, expect, it } from "vitest";
import type { ConnectedAccount, ConnectedAccounts } from "../domain/identity.ts";
import { createConnectedAccountsService } from "./connected-accounts.service.ts";
import type { HttpClient, RequestOptions } from "./http.ts";

const google: ConnectedAccount = {
  provider: "google",
  email: "sandy@example.org",
  linked_at: "2026-11-23T12:00:00.000Z",
};

function recordingHttp(reply: unknown) {
  const calls: Array<{ path: string; options: RequestOptions | undefined }> = [];
  const http: HttpClient = {
    async request<Data>(path: string, options?: RequestOptions) {
      calls.push({ path, options });
      return reply as Data | undefined;
    },
  };
  return { http, calls };
}

describe("connected accounts service", () => {
  it("reads the rider's identities", async () => {
    const list: ConnectedAccounts = { accounts: [google], password_set: true, providers: ["google"] };
    const { http, calls } = recordingHttp(list);
    expect(await createConnectedAccountsService(http, () => "/accounts").list()).toEqual(list);
    expect(calls).toEqual([{ path: "/accounts/users/connected_accounts", options: undefined }]);
  });

  it("posts a provider's credential", async () => {
    const { http, calls } = recordingHttp(google);
    const service = createConnectedAccountsService(http, () => "/accounts");
    expect(await service.connect({ provider: "google", code: "c0de", nonce: "n".repeat(32) })).toEqual(
      google,
    );
    expect(calls[0]).toEqual({
      path: "/accounts/users/connected_accounts",
      options: { method: "POST", body: { provider: "google", code: "c0de", nonce: "n".repeat(32) } },
    });
  });

  it("deletes one provider's identity", async () => {
    const { http, calls } = recordingHttp(undefined);
    await createConnectedAccountsService(http, () => "/accounts").disconnect("facebook");
    expect(calls).toEqual([
      { path: "/accounts/users/connected_accounts/facebook", options: { method: "DELETE" } },
    ]);
  });

  it("treats a list without data as the server's fault", async () => {
    const { http } = recordingHttp(undefined);
    await expect(createConnectedAccountsService(http, () => "/accounts").list()).rejects.toThrow(
      /without data/,
    );
  });
});
