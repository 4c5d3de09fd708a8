import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { chooseFromAccountMenu, signIn } from './support.ts'

// Issue 25, /admin/unit/{unitId} at 390×844 and at a desktop's width: the admin opens a unit from
// its agent, reads its details, changes its package and sees the success message; the tabs scroll
// sideways on a phone. The package is put back at the end (other journeys read this unit).

/** A panel 3 customer's unit (seeded; README: serial WB00000035). */
const UNIT = '35'

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

/** Chooses `value` in the package list, saves, and waits for the success message. */
async function savePackage(page: Page, value: string) {
  const select = page.getByRole('combobox', { name: 'Package' })
  await select.selectOption(value)
  await page.getByRole('button', { name: 'Save package' }).click()
  await expect(page.getByText('The package is updated.')).toBeVisible()
}

async function openFromAgent(page: Page) {
  await page.goto(`/admin/agent/${UNIT}`)
  await expect(page.getByRole('heading', { level: 1, name: `Agent ${UNIT}` })).toBeVisible()
  await page.getByRole('link', { name: 'Unit page' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/unit/${UNIT}/details$`))
  await expect(page.getByRole('heading', { level: 1, name: `Unit ${UNIT}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Internet connection' })).toBeVisible()
}

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`the admin opens a unit from its agent and changes its package (${size.name})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    await signIn(page, 'admin')
    await openFromAgent(page)

    const summary = page.getByRole('region', { name: 'Unit summary' })
    const select = page.getByRole('combobox', { name: 'Package' })
    await expect(select).toBeVisible()
    const before = await select.inputValue()
    const choices = await select
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => ({ value: (o as HTMLOptionElement).value, name: o.textContent })),
      )
    const other = choices.find((choice) => choice.value !== '' && choice.value !== before)
    if (!other) throw new Error(`unit ${UNIT}'s ISP has a single package`)

    // The tabs stay on one row (they scroll sideways on a phone).
    const tabs = page.getByRole('navigation', { name: 'Unit pages' }).getByRole('link')
    await expect(tabs).toHaveText(['Details', 'Daily summaries', 'Disconnections', 'Instant tests'])
    const tops = await tabs.evaluateAll((links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().top)),
    )
    expect(new Set(tops).size).toBe(1)
    await shot(page, testInfo, `admin-unit-details-${size.name}-en`)

    await savePackage(page, other.value)
    await expect(summary.getByText(other.name, { exact: true })).toBeVisible()
    await shot(page, testInfo, `admin-unit-package-saved-${size.name}-en`)

    // The other tabs open with their data.
    await page.getByRole('link', { name: 'Daily summaries' }).click()
    await expect(page.getByRole('heading', { name: 'Scheduled tests per day' })).toBeVisible()
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(8)
    await page.getByRole('link', { name: 'Disconnections' }).first().click()
    await expect(page.getByRole('heading', { name: 'Disconnection chart' })).toBeVisible()
    await page.getByRole('link', { name: 'Instant tests' }).click()
    await expect(page.getByRole('heading', { name: 'Instant tests' })).toBeVisible()

    // Put the package back.
    await page.getByRole('link', { name: 'Details' }).click()
    await savePackage(page, before)

    if (size.name === 'phone') {
      await chooseFromAccountMenu(page, 'menuitemradio', 'العربية')
      try {
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
        await page.goto(`/admin/unit/${UNIT}/details`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('combobox')).toBeVisible()
        await shot(page, testInfo, 'admin-unit-details-phone-ar')
        await page.goto(`/admin/unit/${UNIT}/daily-summaries`)
        await expect(page.getByRole('table')).toBeVisible()
        await shot(page, testInfo, 'admin-unit-daily-phone-ar')
      } finally {
        await chooseFromAccountMenu(page, 'menuitemradio', 'English (UK)')
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
      }
    }
  })
}
