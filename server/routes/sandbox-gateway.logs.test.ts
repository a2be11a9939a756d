import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { CardInput } from "../gateways/payments/checks.ts";
import { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import { scrubUrl } from "../http/logging.ts";
import { deploymentFile, freshDatabase, testPublicUrl } from "../test/helpers.ts";

/**
 * Card data never reaches a log line: not from Fastify's request lines, not from a refused body, not
 * from an error raised with the card in hand, at the most talkative level.
 */
const pan = "4000000000009995";
const amexPan = "378282246310005";
const cvc = "739";
const amexCvc = "7391";

/** A sandbox whose Amex tokenization fails with the careless message a bug might raise. */
class FailingSandbox extends SandboxPaymentGateway {
  override createCardToken(input: CardInput) {
    if (input.number.startsWith("37")) throw new Error(`could not tokenize ${JSON.stringify(input)}`);
    return super.createCardToken(input);
  }
}

const lines: string[] = [];
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const portalConfig = await loadPortalConfig(deploymentFile);
  database = await freshDatabase(portalConfig);
  app = await buildApp({
    database,
    portalConfig,
    staticDir: null,
    devMailbox: false,
    publicUrl: testPublicUrl,
    logLevel: "trace",
    logStream: { write: (line) => lines.push(line) },
    paymentGateway: new FailingSandbox(),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, character, index) => {
    const digit = Number(character) * (index % 2 === 1 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0) %
    10 ===
  0;

/** The log without the clock, timings and process id: numbers of their own that may hold any digits. */
const withoutTimings = (log: string[]) =>
  log.map((line) => {
    const {
      time: _time,
      responseTime: _responseTime,
      pid: _pid,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  });

/** Every run of 13 to 19 digits (spaced or dashed as typed) that passes Luhn. */
function cardNumbersIn(log: string[]): string[] {
  const found: string[] = [];
  for (const match of log.join("\n").matchAll(/[0-9](?:[ -]?[0-9]){12,18}/g)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (luhn(digits)) found.push(digits);
  }
  return found;
}

const card = { number: pan, exp_month: 12, exp_year: 2031, cvc, postal_code: "94103" };

describe("card data in the log", () => {
  it("is nowhere, whatever path the request takes", async () => {
    lines.length = 0;
    const sent = [
      // Tokenized.
      await app.inject({ method: "POST", url: "/sandbox-gateway/v1/tokens", payload: card }),
      // Refused by the sandbox (402) and by the schema (400).
      await app.inject({ method: "POST", url: "/sandbox-gateway/v1/tokens", payload: { ...card, cvc: "1" } }),
      await app.inject({ method: "POST", url: "/sandbox-gateway/v1/tokens", payload: { ...card, x: 1 } }),
      // Not JSON, with the card in the text a parser error quotes.
      await app.inject({
        method: "POST",
        url: "/sandbox-gateway/v1/tokens",
        headers: { "content-type": "application/json" },
        payload: `{"number":"${pan}","cvc":"${cvc}",`,
      }),
      // The card in the query string, plain and spaced.
      await app.inject({
        method: "POST",
        url: `/sandbox-gateway/v1/tokens?number=${pan}&cvc=${cvc}`,
        payload: card,
      }),
      await app.inject({
        method: "POST",
        url: "/sandbox-gateway/v1/tokens?number=4000%200000%200000%209995",
        payload: card,
      }),
      // A bank account.
      await app.inject({
        method: "POST",
        url: "/sandbox-gateway/v1/bank_tokens",
        payload: {
          routing_number: "110000000",
          account_number: "000123456789",
          account_type: "checking",
          account_holder_name: "Ada Lovelace",
        },
      }),
      // A failure inside the gateway whose message quotes the whole card.
      await app.inject({
        method: "POST",
        url: "/sandbox-gateway/v1/tokens",
        payload: { ...card, number: amexPan, cvc: amexCvc },
      }),
    ];
    expect(sent.map((reply) => reply.statusCode)).toEqual([200, 402, 400, 400, 400, 400, 200, 500]);
    expect(sent.at(-1)?.json()).toMatchObject({ data: null, errors: [{ code: 50001 }] });

    const log = withoutTimings(lines).join("\n");
    // The log did see these requests and the failure.
    expect(log).toContain("/sandbox-gateway/v1/tokens");
    expect(log).toContain("unhandled error");
    expect(log).toContain("message withheld");
    expect(log).toContain("sandbox-gateway.ts");
    expect(cardNumbersIn(withoutTimings(lines))).toEqual([]);
    for (const secret of [pan, amexPan, "4000 0000 0000 9995", "000123456789", "110000000"]) {
      expect(log).not.toContain(secret);
    }
    for (const code of [cvc, amexCvc]) {
      expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    }
  });

  it("is censored when a handler logs a body by mistake", () => {
    lines.length = 0;
    app.log.info({ body: card, card: { number: pan, cvc, account_number: "000123456789" } }, "careless");
    const log = withoutTimings(lines).join("\n");
    expect(log).toContain("careless");
    expect(log).not.toContain(pan);
    expect(log).not.toMatch(/(?<![0-9])739(?![0-9])/);
    expect(log).not.toContain("000123456789");
  });
});

describe("scrubUrl", () => {
  it("censors personal and payment parameters and card-like digit runs, keeping the rest", () => {
    expect(scrubUrl("/a/b")).toBe("/a/b");
    expect(scrubUrl("/pay?number=4242424242424242&cvc=739&step=2")).toBe(
      "/pay?number=[redacted]&cvc=[redacted]&step=2",
    );
    expect(scrubUrl("/confirm?token=abc&email=a%40b.example&x")).toBe(
      "/confirm?token=[redacted]&email=[redacted]&x",
    );
    expect(scrubUrl("/p?q=4242+4242+4242+4242&r=4242-4242-4242-4242")).toBe("/p?q=[redacted]&r=[redacted]");
    expect(scrubUrl("/cards/4242424242424242")).toBe("/cards/[redacted]");
    expect(scrubUrl("/p?%E0%A4%A=1&n%75mber=1")).toBe("/p?%E0%A4%A=1&n%75mber=[redacted]");
  });
});
