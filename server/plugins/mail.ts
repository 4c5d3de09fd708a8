import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import { shared } from './shared.ts'

/** A mail to send: plain text plus the links it carries (the dev mailbox makes them clickable). */
export type Mail = { to: string; subject: string; text: string; links: string[] }

export type Mailer = { send: (mail: Mail) => Promise<void> }

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * Every mail is written to the outbox table first (the record, and the dev mailbox's source);
 * with SMTP_URL it is then sent in the background and its row marked sent or failed, so a slow
 * or broken mail server never holds up the request.
 */
export function createMailer(options: {
  db: Db
  log: FastifyBaseLogger
  smtpUrl: string | undefined
  from: string
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  return {
    async send(mail) {
      const [row] = await options.db.insert(outbox).values(mail).returning({ id: outbox.id })
      if (!transport || !row) return
      transport
        .sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
        .then(() =>
          options.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id)),
        )
        .catch(async (error: unknown) => {
          options.log.error({ err: error, outboxId: row.id }, 'mail not sent')
          await options.db
            .update(outbox)
            .set({ error: String(error).slice(0, 1000) })
            .where(eq(outbox.id, row.id))
            .catch(() => undefined)
        })
    },
  }
}

/** Decorates the app with `mailer`. */
export const mail = shared(
  (app: FastifyInstance, options: { smtpUrl: string | undefined; from: string }) => {
    app.decorate('mailer', createMailer({ db: app.db, log: app.log, ...options }))
    return Promise.resolve()
  },
)
