import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type FormMethod, formDefinition } from "../../server/forms/definitions.ts";
import { App } from "../../src/app/App.tsx";
import { createLiveApp } from "../../src/app/live.ts";
import { portalConfig, storedUser } from "./fixtures.ts";

export type FakeRoute = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body sent, or null. */
  body: unknown;
}) => Response | null;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API the shell needs, answered in memory; `override` answers first, `offline` fails every request. */
export function fakeApi(options: { override?: FakeRoute; offline?: () => boolean } = {}) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://portal.test");
    calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
    if (options.offline?.()) throw new TypeError("Failed to fetch");
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : null;
    const request = { method: init?.method ?? "GET", path: url.pathname, query: url.searchParams, body };
    const overridden = options.override?.(request);
    if (overridden) return overridden;
    switch (url.pathname) {
      case "/portal-config":
        return json(200, { data: portalConfig, errors: [] });
      case "/healthz":
        return json(200, { data: { status: "ok" }, errors: [] });
      case "/transit/org_config":
        return json(200, {
          data: {
            organization_config: [
              { config_key: "service_level_bus", config_value: "Bus" },
              { config_key: "service_level_rail", config_value: "Rail" },
            ],
          },
          errors: [],
        });
      case "/accounts/users/me":
        return headers.get("authorization")?.startsWith("Bearer ")
          ? json(200, { data: storedUser, errors: [] })
          : json(401, { data: null, errors: [{ code: 40101, message: "unauthorized" }] });
      case "/transit/api/get_form": {
        const method = (body as { form_method?: FormMethod } | null)?.form_method ?? "SIGN_IN";
        return json(200, { data: formDefinition(method, "en"), errors: [] });
      }
      default:
        return json(404, { data: null, errors: [{ code: 40401, message: "not found" }] });
    }
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Renders the whole portal at `path`, wired exactly as in production except for the network. */
export function renderApp(path = "/", api = fakeApi()) {
  window.history.replaceState(null, "", path);
  const user = userEvent.setup();
  const view = render(<App live={createLiveApp(window, api.fetch)} />);
  return { ...view, user, api };
}
