import { afterEach, describe, expect, it } from 'vitest'
import { deauthenticate } from '../../session'
import {
  forgetAutoOpenedOnDeauthentication,
  rememberAutoOpened,
  wasAutoOpened,
} from './feature-updates.flags'

describe('the modal’s once-per-sign-in flag', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    localStorage.clear()
  })

  it('is kept until a sign-out, which the boot registers (also where the modal never loaded)', () => {
    rememberAutoOpened(7)
    deauthenticate()
    // Nothing registered: the flag stays.
    expect(wasAutoOpened(7)).toBe(true)
    stop = forgetAutoOpenedOnDeauthentication()
    deauthenticate()
    expect(wasAutoOpened(7)).toBe(false)
  })
})
