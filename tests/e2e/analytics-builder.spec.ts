import { expect, test, type Page } from '@playwright/test'
import { choosePanel, signIn, waitForActiveWorker } from './support.ts'

// Issue 23 §3 and §5 at 390×844: the analyst builds a chart, saves it as a preset (the URL
// carries it), and reopens it with the network cut: the chart and its data age.

/** The analyst's 2,000-unit panel (the first one alphabetically has no enterprise results). */
const BENCHMARK = 'Southern Cross Regional Benchmark'

async function buildChart(page: Page) {
  await page.goto('/analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Chart builder' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit the chart' }).click()
  const sheet = page.getByRole('dialog', { name: 'Edit the chart' })
  await expect(sheet).toBeVisible()
  await sheet.getByLabel('Search metrics').fill('download')
  await expect(
    sheet.getByRole('checkbox', { name: /Download speed \(multi-thread\)/ }),
  ).toBeChecked()
  await sheet.getByLabel('Aggregation').selectOption('daily')
  await sheet.getByRole('button', { name: 'Show chart' }).click()
  await expect(sheet).toBeHidden()
  const chart = page.getByRole('img', { name: /Chart of Download speed/ })
  await expect(chart).toBeVisible({ timeout: 30_000 })
  return chart
}

test('the analyst builds a chart, saves it as a preset and reopens it offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000)
  await page.goto('/login')
  await signIn(page, 'analyst')
  const panelBefore = await choosePanel(page, BENCHMARK)
  try {
    await buildChart(page)
    await page.screenshot({ path: testInfo.outputPath('builder-en.png') })

    await page.getByRole('button', { name: 'Save as new preset' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save as a new preset' })
    await dialog.getByLabel('Name').fill('Download daily, e2e')
    await dialog.getByLabel('Tags').fill('e2e, download')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/[?&]preset=\d+/)
    await expect(page.getByRole('heading', { level: 1, name: 'Download daily, e2e' })).toBeVisible()

    // The persisted cache is written shortly after the data arrives.
    await waitForActiveWorker(page)
    await page.waitForTimeout(2000)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Download daily, e2e' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByRole('img', { name: /Chart of Download speed/ })).toBeVisible()
    await expect(page.getByText(/Data from/)).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('builder-offline.png') })

    // A change offline says the data cannot load and keeps the form.
    await page.getByRole('button', { name: 'Edit the chart' }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit the chart' })
    await sheet.getByLabel('Aggregation').selectOption('weekly')
    await sheet.getByRole('button', { name: 'Show chart' }).click()
    await expect(page.getByText(/You are offline: this chart cannot load now/)).toBeVisible()
    await context.setOffline(false)
  } finally {
    await context.setOffline(false)
    // The panel chosen before is chosen again (the next journey finds the analyst as it was).
    if (panelBefore !== BENCHMARK && panelBefore !== '') await choosePanel(page, panelBefore)
  }
})
