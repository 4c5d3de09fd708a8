import { useEffect, useSyncExternalStore } from 'react'

/** The device setting (Settings › Appearance): System follows the system's light or dark. */
export type ThemeSetting = 'system' | 'light' | 'dark'
export type Theme = 'light' | 'dark'

export const THEME_SETTINGS: readonly ThemeSetting[] = ['system', 'light', 'dark']

/** localStorage key, read before the first paint by index.html's script (same rules as here). */
export const THEME_KEY = 'wb.theme'

/** The browser's bar colour (`<meta name="theme-color">`) in each theme. */
export const THEME_COLOURS: Readonly<Record<Theme, string>> = {
  light: '#0b3d91',
  dark: '#10151d',
}

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The stored value as a setting: anything unknown (or nothing) is System. */
export function parseThemeSetting(raw: string | null): ThemeSetting {
  return raw === 'light' || raw === 'dark' ? raw : 'system'
}

/** The theme a setting gives, System following the system's preference. */
export function resolveTheme(setting: ThemeSetting, systemDark: boolean): Theme {
  if (setting === 'system') return systemDark ? 'dark' : 'light'
  return setting
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches
}

export function readThemeSetting(): ThemeSetting {
  try {
    return parseThemeSetting(localStorage.getItem(THEME_KEY))
  } catch {
    return 'system'
  }
}

/** Sets the page's theme and the browser bar's colour. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme
  doc
    .querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    ?.setAttribute('content', THEME_COLOURS[theme])
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab of the app changed the setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Stores the setting on this device (System stores nothing) and applies it at once. */
export function writeThemeSetting(setting: ThemeSetting): void {
  try {
    if (setting === 'system') localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, setting)
  } catch {
    // Storage blocked (private mode): applied for this visit only.
  }
  applyTheme(resolveTheme(setting, systemPrefersDark()))
  for (const listener of listeners) listener()
}

/** The device's theme setting, and a setter that stores and applies it. */
export function useThemeSetting(): [ThemeSetting, (setting: ThemeSetting) => void] {
  const setting = useSyncExternalStore(subscribe, readThemeSetting, () => 'system' as const)
  return [setting, writeThemeSetting]
}

/**
 * Keeps the page's theme in step after the first paint (index.html's script set it): with the
 * system's preference when the setting is System, and with a change made in another tab.
 */
export function ThemeSync(): null {
  const [setting] = useThemeSetting()
  useEffect(() => {
    const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null
    const apply = () => {
      applyTheme(resolveTheme(setting, media?.matches ?? false))
    }
    apply()
    if (setting !== 'system' || !media) return
    media.addEventListener('change', apply)
    return () => {
      media.removeEventListener('change', apply)
    }
  }, [setting])
  return null
}

/** The theme applied to the page: `data-theme` on the root, wherever it was set from. */
function appliedTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

function subscribeApplied(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => {
    observer.disconnect()
  }
}

/** The theme the page is drawn in, for what cannot read CSS variables (a chart's canvas). */
export function usePageTheme(): Theme {
  return useSyncExternalStore(subscribeApplied, appliedTheme, () => 'light' as const)
}
