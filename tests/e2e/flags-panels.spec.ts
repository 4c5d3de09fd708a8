import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { authCookie, chooseFromAccountMenu, DEMO_PASSWORD, signIn } from './support.ts'

// Issue 21 §4: the panel picker of an enterprise user with several panels (the analyst: panels 2
// "Southern Cross Multiview" and 3 "Southern Cross Constant Care"), and the feature flags read
// from /api/flags, set by staff through the management API.

const SCREENS = process.env.FLAGS_SCREENS_DIR ?? 'test-results/flags-panels-screens'

async function screen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true })
  const body = await page.screenshot({ path: `${SCREENS}/${name}.png` })
  await testInfo.attach(name, { body, contentType: 'image/png' })
}

/** A demo account's access token, signed in through the API. */
async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: `${account}@example.com`, password: DEMO_PASSWORD, device: 'e2e-flags' },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { accessToken: { token: string } }).accessToken.token
}

/** Staff sets (true/false) or clears (null) a flag's setting on a panel. */
async function setPanelFlag(
  request: APIRequestContext,
  flag: string,
  panelId: number,
  enabled: boolean | null,
): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'staff')}` }
  const url = `/api/flags/settings/${flag}/panels/${String(panelId)}`
  const response =
    enabled === null
      ? await request.delete(url, { headers })
      : await request.put(url, { headers, data: { enabled } })
  expect([200, 204, 404]).toContain(response.status())
}

// Two sign-ins, a language switch and reloads on a phone: more than the default minute.
test.describe.configure({ timeout: 120_000 })

const pickerButton = (page: Page) => page.getByRole('button', { name: /^Panel:/ })

test('the analyst switches panels with the picker; the choice survives a reload', async ({
  page,
  request,
}, testInfo) => {
  // A panel-only flag: the preset screens turn neutral on Multiview (panel 2) only.
  await setPanelFlag(request, 'neutral-ui-improvements-v1', 2, true)
  try {
    await signIn(page, 'analyst')
    // Seeds 001 §1: the first panel alphabetically by front name.
    await expect(pickerButton(page)).toHaveAccessibleName('Panel: Southern Cross Constant Care')
    await page.goto('/analytics/presets')
    await expect(page.locator('[data-background]')).toHaveAttribute('data-background', 'default')

    // Keyboard: open with Enter, the checked panel is announced; arrows move; Enter chooses.
    await pickerButton(page).focus()
    await page.keyboard.press('Enter')
    const current = page.getByRole('menuitemradio', { name: 'Southern Cross Constant Care' })
    await expect(current).toHaveAttribute('aria-checked', 'true')
    const multiview = page.getByRole('menuitemradio', { name: 'Southern Cross Multiview' })
    await expect(multiview).toHaveAttribute('aria-checked', 'false')
    await page.keyboard.press('ArrowDown')
    await expect(multiview).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(pickerButton(page)).toHaveAccessibleName('Panel: Southern Cross Multiview')
    await expect(page).toHaveURL(/\/analytics\/presets$/)
    await expect(page.locator('[data-background]')).toHaveAttribute('data-background', 'neutral')

    await page.reload()
    await expect(pickerButton(page)).toHaveAccessibleName('Panel: Southern Cross Multiview')
    await expect(page.locator('[data-background]')).toHaveAttribute('data-background', 'neutral')

    // In Arabic, right to left, at a phone's width: the picker opened (screenshot).
    await chooseFromAccountMenu(page, 'menuitemradio', 'العربية')
    try {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      const arabicPicker = page.getByRole('button', { name: /^اللوحة:/ })
      await expect(arabicPicker).toHaveAccessibleName('اللوحة: Southern Cross Multiview')
      await arabicPicker.click()
      await expect(
        page.getByRole('menuitemradio', { name: 'Southern Cross Multiview' }),
      ).toHaveAttribute('aria-checked', 'true')
      await screen(page, testInfo, 'panel-picker-ar')
      await page.keyboard.press('Escape')
      await expect(arabicPicker).toBeFocused()
    } finally {
      await chooseFromAccountMenu(page, 'menuitemradio', 'English (UK)')
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
    }

    // Back to Constant Care with the pointer; the next sign-in on this device starts there.
    await pickerButton(page).click()
    await page.getByRole('menuitemradio', { name: 'Southern Cross Constant Care' }).click()
    await expect(pickerButton(page)).toHaveAccessibleName('Panel: Southern Cross Constant Care')
    await expect(page.locator('[data-background]')).toHaveAttribute('data-background', 'default')
  } finally {
    await setPanelFlag(request, 'neutral-ui-improvements-v1', 2, null)
  }
})

test('a single-panel user has no picker', async ({ page }) => {
  await signIn(page, 'engineer')
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await expect(pickerButton(page)).toHaveCount(0)
})

/** A panel-3 fleet unit (35–58) whose MAC domain has an ongoing outage in the demo data. */
async function unitInOutage(request: APIRequestContext, token: string): Promise<number> {
  for (let id = 35; id <= 58; id += 1) {
    const response = await request.get(`/api/unit-analytics/${String(id)}/anomalies_in_progress`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok()) continue
    const body = (await response.json()) as { data: { macDomainOutage: boolean } }
    if (body.data.macDomainOutage) return id
  }
  throw new Error('the demo seed has no panel-3 unit in an area outage')
}

test('the area-outage notice shows only while cc-area-outage-alert is on for panel 3', async ({
  page,
  request,
}) => {
  const notice = page.getByText('Outage in this area')
  await setPanelFlag(request, 'cc-area-outage-alert', 3, false)
  try {
    await signIn(page, 'engineer')
    const cookie = await authCookie(page)
    const unitId = await unitInOutage(request, cookie?.accessToken.token ?? '')

    await page.goto(`/units/${String(unitId)}/test-results`)
    await expect(
      page.getByRole('heading', { level: 1, name: `Unit ${String(unitId)}` }),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(notice).toHaveCount(0)

    // Staff turns it on; the app reads the flags again at its next start.
    await setPanelFlag(request, 'cc-area-outage-alert', 3, true)
    await page.reload()
    await expect(notice).toBeVisible()

    await setPanelFlag(request, 'cc-area-outage-alert', 3, false)
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: `Unit ${String(unitId)}` }),
    ).toBeVisible()
    await expect(notice).toHaveCount(0)
  } finally {
    // The demo's setting: on for panel 3.
    await setPanelFlag(request, 'cc-area-outage-alert', 3, true)
  }
})
