import { expect, test, type Page } from '@playwright/test'
import { chooseFromAccountMenu, choosePanel, signIn, waitForActiveWorker } from './support.ts'

// Seeds 001 §2.3 at 390×844: the analyst opens the fault finder on the benchmark panel, where the
// detector found the demo's injected incidents (server/db/seed-enterprise.ts demoIncidents): slow
// downloads going on in LON-HUB-02 and latency up since yesterday in NSW-HUB-01 (active); failing
// uploads in MID-HUB-01 and packet loss in AKL-HUB-03 (closed). Opens one, reads its trend, finds
// the closed ones by search, and reopens what it saw offline.
//
// The analyst is shared with the other specs: this one reads only, and brings back English and
// the panel it found.

const BENCHMARK = 'Southern Cross Regional Benchmark'
let panelBefore = ''

async function start(page: Page): Promise<void> {
  await page.goto('/login')
  await signIn(page, 'analyst')
  if ((await page.locator('html').getAttribute('lang')) !== 'en-GB') {
    await chooseFromAccountMenu(page, 'menuitemradio', 'English (UK)')
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  panelBefore = await choosePanel(page, BENCHMARK)
}

test.afterEach(async ({ page, context }) => {
  await context.setOffline(false)
  if (panelBefore !== '' && panelBefore !== BENCHMARK) await choosePanel(page, panelBefore)
  panelBefore = ''
})

/** The inbox's card of an area (its title links to the collection). */
const card = (page: Page, area: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: area, exact: true }) })

test('the inbox shows what the detector found; a collection shows its trend', async ({ page }) => {
  test.setTimeout(90_000)
  await start(page)
  await page.goto('/fault-finder')
  await expect(page).toHaveURL(/\/fault-finder\/active$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Fault finder' })).toBeVisible()

  const slow = card(page, 'LON-HUB-02')
  await expect(slow).toBeVisible({ timeout: 30_000 })
  await expect(slow).toContainText('Ongoing')
  await expect(slow.getByRole('list', { name: 'Anomalies' })).toContainText(/Download/)
  const latency = card(page, 'NSW-HUB-01')
  await expect(latency).toContainText('New')
  await expect(latency.getByRole('list', { name: 'Anomalies' })).toContainText(/Latency/)
  // Closed ones are not in the active tab.
  await expect(card(page, 'AKL-HUB-03')).toHaveCount(0)

  await slow.getByRole('link', { name: 'LON-HUB-02', exact: true }).click()
  await expect(page).toHaveURL(/\/fault-finder\/collection\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'LON-HUB-02' })).toBeVisible()
  await expect(page.getByRole('img', { name: /Download.*each day from/ })).toBeVisible({
    timeout: 30_000,
  })

  await page.goBack()
  await page.getByRole('link', { name: 'Closed' }).click()
  await expect(page).toHaveURL(/\/fault-finder\/closed$/)
  await expect(card(page, 'MID-HUB-01')).toBeVisible({ timeout: 30_000 })
  await expect(card(page, 'AKL-HUB-03')).toBeVisible()
  await expect(card(page, 'LON-HUB-02')).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Search anomalies' }).fill('packet loss')
  await page.getByRole('combobox', { name: 'Search anomalies' }).press('Enter')
  await expect(card(page, 'MID-HUB-01')).toHaveCount(0)
  await expect(card(page, 'AKL-HUB-03')).toBeVisible()
})

test('an inbox and a collection opened once reopen offline', async ({ page, context }) => {
  test.setTimeout(90_000)
  await start(page)
  await page.goto('/fault-finder/active')
  await expect(card(page, 'LON-HUB-02')).toBeVisible({ timeout: 30_000 })
  await card(page, 'LON-HUB-02').getByRole('link', { name: 'LON-HUB-02', exact: true }).click()
  await expect(page.getByRole('img', { name: /Download.*each day from/ })).toBeVisible({
    timeout: 30_000,
  })
  const collectionUrl = page.url()

  // The persisted cache is written shortly after the data arrives.
  await waitForActiveWorker(page)
  await page.waitForTimeout(2000)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'LON-HUB-02' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('img', { name: /Download.*each day from/ })).toBeVisible()
  expect(page.url()).toBe(collectionUrl)

  await page.goto('/fault-finder/active').catch(() => undefined)
  await expect(card(page, 'LON-HUB-02')).toBeVisible({ timeout: 30_000 })
  await context.setOffline(false)
})
