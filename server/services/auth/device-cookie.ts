import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * has signed in to an account before gets a signed, HttpOnly cookie naming that account and a
 * random device id. Its later attempts count their wrong passwords against that device, not the
 * address, so a lockout earned by others at the same address (an office, a carrier's NAT, an
 * attacker on the café Wi-Fi) does not stop it. A stolen cookie is worth nothing without the
 * password: it only moves where failures are counted.
 */
export const DEVICE_COOKIE = 'wb_device'

/** One year: a device seen in that time is still the owner's. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 86_400

/** What a verified device cookie says. */
export type DeviceCookie = { userId: number; deviceId: string }

function signature(key: string, payload: string): Buffer {
  return createHmac('sha256', `wb-device-cookie:${key}`).update(payload).digest()
}

/** A new cookie value for `userId` on a new device: `<userId>.<deviceId>.<signature>`. */
export function issueDeviceCookie(key: string, userId: number): string {
  const payload = `${String(userId)}.${randomBytes(16).toString('base64url')}`
  return `${payload}.${signature(key, payload).toString('base64url')}`
}

/** The cookie's user and device when its signature holds, else null. */
export function verifyDeviceCookie(key: string, value: string | undefined): DeviceCookie | null {
  if (!value || value.length > 200) return null
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value)
  if (!match) return null
  const [, userId = '', deviceId = '', mac = ''] = match
  const expected = signature(key, `${userId}.${deviceId}`)
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId: Number(userId), deviceId }
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim()
    }
  }
  return undefined
}

/** The Set-Cookie header of a device cookie: sent to the login route only, never to scripts. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/api/auth/login',
    `Max-Age=${String(DEVICE_COOKIE_MAX_AGE_SECONDS)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}
