import { expect, test, type Page } from '@playwright/test'
import { authCookie, chooseFromAccountMenu, signIn, waitForActiveWorker } from './support.ts'

// Issue 23 §4 and §5 at 390×844: the analyst finds a preset, stars it, archives and undoes,
// deletes and undoes; a star made offline reaches the server after reconnecting.
//
// The analyst is shared with the other specs, which change the panel, the language and the
// presets. Each test here sets up what it needs at its start (English, the Constant Care panel,
// presets of its own made through the API under names no other spec uses), finds them by search
// (never by position or count), and deletes them at its end.

/** The presets this test made (deleted after it, whatever its outcome). */
let made: number[] = []

async function bearer(page: Page): Promise<{ authorization: string }> {
  const tokens = await authCookie(page)
  if (!tokens) throw new Error('not signed in: no auth cookie')
  return { authorization: `Bearer ${tokens.accessToken.token}` }
}

/** A name no other spec or earlier run uses (the search term that finds it is its last word). */
function uniqueName(title: string): { name: string; term: string } {
  const term = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { name: `${title} ${term}`, term }
}

/** A private preset of the analyst's on panel 3, made through the API; its id. */
async function makePreset(page: Page, name: string): Promise<number> {
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  const response = await page.request.post('/api/analytics/presets', {
    headers: await bearer(page),
    data: {
      name,
      tags: ['latency', 'e2e'],
      visibility: 'private',
      data: [
        {
          panel: 3,
          chartType: 'column',
          metrics: [{ key: 'udpLatency' }],
          timeAggregation: 'hour_of_day',
          plotValue: 'perc_95',
          date: { from: day(30), to: day(0) },
        },
      ],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const id = ((await response.json()) as { data: { id: number } }).data.id
  made.push(id)
  return id
}

/** Signs the analyst in and brings back the state this spec starts from: English, panel 3. */
async function start(page: Page): Promise<void> {
  await page.goto('/login')
  await signIn(page, 'analyst')
  if ((await page.locator('html').getAttribute('lang')) !== 'en-GB') {
    await chooseFromAccountMenu(page, 'menuitemradio', 'English (UK)')
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  const picker = page.getByRole('button', { name: /^Panel:/ })
  if (!((await picker.textContent()) ?? '').includes('Southern Cross Constant Care')) {
    await picker.click()
    await page.getByRole('menuitemradio', { name: 'Southern Cross Constant Care' }).click()
  }
  await expect(picker).toHaveAccessibleName('Panel: Southern Cross Constant Care')
}

test.afterEach(async ({ page, context }) => {
  await context.setOffline(false)
  const ids = made
  made = []
  if (ids.length === 0) return
  const headers = await bearer(page)
  for (const id of ids) {
    const response = await page.request.delete(`/api/analytics/presets/${String(id)}`, { headers })
    expect([200, 204, 404]).toContain(response.status())
  }
})

async function findPreset(page: Page, term: string, name: string) {
  await page.getByRole('combobox', { name: 'Search presets' }).fill(term)
  await page.getByRole('combobox', { name: 'Search presets' }).press('Enter')
  await expect(page).toHaveURL(/[?&]q=/)
  const link = page.getByRole('link', { name, exact: true })
  await expect(link).toBeVisible()
  return link
}

async function undo(page: Page, message: string) {
  const toast = page.getByRole('status').filter({ hasText: message })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Undo' }).click()
}

test('the analyst stars, archives and deletes a preset with undo, and stars one offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000)
  await start(page)
  const { name: NAME, term } = uniqueName('Evening latency by hour')
  await makePreset(page, NAME)
  await page.goto('/analytics/presets')
  await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible()
  // The newest first: the one just made leads the first page.
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('presets-grid-en.png'), fullPage: true })

  // Search, then star: the Starred tab lists it.
  await findPreset(page, term, NAME)
  const star = page.getByRole('button', { name: `Star “${NAME}”` })
  await expect(star).toHaveAttribute('aria-pressed', 'false')
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Starred', exact: true }).click()
  await expect(page).toHaveURL(/tab=starred/)
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()
  await page.getByRole('button', { name: `Star “${NAME}”` }).click()
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeHidden()
  await page.getByRole('button', { name: 'All', exact: true }).click()

  // Archive and undo.
  await page.getByRole('button', { name: `Archive “${NAME}”` }).click()
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeHidden()
  await undo(page, `“${NAME}” archived`)
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()

  // Delete and undo.
  await page.getByRole('button', { name: `Delete “${NAME}”` }).click()
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeHidden()
  await undo(page, `“${NAME}” deleted`)
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()

  // List layout, kept on the device.
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('presets-list-en.png'), fullPage: true })
  await page.getByRole('button', { name: 'Grid', exact: true }).click()

  // Offline: the list stays, a star is queued, and reaches the server after reconnecting.
  await waitForActiveWorker(page)
  await page.waitForTimeout(1500)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible({
    timeout: 30_000,
  })
  const offlineStar = page.getByRole('button', { name: `Star “${NAME}”` })
  await expect(offlineStar).toHaveAttribute('aria-pressed', 'false')
  await offlineStar.click()
  await expect(offlineStar).toHaveAttribute('aria-pressed', 'true')
  await context.setOffline(false)
  // The replay sends it after the token renewal; then a reload shows the server's state.
  await page.waitForTimeout(4000)
  await page.reload()
  await expect(page.getByRole('button', { name: `Star “${NAME}”` })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 30_000 },
  )
  await page.getByRole('button', { name: 'Starred', exact: true }).click()
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible()
})

test('the presets list in Arabic, grid and list', async ({ page }, testInfo) => {
  await start(page)
  const { name } = uniqueName('Download speed by ISP')
  await makePreset(page, name)
  await page.goto('/analytics/presets')
  await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible()
  await chooseFromAccountMenu(page, 'menuitemradio', 'العربية')
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات المسبقة' })).toBeVisible()
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('presets-grid-ar.png'), fullPage: true })
    await page.getByRole('button', { name: 'قائمة', exact: true }).click()
    await expect(page.getByRole('button', { name: 'قائمة', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.screenshot({ path: testInfo.outputPath('presets-list-ar.png'), fullPage: true })
    await page.getByRole('button', { name: 'شبكة', exact: true }).click()
  } finally {
    await chooseFromAccountMenu(page, 'menuitemradio', 'English (UK)')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  }
})
