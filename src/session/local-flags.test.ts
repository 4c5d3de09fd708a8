import { afterEach, describe, expect, it } from 'vitest'
import { FLAG_KEYS, readPanelFlag, writePanelFlag } from './local-flags'

afterEach(() => {
  localStorage.clear()
})

describe('the selected panel on this device (seeds 001 §1 pid)', () => {
  it.each([
    {
      name: 'the same user reads it back',
      stored: { userId: 7, panelId: 3 },
      reader: 7,
      expected: 3,
    },
    { name: 'another user does not', stored: { userId: 7, panelId: 3 }, reader: 8, expected: null },
    { name: 'the old bare-number form is ignored', stored: 3, reader: 7, expected: null },
    { name: 'junk is ignored', stored: 'x', reader: 7, expected: null },
  ])('$name', ({ stored, reader, expected }) => {
    localStorage.setItem(FLAG_KEYS.panel, JSON.stringify(stored))
    expect(readPanelFlag(reader)).toBe(expected)
  })

  it('writes and forgets', () => {
    writePanelFlag(7, 2)
    expect(readPanelFlag(7)).toBe(2)
    writePanelFlag(7, null)
    expect(localStorage.getItem(FLAG_KEYS.panel)).toBeNull()
  })
})
