import type { AlertSettings, AlertSettingsInput } from "../domain/alerts.ts";
import { type HttpClient, required } from "./http.ts";

/** The rider's alerts (src/domain/alerts.ts) under the accounts service. */
export function createAlertsService(http: HttpClient, accountsBase: () => string) {
  const url = () => `${accountsBase()}/users/alerts`;
  return {
    async load(): Promise<AlertSettings> {
      const reply = await http.request<{ alerts: AlertSettings }>(url());
      return required(reply, "GET /users/alerts").alerts;
    },
    async save(settings: AlertSettingsInput): Promise<AlertSettings> {
      const reply = await http.request<{ alerts: AlertSettings }>(url(), { method: "PUT", body: settings });
      return required(reply, "PUT /users/alerts").alerts;
    },
  };
}
