import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  applyTheme,
  parseThemeSetting,
  readThemeSetting,
  resolveTheme,
  THEME_COLOURS,
  THEME_KEY,
  usePageTheme,
  writeThemeSetting,
  type ThemeSetting,
} from './theme'

afterEach(() => {
  localStorage.clear()
  delete document.documentElement.dataset.theme
  document.head.innerHTML = ''
})

describe('theme setting', () => {
  it.each([
    { raw: null, setting: 'system' },
    { raw: 'light', setting: 'light' },
    { raw: 'dark', setting: 'dark' },
    { raw: 'Dark', setting: 'system' },
    { raw: '', setting: 'system' },
    { raw: 'sepia', setting: 'system' },
  ] as const)('reads $raw as $setting', ({ raw, setting }) => {
    expect(parseThemeSetting(raw)).toBe(setting)
  })

  it.each([
    { setting: 'system', systemDark: false, theme: 'light' },
    { setting: 'system', systemDark: true, theme: 'dark' },
    { setting: 'light', systemDark: true, theme: 'light' },
    { setting: 'dark', systemDark: false, theme: 'dark' },
  ] as const)('$setting with a dark system $systemDark is $theme', (row) => {
    expect(resolveTheme(row.setting, row.systemDark)).toBe(row.theme)
  })

  it.each<{ setting: ThemeSetting; stored: string | null }>([
    { setting: 'dark', stored: 'dark' },
    { setting: 'light', stored: 'light' },
    { setting: 'system', stored: null },
  ])('stores $setting as $stored and applies it at once', ({ setting, stored }) => {
    document.head.innerHTML = '<meta name="theme-color" content="#000000">'
    writeThemeSetting(setting)
    expect(localStorage.getItem(THEME_KEY)).toBe(stored)
    expect(readThemeSetting()).toBe(setting)
    // jsdom has no dark system: System is light here.
    const theme = setting === 'dark' ? 'dark' : 'light'
    expect(document.documentElement.dataset.theme).toBe(theme)
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      THEME_COLOURS[theme],
    )
  })

  it('applies a theme without a theme-color meta', () => {
    applyTheme('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
  })
})

describe('usePageTheme', () => {
  it('follows the theme applied to the page', async () => {
    applyTheme('light')
    const { result } = renderHook(() => usePageTheme())
    expect(result.current).toBe('light')
    act(() => {
      applyTheme('dark')
    })
    // The MutationObserver reports after the attribute changes.
    await act(() => Promise.resolve())
    expect(result.current).toBe('dark')
    applyTheme('light')
  })
})
