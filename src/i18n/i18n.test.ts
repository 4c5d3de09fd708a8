import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Stand-ins for the catalog parts (build/catalog-split.ts): one word in each. A rest part records
// each time its messages are read (the mocked modules outlive resetModules, their reads do not).
const imported = vi.hoisted(() => ({ rest: [] as string[], signup: [] as string[] }))

vi.mock('virtual:wb-catalog/en-GB/core', () => ({ messages: { core: 'Sign in' } }))
vi.mock('virtual:wb-catalog/ar-SA/core', () => ({ messages: { core: 'تسجيل الدخول' } }))
vi.mock('virtual:wb-catalog/fr-CA/core', () => ({ messages: { core: 'Se connecter' } }))
vi.mock('virtual:wb-catalog/en-GB/rest', () => ({
  get messages() {
    imported.rest.push('en-GB')
    return { rest: 'Dashboard' }
  },
}))
vi.mock('virtual:wb-catalog/ar-SA/rest', () => ({
  get messages() {
    imported.rest.push('ar-SA')
    return { rest: 'لوحة المعلومات' }
  },
}))
vi.mock('virtual:wb-catalog/fr-CA/rest', () => ({
  get messages() {
    imported.rest.push('fr-CA')
    return { rest: 'Tableau de bord' }
  },
}))

vi.mock('virtual:wb-catalog/en-GB/enterprise', () => ({ messages: { enterprise: 'Agents' } }))
vi.mock('virtual:wb-catalog/ar-SA/enterprise', () => ({ messages: { enterprise: 'الوكلاء' } }))
vi.mock('virtual:wb-catalog/fr-CA/enterprise', () => ({ messages: { enterprise: 'Agents' } }))

vi.mock('virtual:wb-catalog/en-GB/signup', () => ({
  get messages() {
    imported.signup.push('en-GB')
    return { signup: 'Sign up' }
  },
}))
vi.mock('virtual:wb-catalog/ar-SA/signup', () => ({
  get messages() {
    imported.signup.push('ar-SA')
    return { signup: 'التسجيل' }
  },
}))
vi.mock('virtual:wb-catalog/fr-CA/signup', () => ({
  get messages() {
    imported.signup.push('fr-CA')
    return { signup: 'Inscription' }
  },
}))

async function freshModule() {
  vi.resetModules()
  return import('./i18n')
}

/** The translation of an id, or undefined when the active catalog lacks it. */
function word(i18n: Awaited<ReturnType<typeof freshModule>>['i18n'], id: string) {
  return Object.hasOwn(i18n.messages, id) ? i18n._(id) : undefined
}

beforeEach(() => {
  imported.rest = []
  imported.signup = []
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('activateLocale and loadFullCatalog', () => {
  it.each([
    { code: 'en-GB', core: 'Sign in', dir: 'ltr' },
    { code: 'ar-SA', core: 'تسجيل الدخول', dir: 'rtl' },
    { code: 'fr-CA', core: 'Se connecter', dir: 'ltr' },
  ] as const)('activates the core part of $code only', async ({ code, core, dir }) => {
    const { activateLocale, i18n } = await freshModule()
    await activateLocale(code)
    expect(word(i18n, 'core')).toBe(core)
    expect(word(i18n, 'rest')).toBeUndefined()
    expect(imported.rest).toEqual([])
    expect(document.documentElement.lang).toBe(code)
    expect(document.documentElement.dir).toBe(dir)
    // The server announces this locale's catalog with the next page (server/lib/page-hints.ts).
    expect(document.cookie).toContain(`wb_locale=${code}`)
  })

  it('merges the rest of the active locale, importing it once, and not the sign-up’s part', async () => {
    const { activateLocale, loadFullCatalog, i18n } = await freshModule()
    await activateLocale('ar-SA')
    await Promise.all([loadFullCatalog(), loadFullCatalog()])
    await loadFullCatalog()
    expect(word(i18n, 'core')).toBe('تسجيل الدخول')
    expect(word(i18n, 'rest')).toBe('لوحة المعلومات')
    // The build puts the sign-up's words in the rest too (build/catalog-split.ts).
    expect(imported.rest).toEqual(['ar-SA'])
    expect(imported.signup).toEqual([])
  })

  it('for the sign-up loads its part only, and the rest later when asked for', async () => {
    const { activateLocale, loadCatalogFor, i18n } = await freshModule()
    await Promise.all([activateLocale('fr-CA'), loadCatalogFor('signup')])
    expect(word(i18n, 'signup')).toBe('Inscription')
    expect(word(i18n, 'rest')).toBeUndefined()
    expect(imported.rest).toEqual([])
    expect(loadCatalogFor('core')).toBeUndefined()
    await loadCatalogFor('full')
    expect(word(i18n, 'rest')).toBe('Tableau de bord')
    expect(imported.signup).toEqual(['fr-CA'])
  })

  it('an enterprise page brings the rest and the enterprise pages’ words; a switch keeps both', async () => {
    const { activateLocale, loadCatalogFor, i18n } = await freshModule()
    await activateLocale('en-GB')
    await loadCatalogFor('full')
    expect(word(i18n, 'enterprise')).toBeUndefined()
    await loadCatalogFor('enterprise')
    expect(word(i18n, 'rest')).toBe('Dashboard')
    expect(word(i18n, 'enterprise')).toBe('Agents')
    await activateLocale('ar-SA')
    expect(word(i18n, 'rest')).toBe('لوحة المعلومات')
    expect(word(i18n, 'enterprise')).toBe('الوكلاء')
  })

  it('after the sign-up’s part, a switch brings the new locale’s part with its core', async () => {
    const { activateLocale, loadSignupCatalog, i18n } = await freshModule()
    await activateLocale('en-GB')
    await loadSignupCatalog()
    await activateLocale('ar-SA')
    expect(word(i18n, 'signup')).toBe('التسجيل')
    expect(word(i18n, 'rest')).toBeUndefined()
    expect(imported.signup).toEqual(['en-GB', 'ar-SA'])
  })

  it('started beside the activation (boot), the rest is there when the locale is', async () => {
    const { activateLocale, loadFullCatalog, i18n } = await freshModule()
    await Promise.all([activateLocale('fr-CA'), loadFullCatalog()])
    expect(word(i18n, 'core')).toBe('Se connecter')
    expect(word(i18n, 'rest')).toBe('Tableau de bord')
  })

  it('after the full catalog, a switch loads both parts of the new locale before activating', async () => {
    const { activateLocale, loadFullCatalog, i18n } = await freshModule()
    await activateLocale('en-GB')
    await loadFullCatalog()
    const seen: (string | undefined)[] = []
    const stop = i18n.on('change', () => {
      if (i18n.locale === 'ar-SA') seen.push(word(i18n, 'rest'))
    })
    await activateLocale('ar-SA')
    stop()
    expect(seen[0]).toBe('لوحة المعلومات')
    expect(word(i18n, 'rest')).toBe('لوحة المعلومات')
    expect(imported.rest).toEqual(['en-GB', 'ar-SA'])
  })

  it('reports a message missing from the loaded parts', async () => {
    const { activateLocale, reportMissingMessages, i18n } = await freshModule()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await activateLocale('en-GB')
    reportMissingMessages()
    i18n._('rest')
    expect(error).toHaveBeenCalledWith('Missing message', 'rest', 'en-GB')
  })
})
