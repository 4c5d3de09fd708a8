import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { createQueryClient } from '../api/query-client'
import { routeTree } from '../routeTree.gen'
import { activateLocale, i18n } from './i18n'
import { adoptLinkLocale } from './link-locale'

afterEach(async () => {
  localStorage.clear()
  await activateLocale('en-GB')
})

describe('adoptLinkLocale', () => {
  it.each([
    { lang: 'ar-SA', active: 'ar-SA', stored: 'ar-SA' },
    { lang: 'ar_SA', active: 'ar-SA', stored: 'ar-SA' },
    { lang: 'fr-ca', active: 'fr-CA', stored: 'fr-CA' },
    { lang: 'de-DE', active: 'en-GB', stored: null },
    { lang: undefined, active: 'en-GB', stored: null },
  ])('lang=$lang: $active, remembered as $stored', async ({ lang, active, stored }) => {
    await adoptLinkLocale(lang)
    expect(i18n.locale).toBe(active)
    expect(localStorage.getItem('wb.locale')).toBe(stored)
  })
})

describe('the mailed links: set-password (/reset-password/{userId}/{token}) and sign-in (/login)', () => {
  async function open(path: string) {
    const router = createRouter({
      routeTree,
      context: { loadQueryClient: () => Promise.resolve(createQueryClient()) },
      history: createMemoryHistory({ initialEntries: [path] }),
    })
    await router.load()
    return router
  }

  it('opens in the language the mail names, right to left, and the device keeps it', async () => {
    const router = await open('/reset-password/7/a-token?lang=ar-SA')
    expect(router.state.matches.at(-1)?.routeId).toBe('/reset-password/$userId/$token')
    expect(i18n.locale).toBe('ar-SA')
    expect(document.documentElement.dir).toBe('rtl')
    expect(localStorage.getItem('wb.locale')).toBe('ar-SA')
  })

  it('the sign-in link of the confirmation mail opens in its language too', async () => {
    const router = await open('/login?lang=fr-CA')
    expect(router.state.matches.at(-1)?.routeId).toBe('/login')
    expect(i18n.locale).toBe('fr-CA')
    expect(localStorage.getItem('wb.locale')).toBe('fr-CA')
  })

  it.each(['/reset-password/7/a-token?lang=xx-XX', '/login?lang=1'])(
    'an unknown language (%s) opens the page in the device language',
    async (path) => {
      const router = await open(path)
      expect(router.state.status).toBe('idle')
      expect(router.state.matches.at(-1)?.status).toBe('success')
      expect(i18n.locale).toBe('en-GB')
    },
  )

  it("without a language it keeps the device's", async () => {
    await open('/reset-password/7/a-token')
    expect(i18n.locale).toBe('en-GB')
    expect(localStorage.getItem('wb.locale')).toBeNull()
  })
})
