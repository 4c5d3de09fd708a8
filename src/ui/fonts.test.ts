import { describe, expect, it, vi } from 'vitest'
import { loadFirstFonts } from './fonts'

function fakeFonts(load: (font: string, text?: string) => Promise<FontFace[]>): FontFaceSet {
  return { load } as unknown as FontFaceSet
}

describe('loadFirstFonts', () => {
  it.each([
    ['en-GB', [['1em "Inter Variable"', 'a']]],
    ['fr-CA', [['1em "Inter Variable"', 'a']]],
    [
      'ar-SA',
      [
        ['400 1em "IBM Plex Sans Arabic"', 'ع'],
        ['600 1em "IBM Plex Sans Arabic"', 'ع'],
      ],
    ],
  ] as const)('asks for the faces a %s page is laid out in', (locale, calls) => {
    const load = vi.fn(() => Promise.resolve([]))
    loadFirstFonts(locale, fakeFonts(load))
    expect(load.mock.calls).toEqual(calls)
  })

  it('keeps quiet when a font cannot load, and does nothing without the font API', async () => {
    const failed = Promise.reject(new Error('offline'))
    const load = vi.fn(() => failed)
    expect(() => {
      loadFirstFonts('en-GB', fakeFonts(load))
    }).not.toThrow()
    await failed.catch(() => undefined)
    expect(() => {
      loadFirstFonts('en-GB', null)
    }).not.toThrow()
  })
})
