import type {
  ConnectedAccount,
  ConnectedAccounts,
  IdentityProvider,
  SocialCredential,
} from "../domain/identity.ts";
import { type HttpClient, required } from "./http.ts";

/** The rider's connected sign-in identities (issue 14), under the accounts service. */
export function createConnectedAccountsService(http: HttpClient, accounts: () => string) {
  const url = (path = "") => `${accounts()}/users/connected_accounts${path}`;
  return {
    /** GET: the identities, whether the rider set a password, and the providers this deployment offers. */
    async list(): Promise<ConnectedAccounts> {
      return required(await http.request<ConnectedAccounts>(url()), "GET /users/connected_accounts");
    },
    /** POST the credential a provider's return carried (42224, 42226, 42227 refuse it). */
    async connect(credential: SocialCredential): Promise<ConnectedAccount> {
      const reply = await http.request<ConnectedAccount>(url(), { method: "POST", body: { ...credential } });
      return required(reply, "POST /users/connected_accounts");
    },
    /** DELETE one provider's identity (42225: the last way to sign in). */
    async disconnect(provider: IdentityProvider): Promise<void> {
      await http.request(url(`/${encodeURIComponent(provider)}`), { method: "DELETE" });
    },
  };
}
