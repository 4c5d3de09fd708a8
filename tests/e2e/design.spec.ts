import { createRequire } from 'node:module'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support.ts'

// Issue 22 §2: the design system's themes. Contrast stays AA in both (axe, WCAG 2.x A/AA rules),
// the device setting wins over the system's and is applied before the first paint.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

// axe is injected as a script: the app's CSP (rightly) refuses it.
test.use({ bypassCSP: true })

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] }

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() => document.fonts.ready)
  await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })) as { violations: AxeViolation[] }
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map(({ target }) => ({ target })),
    }))
  })
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme (System setting)`, () => {
    test.use({ colorScheme })

    test('sign-in page: AA contrast and no other axe violation', async ({ page }) => {
      await page.goto('/login')
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
      expect(await themeOf(page)).toBe(colorScheme)
      expect(await axeViolations(page)).toEqual([])
    })

    test('dashboard and settings: AA contrast and no other axe violation', async ({ page }) => {
      await page.goto('/login')
      await signIn(page, 'consumer')
      await page.goto('/dashboard')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await themeOf(page)).toBe(colorScheme)
      expect(await axeViolations(page)).toEqual([])

      await page.goto('/settings/personal-details')
      await expect(page.getByRole('radiogroup', { name: 'Appearance' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test('the device setting wins over the system, before the first paint, and follows changes', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/login')
  await signIn(page, 'consumer')
  await page.goto('/settings/personal-details')
  const appearance = page.getByRole('radiogroup', { name: 'Appearance' })
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked()
  await appearance.getByRole('radio', { name: 'Dark' }).check()
  expect(await themeOf(page)).toBe('dark')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#10151d')

  // Before any of the app's scripts: index.html's own script has set it.
  const themes: (string | undefined)[] = []
  await page.exposeFunction('recordTheme', (theme: string | undefined) => themes.push(theme))
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        const record = (window as unknown as { recordTheme: (t?: string) => void }).recordTheme
        record(document.documentElement.dataset.theme)
      }
    })
  })
  await page.reload()
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked()
  expect(themes[0]).toBe('dark')

  // System follows the system again, live.
  await appearance.getByRole('radio', { name: 'System' }).check()
  expect(await themeOf(page)).toBe('light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => themeOf(page)).toBe('dark')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#10151d')
})

test('email preferences saved: a toast confirms it, then goes', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'consumer')
  await page.goto('/settings/email-preferences')
  await page.getByRole('button', { name: 'Save preferences' }).click()
  // The pointer off the toast: hovering it would (rightly) keep it.
  await page.mouse.move(0, 0)
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Your email preferences have been saved' })
  await expect(toast).toBeVisible()
  await expect(toast).toBeHidden({ timeout: 8000 })
})

test('touch targets: footer, help-centre topic and sign-in form links are at least 44 px tall', async ({
  page,
}) => {
  await page.goto('/hc')
  const topics = page.locator('main h2 a, main h3 a')
  await expect(topics.first()).toBeVisible()
  for (const box of await topics.evaluateAll((links) =>
    links.map((link) => link.getBoundingClientRect().height),
  )) {
    expect(box).toBeGreaterThanOrEqual(44)
  }
  await page.goto('/login')
  const footerLinks = page.locator('footer a')
  for (const size of await footerLinks.evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => {
        const rect = link.getBoundingClientRect()
        return Math.min(rect.width, rect.height)
      }),
  )) {
    expect(size).toBeGreaterThanOrEqual(44)
  }
  // Laid out in the fallback font on a first visit (src/ui/fonts.ts): its line alone is 19 px.
  const forgot = await page.getByRole('link', { name: 'Forgot your password?' }).boundingBox()
  expect(forgot?.height).toBeGreaterThanOrEqual(44)
})
