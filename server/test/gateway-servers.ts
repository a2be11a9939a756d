import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { DeliveryConfig } from "../gateways/delivery.ts";
import { deploymentFile, freshDatabase } from "./helpers.ts";

/** Test doubles that speak the providers' real protocols on 127.0.0.1, for the gateway tests. */

interface ReceivedMail {
  auth: string | null;
  from: string;
  to: string[];
  /** Headers and body as sent after DATA, dot-unstuffed, lines joined with CRLF. */
  data: string;
}

export interface SmtpListener {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP for one client: greeting, EHLO (AUTH PLAIN offered) or HELO, AUTH, MAIL, RCPT,
 * DATA and QUIT. `rejectRecipients` answers 550 to every RCPT.
 */
export async function startSmtpListener(options: { rejectRecipients?: boolean } = {}): Promise<SmtpListener> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    const reply = (...lines: string[]) => socket.write(lines.map((line) => `${line}\r\n`).join(""));
    let auth: string | null = null;
    let from = "";
    let to: string[] = [];
    let data: string[] | null = null;
    let buffer = "";

    const handle = (line: string) => {
      if (data) {
        if (line !== ".") {
          data.push(line.startsWith("..") ? line.slice(1) : line);
          return;
        }
        mails.push({ auth, from, to, data: data.join("\r\n") });
        data = null;
        from = "";
        to = [];
        reply("250 2.0.0 Ok: queued");
        return;
      }
      const verb = line.split(" ", 1)[0]?.toUpperCase();
      if (verb === "EHLO") reply("250-localhost", "250-AUTH PLAIN", "250 8BITMIME");
      else if (verb === "HELO") reply("250 localhost");
      else if (verb === "AUTH") {
        auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString("utf8");
        reply("235 2.7.0 Authentication successful");
      } else if (verb === "MAIL") {
        from = line.match(/<(.*)>/)?.[1] ?? "";
        reply("250 2.1.0 Ok");
      } else if (verb === "RCPT") {
        if (options.rejectRecipients) reply("550 5.1.1 No such user");
        else {
          to.push(line.match(/<(.*)>/)?.[1] ?? "");
          reply("250 2.1.5 Ok");
        }
      } else if (verb === "DATA") {
        data = [];
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "RSET" || verb === "NOOP") reply("250 Ok");
      else if (verb === "QUIT") {
        reply("221 2.0.0 Bye");
        socket.end();
      } else reply("502 5.5.2 Command not recognized");
    };

    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\r\n");
      while (end >= 0) {
        handle(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\r\n");
      }
    });
    reply("220 localhost ESMTP test listener");
  });
  const port = await listen(server);
  return {
    port,
    mails,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

interface SmsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface SmsListener {
  url: string;
  requests: SmsRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP SMS provider that answers each request with the next status of `statuses` (200 once they
 * run out); a status of 0 never answers. Error answers echo the message, as some providers do.
 */
export async function startSmsListener(statuses: number[] = []): Promise<SmsListener> {
  const requests: SmsRequest[] = [];
  const queue = [...statuses];
  const server = createHttpServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      body: JSON.parse(text) as unknown,
    });
    const status = queue.shift() ?? 200;
    if (status === 0) return;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(status < 300 ? JSON.stringify({ id: `msg-${requests.length}` }) : text);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("listener has no port");
  return address.port;
}

export interface DeliveryTestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app (API only) on a fresh database, with `delivery` as main.ts would pass it. */
export async function createDeliveryTestApp(delivery: DeliveryConfig): Promise<DeliveryTestApp> {
  const portalConfig = await loadPortalConfig(deploymentFile);
  const database = await freshDatabase(portalConfig);
  const app = await buildApp({ database, portalConfig, staticDir: null, devMailbox: true, delivery });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Undoes quoted-printable soft breaks and escapes, enough to read an ASCII mail body. */
export const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
