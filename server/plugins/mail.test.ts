import { createServer, type Server } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../test/helpers.ts'

/** A minimal SMTP server that accepts every mail and keeps the DATA of each. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = []
  const server = createServer((socket) => {
    let inData = false
    let data = ''
    let buffer = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let newline = buffer.indexOf('\r\n')
      while (newline >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        newline = buffer.indexOf('\r\n')
        if (inData) {
          if (line === '.') {
            inData = false
            messages.push(data)
            data = ''
            socket.write('250 queued\r\n')
          } else {
            data += `${line}\n`
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n')
        else if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages })
    })
  })
}

describe('mail over SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>
  let t: TestApp
  beforeAll(async () => {
    smtp = await fakeSmtp()
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // Never beside real mail (server/env.ts).
      DEV_MAILBOX: '0',
      MAIL_FROM: 'Whitebox <no-reply@whitebox.test>',
    })
  })
  afterAll(async () => {
    await t.close()
    smtp.server.close()
  })

  it('sends the reset mail and marks its outbox row sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sendPasswordResetEmail',
      payload: { email: 'volunteer@example.com' },
    })
    expect(response.statusCode).toBe(200)
    let row: typeof outbox.$inferSelect | undefined
    for (let i = 0; i < 100 && !row?.sentAt; i += 1) {
      await sleep(50)
      ;[row] = await t.db.select().from(outbox).where(eq(outbox.to, 'volunteer@example.com'))
    }
    expect(row?.sentAt).toBeInstanceOf(Date)
    expect(row?.error).toBeNull()
    expect(smtp.messages).toHaveLength(1)
    const message = smtp.messages[0] ?? ''
    expect(message).toMatch(/^To: volunteer@example\.com$/m)
    expect(message).toMatch(/^From: Whitebox <no-reply@whitebox\.test>$/m)
    expect(message).toContain('http://whitebox.test/reset-password/2/')
  })
})
