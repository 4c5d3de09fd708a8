import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { INSTANT_TEST_CODES } from '#contracts/instant-test.ts'
import {
  INSTANT_TEST_FAILURES,
  instantTestCodeMessage,
  isRetryable,
  type InstantTestFailure,
} from './instant-test-codes'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const text = (code: InstantTestFailure, wording: 'consumer' | 'engineer') => {
  const { title, explanation } = instantTestCodeMessage(code, wording)
  return { title: i18n._(title), explanation: i18n._(explanation) }
}

describe('instant test codes (seeds 8.4)', () => {
  it('covers every server code', () => {
    for (const code of INSTANT_TEST_CODES) expect(INSTANT_TEST_FAILURES).toContain(code)
  })

  it.each(INSTANT_TEST_FAILURES.map((code) => ({ code })))(
    '$code has its own engineer and consumer wording',
    ({ code }) => {
      const engineer = text(code, 'engineer')
      const consumer = text(code, 'consumer')
      for (const message of [engineer, consumer]) {
        expect(message.title.length).toBeGreaterThan(3)
        expect(message.explanation.length).toBeGreaterThan(message.title.length)
      }
      expect(engineer.title).not.toBe(consumer.title)
      expect(engineer.explanation).not.toBe(consumer.explanation)
    },
  )

  it.each<{ code: InstantTestFailure; pattern: RegExp; retryable: boolean }>([
    { code: 'ACCESS_DENIED', pattern: /permission|not linked to your account/i, retryable: false },
    { code: 'NOT_TT_COMPATIBLE', pattern: /firmware|update/i, retryable: false },
    { code: 'INCOMPATIBLE', pattern: /mobile connection|connected/i, retryable: false },
    { code: 'UNREACHABLE', pattern: /offline|cannot be reached|cannot reach/i, retryable: true },
    { code: 'NOT_READY', pattern: /power/i, retryable: true },
    { code: 'IN_PROGRESS', pattern: /wait 1 minute/i, retryable: true },
    { code: 'NO_AVAILABLE_TESTS', pattern: /account manager/i, retryable: false },
    { code: 'TARGET_AT_CAPACITY', pattern: /busy/i, retryable: true },
    { code: 'UNKNOWN', pattern: /try again later/i, retryable: true },
    { code: 'OFFLINE', pattern: /connection/i, retryable: true },
    { code: 'CONNECTION_LOST', pattern: /may still finish/i, retryable: true },
    { code: 'SESSION_ENDED', pattern: /sign in again/i, retryable: true },
  ])('$code says what the seeds say in both wordings', ({ code, pattern, retryable }) => {
    const engineer = text(code, 'engineer')
    const consumer = text(code, 'consumer')
    expect(`${engineer.title} ${engineer.explanation}`).toMatch(pattern)
    expect(`${consumer.title} ${consumer.explanation}`).toMatch(pattern)
    expect(isRetryable(code)).toBe(retryable)
  })
})
