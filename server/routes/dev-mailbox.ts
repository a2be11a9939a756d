import type { FastifyInstance } from "fastify";
import type { StoredMessage } from "../gateways/outbox.ts";
import { ok } from "../http/envelope.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject ?? (m.channel === "sms" ? "Text message" : "(no subject)"))}</h2>
  <p class="meta">${m.channel.toUpperCase()} to ${escapeHtml(m.recipient)} · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.provider)}</p>
  <pre>${escapeHtml(m.body)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<link rel="stylesheet" href="/dev/mailbox.css">
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>Emails and text messages the server sent, newest first (bodies a real provider delivered are removed). <a href="/dev/mailbox.json">JSON</a></p>
${rows || "<p>No messages yet.</p>"}
</main>
</body>
</html>`;
}

const styles = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1f2933}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
article{background:#fff;border:1px solid #cbd2d9;border-radius:8px;padding:1rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#52606d;margin:0 0 .5rem}
pre{white-space:pre-wrap;font:inherit;margin:0}`;

/** The dev mailbox: what the sandbox outbox kept, as a page and as JSON. */
export default async function devMailboxRoutes(app: FastifyInstance) {
  app.get("/dev/mailbox.json", async () => ok({ messages: await app.outbox.list() }));
  app.get("/dev/mailbox.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(styles));
  app.get("/dev/mailbox", async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(page(await app.outbox.list())),
  );
}
