import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WEB_FONTS_CLASS, loadFirstFonts, nameWebFontsIfLoaded, startWebFonts } from './fonts'

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

describe('startWebFonts', () => {
  type Listener = () => void
  function fakeWindow(readyState: DocumentReadyState) {
    const listeners: Listener[] = []
    return {
      win: {
        document: { readyState },
        addEventListener: (type: string, listener: Listener) => {
          if (type === 'load') listeners.push(listener)
        },
      } as unknown as Pick<Window, 'addEventListener'> & { document: Pick<Document, 'readyState'> },
      fireLoad: () => {
        for (const listener of listeners) listener()
      },
    }
  }
  const root = document.documentElement

  beforeEach(() => {
    root.classList.remove(WEB_FONTS_CLASS)
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    root.classList.remove(WEB_FONTS_CLASS)
  })

  it('names the fonts at once and asks for them when the service worker serves the page', () => {
    const load = vi.fn(() => Promise.resolve([]))
    startWebFonts('en-GB', fakeFonts(load), true, fakeWindow('loading').win)
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(true)
    expect(load).toHaveBeenCalledWith('1em "Inter Variable"', 'a')
  })

  it('on a first visit asks after the load, and names them only with the next page', async () => {
    const load = vi.fn(() => Promise.resolve([]))
    const { win, fireLoad } = fakeWindow('loading')
    startWebFonts('ar-SA', fakeFonts(load), false, win)
    await vi.runAllTimersAsync()
    expect(load).not.toHaveBeenCalled()

    fireLoad()
    await vi.runAllTimersAsync()
    expect(load.mock.calls).toEqual([
      ['400 1em "IBM Plex Sans Arabic"', 'ع'],
      ['600 1em "IBM Plex Sans Arabic"', 'ع'],
    ])
    // Arrived, but the page the user reads keeps its face.
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false)

    nameWebFontsIfLoaded()
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(true)
  })

  it('leaves the fallback named when no font could load, or none has arrived yet', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    startWebFonts('en-GB', fakeFonts(load), false, fakeWindow('complete').win)
    nameWebFontsIfLoaded()
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false)

    await vi.runAllTimersAsync()
    expect(load).toHaveBeenCalledOnce()
    nameWebFontsIfLoaded()
    expect(root.classList.contains(WEB_FONTS_CLASS)).toBe(false)
  })
})
