import { describe, expect, it } from 'vitest'
import {
  deviceCookieHeader,
  issueDeviceCookie,
  readCookie,
  verifyDeviceCookie,
} from './device-cookie.ts'

const KEY = 'a-key-that-is-long-enough-for-the-tests-0123456789'

describe('device cookies', () => {
  const value = issueDeviceCookie(KEY, 42)

  it('names the account it was issued for, with a new device id each time', () => {
    expect(verifyDeviceCookie(KEY, value)).toMatchObject({ userId: 42 })
    expect(verifyDeviceCookie(KEY, value)?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(verifyDeviceCookie(KEY, issueDeviceCookie(KEY, 42))?.deviceId).not.toBe(
      verifyDeviceCookie(KEY, value)?.deviceId,
    )
  })

  const [userId = '', deviceId = '', mac = ''] = value.split('.')
  it.each([
    { name: 'another key', key: 'another-key-that-is-long-enough-0123456789', cookie: value },
    { name: 'another account', key: KEY, cookie: `43.${deviceId}.${mac}` },
    { name: 'another device', key: KEY, cookie: `${userId}.${'A'.repeat(22)}.${mac}` },
    { name: 'a shortened signature', key: KEY, cookie: `${userId}.${deviceId}.${mac.slice(1)}` },
    { name: 'nothing', key: KEY, cookie: undefined },
    { name: 'garbage', key: KEY, cookie: 'x'.repeat(500) },
  ])('refuses $name', ({ key, cookie }) => {
    expect(verifyDeviceCookie(key, cookie)).toBeNull()
  })

  it.each([
    { header: 'wb_device=abc', value: 'abc' },
    { header: 'a=1; wb_device=abc; b=2', value: 'abc' },
    { header: 'xwb_device=abc', value: undefined },
    { header: undefined, value: undefined },
  ])('reads $header', ({ header, value: expected }) => {
    expect(readCookie(header, 'wb_device')).toBe(expected)
  })

  it('is Secure behind https only', () => {
    expect(deviceCookieHeader('v', true)).toMatch(/; Secure$/)
    expect(deviceCookieHeader('v', false)).not.toMatch(/Secure/)
  })
})
