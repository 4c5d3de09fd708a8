import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginCodes, OutboxResponseSchema } from '../../../contracts/auth.ts'
import { loginFailures, passwordResetTokens, users } from '../../db/schema.ts'
import { DEMO_PASSWORD } from '../../db/demo-accounts.ts'
import { hashToken } from '../../lib/tokens.ts'
import { createTestApp, errorBody, login, signIn, type TestApp } from '../../test/helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const NEW_PASSWORD = 'Fresh-password-2'

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload: payload as object })
}

/** Requests a reset mail and reads user id and token from the link in the dev mailbox. */
async function requestReset(
  email: string,
  locale?: string,
): Promise<{ userId: number; token: string; link: string; subject: string; text: string }> {
  const response = await post('sendPasswordResetEmail', { email, locale })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ code: 'OK' })
  const mailbox = v.parse(
    OutboxResponseSchema,
    (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json(),
  )
  const mail = mailbox.data[0]
  expect(mail?.to.toLowerCase()).toBe(email.toLowerCase())
  const link = mail?.links[0] ?? ''
  const match = /^http:\/\/whitebox\.test\/reset-password\/(\d+)\/([\w-]+)\?lang=[\w-]+$/.exec(link)
  if (!match) throw new Error(`unexpected link ${link}`)
  expect(mail?.text).toContain(link)
  return {
    userId: Number(match[1]),
    token: match[2] ?? '',
    link,
    subject: mail?.subject ?? '',
    text: mail?.text ?? '',
  }
}

describe('password reset', () => {
  it.each([
    {
      locale: 'ar_SA',
      lang: 'ar-SA',
      subject: 'إعادة تعيين كلمة مرور Whitebox',
      minutes: '٦٠ دقيقة',
    },
    {
      locale: 'fr_CA',
      lang: 'fr-CA',
      subject: 'Réinitialisez votre mot de passe Whitebox',
      minutes: '60 minutes',
    },
    {
      locale: 'en_GB',
      lang: 'en-GB',
      subject: 'Reset your Whitebox password',
      minutes: '60 minutes',
    },
    // An unknown language falls back to the account's (none for the demo consumer): English.
    {
      locale: 'xx_XX',
      lang: 'en-GB',
      subject: 'Reset your Whitebox password',
      minutes: '60 minutes',
    },
  ])(
    'writes the mail in the page language $locale, and its link opens the page in it',
    async (row) => {
      const mail = await requestReset('consumer@example.com', row.locale)
      expect(new URL(mail.link).searchParams.get('lang')).toBe(row.lang)
      expect(mail.subject).toBe(row.subject)
      expect(mail.text).toContain(row.minutes)
    },
  )

  it('mails a link, validates it, resets once, and unlocks a locked account', async () => {
    const { userId, token } = await requestReset('locked@example.com')
    const [user] = await t.db.select().from(users).where(eq(users.email, 'locked@example.com'))
    expect(userId).toBe(user?.id)
    // Locks earned from two sources: the reset clears them all.
    await t.db.insert(loginFailures).values([
      { userId, source: 'ip:10.9.0.1', permanentlyLocked: true, lockoutCount: 3 },
      {
        userId,
        source: 'ip:10.9.0.2',
        failedAttempts: 2,
        lockedUntil: new Date(Date.now() + 60_000),
      },
    ])

    // Only the hash is stored.
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    expect(stored?.userId).toBe(userId)

    const valid = await post('isPasswordResetTokenValid', { user_id: userId, token })
    expect(valid.json()).toEqual({ code: 'OK', data: { valid: true } })

    const reset = await post('resetPassword', { user_id: userId, token, password: NEW_PASSWORD })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ code: 'OK' })

    const [after] = await t.db.select().from(users).where(eq(users.id, userId))
    expect(after).toMatchObject({ permanentlyLocked: false, lockedUntil: null })
    expect(after?.passwordChangedAt.getTime()).toBeGreaterThan(Date.now() - 10_000)
    expect(after?.tokensValidAfter?.getTime()).toBe(after?.passwordChangedAt.getTime())
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.userId, userId))).toEqual(
      [],
    )

    expect((await login(t.app, 'locked', NEW_PASSWORD)).statusCode).toBe(200)
    expect((await login(t.app, 'locked', DEMO_PASSWORD)).statusCode).toBe(401)

    // Single use.
    const again = await post('isPasswordResetTokenValid', { user_id: userId, token })
    expect(again.statusCode).toBe(400)
    expect(errorBody(again)).toEqual({ code: LoginCodes.INVALID_TOKEN })
    const reuse = await post('resetPassword', { user_id: userId, token, password: 'Another-one-3' })
    expect(errorBody(reuse)).toEqual({ code: LoginCodes.INVALID_TOKEN })
  })

  it('ends every session and every other reset link of the user', async () => {
    const pair = await signIn(t.app, 'consumer')
    const first = await requestReset('consumer@example.com')
    const second = await requestReset('consumer@example.com')
    const done = await post('resetPassword', {
      user_id: second.userId,
      token: second.token,
      password: NEW_PASSWORD,
    })
    expect(done.statusCode).toBe(200)

    const renew = await t.app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: { authorization: `Bearer ${pair.accessToken.token}` },
      payload: { refreshToken: pair.refreshToken.token },
    })
    expect(errorBody(renew).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
    const older = await post('isPasswordResetTokenValid', {
      user_id: first.userId,
      token: first.token,
    })
    expect(errorBody(older).code).toBe(LoginCodes.INVALID_TOKEN)
  })

  it('completes the expired-password flow with the token login gave', async () => {
    const refused = await login(t.app, 'expired')
    const data = errorBody(refused).data ?? {}
    const reset = await post('resetPassword', {
      user_id: data.USER_ID,
      token: data.RESET_TOKEN,
      password: NEW_PASSWORD,
    })
    expect(reset.statusCode).toBe(200)
    expect((await login(t.app, 'expired', NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('answers 404 EMAIL_NOT_FOUND for an unknown email and sends nothing', async () => {
    const before = v.parse(
      OutboxResponseSchema,
      (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json(),
    ).data.length
    const response = await post('sendPasswordResetEmail', { email: 'nobody@example.com' })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toEqual({ code: 'EMAIL_NOT_FOUND' })
    const after = v.parse(
      OutboxResponseSchema,
      (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json(),
    ).data.length
    expect(after).toBe(before)
  })

  it.each([
    { case: 'a wrong token', token: 'wrong', userOffset: 0 },
    { case: 'another user', token: null, userOffset: 1 },
  ])('refuses $case with INVALID_TOKEN', async ({ token, userOffset }) => {
    const issued = await requestReset('analyst@example.com')
    const payload = { user_id: issued.userId + userOffset, token: token ?? issued.token }
    const check = await post('isPasswordResetTokenValid', payload)
    expect(check.statusCode).toBe(400)
    expect(errorBody(check)).toEqual({ code: LoginCodes.INVALID_TOKEN })
    const reset = await post('resetPassword', { ...payload, password: NEW_PASSWORD })
    expect(reset.statusCode).toBe(400)
    expect(errorBody(reset)).toEqual({ code: LoginCodes.INVALID_TOKEN })
  })

  it('refuses an expired token', async () => {
    const issued = await requestReset('analyst@example.com')
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(issued.token)))
    const check = await post('isPasswordResetTokenValid', {
      user_id: issued.userId,
      token: issued.token,
    })
    expect(errorBody(check)).toEqual({ code: LoginCodes.INVALID_TOKEN })
  })

  it.each([
    { password: 'short1A!', code: 'INVALID_PASSWORD_FORMAT' },
    { password: 'alllowercaseletters', code: 'INVALID_PASSWORD_FORMAT' },
    { password: DEMO_PASSWORD, code: 'PASSWORD_UNCHANGED' },
  ])(
    'refuses the password "$password" with $code and keeps the token',
    async ({ password, code }) => {
      const issued = await requestReset('engineer@example.com')
      const response = await post('resetPassword', {
        user_id: issued.userId,
        token: issued.token,
        password,
      })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors: { password: [code] } })
      const check = await post('isPasswordResetTokenValid', {
        user_id: issued.userId,
        token: issued.token,
      })
      expect(check.statusCode).toBe(200)
    },
  )

  it('refuses malformed bodies with VALIDATION_FAIL', async () => {
    const response = await post('resetPassword', { user_id: 'one', token: '', password: 5 })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { user_id: ['INVALID'], token: ['LENGTH_MIN'], password: ['INVALID'] },
      values: { token: { LENGTH_MIN: 1 } },
    })
  })
})

describe('rate limits', () => {
  it('limits login per account, whatever the IP, with 429 RATE_LIMITED', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACCOUNT_PER_MINUTE: '3' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.0.0.${i + 1}`,
          payload: { email: 'Consumer@example.com', password: 'wrong' },
        })
        statuses.push(response.statusCode)
        if (response.statusCode === 429) {
          expect(errorBody(response)).toEqual({ code: 'RATE_LIMITED' })
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429])
      // Another account is not affected.
      expect((await login(limited.app, 'analyst')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it.each([
    {
      url: '/api/auth/login',
      payload: (i: number) => ({ email: `u${i}@example.com`, password: 'x' }),
    },
    {
      url: '/api/auth/sendPasswordResetEmail',
      payload: (i: number) => ({ email: `u${i}@example.com` }),
    },
    {
      url: '/api/auth/isPasswordResetTokenValid',
      payload: (i: number) => ({ user_id: i, token: 'x' }),
    },
    {
      url: '/api/auth/resetPassword',
      payload: (i: number) => ({ user_id: i, token: 'x', password: 'x' }),
    },
  ])('limits $url per IP across accounts', async ({ url, payload }) => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({ method: 'POST', url, payload: payload(i) })
        statuses.push(response.statusCode)
      }
      expect(statuses[2]).toBe(429)
      expect(statuses.slice(0, 2)).not.toContain(429)
      // Another client IP still gets through.
      const other = await limited.app.inject({
        method: 'POST',
        url,
        remoteAddress: '192.0.2.7',
        payload: payload(9),
      })
      expect(other.statusCode).not.toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('limits the reset endpoints per account (user id)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACCOUNT_PER_MINUTE: '2' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/isPasswordResetTokenValid',
          remoteAddress: `10.1.0.${i + 1}`,
          payload: { user_id: 4, token: `guess-${i}` },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual([400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})
