import { desc } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OutboxMail } from '../../../contracts/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import type { Db } from '../../db/client.ts'
import { outbox } from '../../db/schema.ts'
import { declare } from '../../plugins/access.ts'

const LIST_LIMIT = 100

async function latestMails(db: Db): Promise<OutboxMail[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(LIST_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Only http(s) links become clickable: a stored `javascript:` URL must stay inert text. */
function safeHref(link: string): string | null {
  try {
    const url = new URL(link)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** The dev mailbox page: server-rendered, escaped, no script at all (the CSP forbids inline). */
export function renderMailbox(mails: OutboxMail[]): string {
  const items = mails.map((mail) => {
    const links = mail.links
      .map((link) => {
        const href = safeHref(link)
        return href
          ? `<li><a href="${escapeHtml(href)}">${escapeHtml(link)}</a></li>`
          : `<li>${escapeHtml(link)}</li>`
      })
      .join('')
    return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(mail.createdAt)}</time></p>
${links ? `<ul>${links}</ul>` : ''}
<pre>${escapeHtml(mail.text)}</pre>
</article>`
  })
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Whitebox dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-inline-size:48rem;color:#1a1a1a}
article{border:1px solid #767676;border-radius:.5rem;padding:1rem;margin-block:1rem}
.meta{color:#4a4a4a}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}
a{color:#0b57d0;font-size:1.05rem;overflow-wrap:anywhere}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mails the server sent (newest first, the last ${LIST_LIMIT}). Shown only with DEV_MAILBOX on.</p>
${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>
`
}

/** A socket address on this machine (IPv4 loopback, IPv6 loopback, IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address)
}

/**
 * The dev mailbox: GET /api/dev/mailbox (JSON) and GET /dev/mailbox (a page), only with
 * DEV_MAILBOX on, which the server accepts only on a loopback bind and without SMTP (server/env.ts).
 * It needs no sign-in (it is how a developer reads reset links), so it also answers only callers on
 * this machine, and the Host check (plugins/host-check.ts) keeps pages elsewhere from rebinding to it.
 * Off, or asked from elsewhere, both answer 404 (and /dev/mailbox is kept out of the SPA fallback).
 */
export function devMailboxRoutes(
  app: FastifyInstance,
  options: { enabled: boolean },
): Promise<void> {
  const notFound = { code: CommonCodes.NOT_FOUND }
  const local = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.enabled || !isLoopbackAddress(request.socket.remoteAddress ?? '')) {
      return reply.code(404).send(notFound)
    }
  }
  app.get('/api/dev/mailbox', { ...declare('public'), onRequest: [local] }, async () => ({
    data: await latestMails(app.db),
  }))
  app.get('/dev/mailbox', { onRequest: [local] }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailbox(await latestMails(app.db))),
  )
  return Promise.resolve()
}
