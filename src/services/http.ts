import { ofetch } from "ofetch";
import { type ApiError, type Envelope, ErrorCode } from "../domain/envelope.ts";
import type { PortalStorage } from "./storage.ts";

/** What the client reports to the portal; the root machine decides what happens. */
interface HttpSignals {
  /** A 401 while signed in, or error 50020 in any reply. */
  sessionExpired(): void;
  /** No reply at all, or HTTP 503. Never a reason to sign out. */
  networkLost(): void;
  /** Error 40104 while signed in: the account was deactivated (on another device, or here). */
  accountDeactivated(): void;
  /**
   * The server answered "busy" (503, error 50302, Retry-After): nothing was done, and the client waits
   * what it asks and tries again by itself. Said once per request that had to wait.
   */
  serverBusy?(): void;
}

/** A non-2xx reply (status 0: no reply), carrying the envelope's errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiError[];
  /** Seconds the reply's Retry-After header asks to wait (a throttled attempt), else null. */
  readonly retryAfter: number | null;

  constructor(status: number, errors: ApiError[], options?: { cause?: unknown; retryAfter?: number | null }) {
    super(errors[0]?.message ?? `HTTP ${status}`, options);
    this.name = "ApiRequestError";
    this.status = status;
    this.errors = errors;
    this.retryAfter = options?.retryAfter ?? null;
  }

  /** The first error code, for machines and messages. */
  get code(): number {
    return this.errors[0]?.code ?? ErrorCode.internal;
  }
}

/** A reply that must carry data (a 2xx without it is the server's fault, not the rider's). */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} answered without data`);
  return value;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: Record<string, unknown> | unknown[];
  query?: Record<string, string | number | undefined>;
  /** Extra headers of this request (an order's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * Hears the errors of a successful reply: a 2xx whose envelope still names problems beside its data
   * (a checkout quote priced without a promo code or shipping method that does not hold).
   */
  warnings?: (errors: ApiError[]) => void;
  /**
   * The request carries its own credentials (a guest card token on /manage-card): a 401 speaks of them,
   * not of the rider's session, so it never signs the rider out.
   */
  ownCredentials?: boolean;
}

export interface HttpClient {
  /** Resolves with the envelope's data; 204 and 205 resolve with undefined. */
  request<Data>(path: string, options?: RequestOptions): Promise<Data | undefined>;
}

export interface HttpClientOptions {
  storage: PortalStorage;
  signals: HttpSignals;
  clientId: () => string | null;
  fetch?: typeof globalThis.fetch;
  /** Waits `ms` before a busy request is tried again (a timer; tests pass one that returns at once). */
  wait?: (ms: number) => Promise<void>;
  /** 0 to 1, the share of a second added to each wait so riders told alike do not all come back alike. */
  jitter?: () => number;
  /**
   * What every request to `path` adds to its query: the deployment's child organisation on every
   * transit-service call when one is configured (spec section 7).
   */
  scope?: (path: string) => Record<string, string>;
}

/** How long, at most, one request waits in all on a busy server before it gives up with the 503. */
const busyWaitBudgetMs = 60_000;
/** The longest single Retry-After honoured; a longer one is a real outage, not a busy moment. */
const busyRetryAfterMaxSeconds = 10;

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && "errors" in value && Array.isArray(value.errors);
}

/** The one HTTP client of the portal (spec section 7). */
export function createHttpClient({
  storage,
  signals,
  clientId,
  fetch,
  wait = defaultWait,
  jitter = Math.random,
  scope = () => ({}),
}: HttpClientOptions): HttpClient {
  const $fetch = ofetch.create({ retry: 0 }, fetch ? { fetch } : {});

  function headers(): Record<string, string> {
    const result: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Language": storage.get("language") ?? "en",
    };
    const id = clientId();
    if (id) result["X-Client-Id"] = id;
    const authToken = storage.get("authToken");
    const cardToken = storage.get("isGuestUser") ? storage.get("cardToken") : null;
    const tempToken = storage.get("tempAuthToken");
    // A sign-in under way outranks a guest's card token: the guest who opened a card on /manage-card
    // and then signs in must reach their own profile (issue 35), not be refused as the card.
    if (authToken) result.Authorization = `Bearer ${authToken}`;
    else if (tempToken) result.Authorization = `Bearer ${tempToken}`;
    else if (cardToken) result.Authorization = `Card ${cardToken}`;
    return result;
  }

  /**
   * The request, tried again while the server answers "busy" (503 with error 50302 and a Retry-After of
   * at most 10 s: it did nothing, so trying again is safe for any method), waiting what it asks plus a
   * little jitter, for at most `busyWaitBudgetMs` in all; then the last answer stands.
   */
  async function send<Data>(path: string, options: RequestOptions): Promise<Data | undefined> {
    let waited = 0;
    for (;;) {
      try {
        return await sendOnce<Data>(path, options);
      } catch (error) {
        const busy =
          error instanceof ApiRequestError &&
          error.status === 503 &&
          error.code === ErrorCode.busy &&
          error.retryAfter !== null &&
          error.retryAfter <= busyRetryAfterMaxSeconds;
        const pause = busy ? (error.retryAfter ?? 0) * 1000 + Math.floor(jitter() * 1000) : 0;
        if (!busy || waited + pause > busyWaitBudgetMs) throw error;
        if (waited === 0) signals.serverBusy?.();
        waited += pause;
        await wait(pause);
      }
    }
  }

  async function sendOnce<Data>(path: string, options: RequestOptions): Promise<Data | undefined> {
    const signedIn = storage.isSignedIn();
    const sentToken = storage.get("authToken");
    let response: Awaited<ReturnType<typeof $fetch.raw<Envelope<Data>>>>;
    const query = { ...options.query, ...scope(path) };
    try {
      response = await $fetch.raw<Envelope<Data>>(path, {
        method: options.method ?? "GET",
        headers: { ...headers(), ...options.headers },
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(Object.keys(query).length > 0 ? { query } : {}),
        ignoreResponseError: true,
      });
    } catch (cause) {
      signals.networkLost();
      throw new ApiRequestError(0, [{ code: ErrorCode.unavailable, message: "Network Error" }], { cause });
    }
    const body: unknown = response._data;
    const errors = isEnvelope(body) ? body.errors : [];
    const sessionInvalid = errors.some((error) => error.code === ErrorCode.sessionInvalid);
    // A reply to a session that ended while it was on its way (the rider signed out or deleted the
    // account meanwhile) says nothing about the session the portal has now.
    const stale = sentToken !== null && storage.get("authToken") !== sentToken;
    const deactivated = signedIn && errors.some((error) => error.code === ErrorCode.accountDeactivated);
    if (!stale && deactivated) signals.accountDeactivated();
    else if (!stale && (sessionInvalid || (response.status === 401 && signedIn && !options.ownCredentials)))
      signals.sessionExpired();
    // A 503 is a lost server, unless it says it is only busy (see `send`): that is no reason for the
    // "No Internet Connection" popup.
    const busy = response.status === 503 && errors.some((error) => error.code === ErrorCode.busy);
    const retryAfter = retryAfterOf(response.headers.get("Retry-After"));
    if (response.status === 503 && !(busy && retryAfter !== null)) signals.networkLost();
    if (!response.ok || sessionInvalid) {
      throw new ApiRequestError(
        response.status,
        errors.length > 0 ? errors : [{ code: fallbackCode(response.status), message: response.statusText }],
        { retryAfter },
      );
    }
    if (errors.length > 0) options.warnings?.(errors);
    if (response.status === 204 || response.status === 205) return undefined;
    return isEnvelope(body) ? ((body.data as Data | null) ?? undefined) : undefined;
  }

  return {
    request: <Data>(path: string, options: RequestOptions = {}) => send<Data>(path, options),
  };
}

/** Retry-After in seconds (the form servers here send); a date or nothing gives null. */
function retryAfterOf(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : null;
}

function fallbackCode(status: number): number {
  if (status === 401) return ErrorCode.unauthorized;
  if (status === 403) return ErrorCode.forbidden;
  if (status === 404) return ErrorCode.notFound;
  if (status === 503) return ErrorCode.unavailable;
  return ErrorCode.internal;
}
