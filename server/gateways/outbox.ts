import type { Database } from "../db/client.ts";
import {
  createOutboxRepository,
  type OutboxChannel,
  type OutboxRow,
  type OutboxStatus,
  type Retry,
} from "../repositories/outbox.ts";
import {
  createProviders,
  type DeliveryConfig,
  type DeliveryProvider,
  type DeliveryProviders,
  defaultRetryPolicy,
  type RetryPolicy,
  sandboxDelivery,
} from "./delivery.ts";

export interface OutgoingMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
}

export interface StoredMessage extends OutgoingMessage {
  id: number;
  provider: string;
  status: OutboxStatus;
  createdAt: string;
  deliveredAt: string | null;
}

/**
 * Every email and text message leaves through here. With no provider configured, the sandbox keeps
 * the message for the dev mailbox; a configured provider delivers it (see createOutbox).
 */
export interface Outbox {
  /** Writes the message and starts its delivery: for a message that reports no other change. */
  send(message: OutgoingMessage): Promise<StoredMessage>;
  /**
   * Writes the message with `executor`, the transaction of the change it reports, without delivering
   * it: the caller hands the row to `dispatch` once that transaction committed (a row that never
   * committed is never delivered; a crash in between leaves it to the dispatcher's next pass). `null`
   * runs the same insert and writes nothing, for a path that must cost what the writing one costs.
   */
  write(executor: Database, message: OutgoingMessage): Promise<StoredMessage>;
  write(executor: Database, message: null): Promise<null>;
  /** Starts delivering a committed row now (sandbox rows need nothing). */
  dispatch(message: StoredMessage): void;
  list(limit?: number): Promise<StoredMessage[]>;
}

/** Retries what a provider refused, with the app's lifetime. */
interface OutboxDispatcher {
  /** Tries the due messages now and then every `intervalMs` (an unref'ed timer). */
  start(): void;
  /** Stops the timer, waits for deliveries under way and closes the providers. */
  stop(): Promise<void>;
  /** One pass over the messages due at `now`; resolves once each was tried. */
  dispatchDue(now?: Date): Promise<void>;
  /** Resolves once every delivery under way has settled. */
  settled(): Promise<void>;
}

export type DeliveringOutbox = Outbox & OutboxDispatcher;

/** Minimal logger (Fastify's fits). Never give it a message body. */
export interface OutboxLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What stays of a body once a real provider carried it: codes and reset links do not rest here. */
export const redactedBody = "[delivered: body removed]";

const sandboxProvider = "sandbox";
const retryable: OutboxStatus[] = ["pending", "failed"];
const silentLog: OutboxLog = { debug() {}, warn() {}, error() {} };

/**
 * A transactional outbox. `send` writes the row first, so nothing is lost when a provider is down,
 * then starts delivery without waiting for it: the caller's answer (sign-up, forgot password, a code)
 * neither fails nor takes longer when a provider does, so it tells nothing about the account. A failed
 * attempt is recorded on the row and retried by the dispatcher with backoff. Claiming a row moves its
 * `next_attempt_at` ahead as a lease, so two servers on one database do not both deliver it.
 */
export function createOutbox(
  db: Database,
  config: DeliveryConfig = sandboxDelivery,
  log: OutboxLog = silentLog,
): DeliveringOutbox {
  const messages = createOutboxRepository(db);
  const providers: DeliveryProviders = createProviders(config);
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...config.retry };
  const inFlight = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> | null = null;
  let stopped = false;

  const configured = (Object.entries(providers) as [OutboxChannel, DeliveryProvider | null][]).filter(
    (entry): entry is [OutboxChannel, DeliveryProvider] => entry[1] !== null,
  );
  const carriers = configured.map(([channel, provider]) => ({ channel, provider: provider.name }));
  const retryAt = (now: Date): Retry => ({ statuses: retryable, maxAttempts: policy.maxAttempts, now });

  const delayAfter = (attempt: number) =>
    policy.delaysMs[Math.min(attempt, policy.delaysMs.length) - 1] ?? policy.intervalMs;

  /** Claims row `id` if it is due at `now`, tries its provider once and records the outcome. */
  async function attempt(id: number, now: Date): Promise<void> {
    const row = await messages.claim(id, retryAt(now), new Date(now.getTime() + policy.leaseMs));
    if (!row) return;
    const provider = providers[row.channel];
    if (!provider || provider.name !== row.provider) return;
    const details = { outboxId: row.id, channel: row.channel, provider: row.provider, attempt: row.attempts };
    try {
      await provider.deliver(toStored(row));
    } catch (error) {
      const reason = describe(error);
      const finalAttempt = row.attempts >= policy.maxAttempts;
      await messages.recordFailure(row.id, reason, new Date(Date.now() + delayAfter(row.attempts)));
      log.warn(
        { ...details, finalAttempt, reason },
        finalAttempt ? "outbox message undeliverable, giving up" : "outbox delivery failed, will retry",
      );
      return;
    }
    await messages.recordDelivery(row.id, redactedBody, new Date());
    log.debug(details, "outbox message delivered");
  }

  /** Runs one attempt in the background; its failures end in the log, never in a caller. */
  function track(id: number, now: Date): Promise<void> {
    const running = inFlight.get(id);
    if (running) return running;
    const task = attempt(id, now)
      .catch((error: unknown) =>
        log.error({ outboxId: id, reason: describe(error) }, "outbox dispatch error"),
      )
      .finally(() => inFlight.delete(id));
    inFlight.set(id, task);
    return task;
  }

  async function dispatchDue(now = new Date()): Promise<void> {
    if (carriers.length === 0) return;
    pass ??= (async () => {
      const due = await messages.dueIds(retryAt(now), carriers, 50);
      for (const id of due) {
        if (stopped) break;
        await track(id, now);
      }
    })()
      .catch((error: unknown) => log.error({ reason: describe(error) }, "outbox dispatch error"))
      .finally(() => {
        pass = null;
      });
    return pass;
  }

  async function settled(): Promise<void> {
    while (pass || inFlight.size > 0) {
      await Promise.allSettled([pass, ...inFlight.values()]);
    }
  }

  async function write(executor: Database, message: OutgoingMessage): Promise<StoredMessage>;
  async function write(executor: Database, message: null): Promise<null>;
  async function write(executor: Database, message: OutgoingMessage | null): Promise<StoredMessage | null> {
    if (!message) {
      await createOutboxRepository(executor).addNothing(sandboxProvider);
      return null;
    }
    const provider = providers[message.channel];
    const now = new Date();
    const row = await createOutboxRepository(executor).add({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      provider: provider?.name ?? sandboxProvider,
      status: provider ? "pending" : "sent",
      deliveredAt: provider ? null : now,
      nextAttemptAt: now,
    });
    return toStored(row);
  }

  function dispatch(message: StoredMessage): void {
    if (message.status === "pending" && providers[message.channel] && !stopped) {
      void track(message.id, new Date());
    }
  }

  return {
    async send(message) {
      const stored = await write(db, message);
      dispatch(stored);
      return stored;
    },
    write,
    dispatch,
    async list(limit = 100) {
      return (await messages.latest(limit)).map(toStored);
    },
    start() {
      if (timer || stopped || carriers.length === 0) return;
      timer = setInterval(() => void dispatchDue(), policy.intervalMs);
      timer.unref();
      void dispatchDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await settled();
      await Promise.all(configured.map(([, provider]) => provider.close()));
    },
    dispatchDue,
    settled,
  };
}

/** An error as one line for the row and the log; provider errors are built without message bodies. */
function describe(error: unknown): string {
  const text =
    error instanceof Error
      ? error.cause instanceof Error
        ? `${error.name}: ${error.message} (${error.cause.message})`
        : `${error.name}: ${error.message}`
      : String(error);
  return text.slice(0, 500);
}

function toStored(row: OutboxRow): StoredMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    ...(row.subject === null ? {} : { subject: row.subject }),
    body: row.body,
    provider: row.provider,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
