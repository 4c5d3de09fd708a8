import { expect, test, type Locator, type Page } from '@playwright/test'
import { authCookie, signIn } from './support.ts'

// Issue 4 §6: the consumer's journey on a phone against the real server and its 90-day demo data.

/** GET a zeus/unit-analytics path with the bearer the app keeps in its auth cookie. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const tokens = await authCookie(page)
  if (!tokens) throw new Error('not signed in')
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${tokens.accessToken.token}` },
  })
  expect(response.ok(), `${path} → ${String(response.status())}`).toBe(true)
  return (await response.json()) as T
}

async function subOf(page: Page): Promise<string> {
  const tokens = await authCookie(page)
  if (!tokens) throw new Error('not signed in')
  const payload = JSON.parse(
    Buffer.from(tokens.accessToken.token.split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string }
  return payload.sub
}

const charts = (page: Page) => page.locator('section[data-metric]')

test.describe('consumer dashboard', () => {
  test('shows six metric charts with data, changes period, and the disconnection chart', async ({
    page,
  }) => {
    await signIn(page, 'consumer')
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    await expect(page.getByRole('heading', { level: 1, name: 'Your Whitebox' })).toBeVisible()

    // At most six chosen metrics (always-shown ones such as consistency_ come on top).
    await expect(charts(page).first()).toBeVisible()
    await expect.poll(() => charts(page).count()).toBeGreaterThanOrEqual(6)
    // Charts are drawn as they come near the screen: scroll through them all. The box a chart
    // waits in is the one it is drawn in, so nothing on the page moves when it appears.
    const chartImages = page.locator('section[data-metric] canvas[role="img"]')
    const height = (section: Locator) =>
      section.evaluate((element) => element.getBoundingClientRect().height)
    for (const section of await charts(page).all()) {
      // Its results are in (the latest value and median), so only the drawing is left to come.
      await expect(section.locator('dl').first()).toBeAttached()
      const drawn = await section.locator('canvas[role="img"]').count()
      const before = await height(section)
      await section.scrollIntoViewIfNeeded()
      await expect(section.locator('canvas[role="img"]')).toBeVisible()
      if (drawn === 0) expect(await height(section)).toBeCloseTo(before, 0)
    }
    expect(await chartImages.count()).toBeGreaterThanOrEqual(6)
    await page.evaluate(() => {
      window.scrollTo(0, 0)
    })
    await expect(chartImages.first()).toHaveAccessibleName(/in the last 7 days/)

    // Data, not empty states: the hidden summaries read the latest value and median.
    const download = page.locator('section[data-metric="httpgetmt"]')
    await expect(download).toContainText(/Mbps/)

    // Change the period: the URL keeps it and the charts are drawn for it.
    const period = page.getByRole('group', { name: 'Period of the test results' })
    await period.getByRole('radio', { name: 'Month' }).check()
    await expect(page).toHaveURL(/period=month/)
    // The verdict heads the page now: the first chart is drawn once it comes near the screen.
    await charts(page).first().scrollIntoViewIfNeeded()
    await expect(chartImages.first()).toHaveAccessibleName(/in the last month/)

    const disconnections = page.getByRole('region', { name: 'Disconnections' })
    await expect(disconnections).toBeVisible()
    await disconnections
      .getByRole('group', { name: 'Period of the disconnection chart' })
      .getByRole('radio', { name: 'Year' })
      .check()
    // Drawn once it comes near the screen, as the metric charts are: scroll down to it.
    await disconnections.evaluate((region) => {
      region.scrollIntoView({ block: 'end' })
    })
    await expect(disconnections.locator('canvas[role="img"]')).toHaveAccessibleName(
      /in the last year/,
    )
    // A period is a choice on the page: choosing one leaves the page where it is scrolled.
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(500)
    await disconnections
      .getByRole('group', { name: 'Period of the disconnection chart' })
      .getByRole('radio', { name: 'Month' })
      .check()
    await expect(page).toHaveURL(/disconnections=month/)
    await expect(disconnections.locator('canvas[role="img"]')).toHaveAccessibleName(
      /in the last month/,
    )
    expect(await page.evaluate(() => window.scrollY)).toBeCloseTo(scrolled, -1)
  })

  test('charts are drawn by the chart worker: hovering shows a tooltip, a point opens its test', async ({
    page,
  }) => {
    await signIn(page, 'consumer')
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    await page.goto('/dashboard/whitebox-tests?period=day')
    const download = page.locator('section[data-metric="httpgetmt"]')
    // Marked once the worker says it drew (the canvas is the worker's: the page cannot draw on it).
    await expect(download.locator('[data-drawn] canvas[role="img"]')).toBeVisible()
    expect(page.workers().some((worker) => worker.url().includes('chart-worker'))).toBe(true)

    const canvas = download.locator('canvas[role="img"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = await canvas.boundingBox()
    if (!box) throw new Error('the chart has no box')
    const before = await canvas.screenshot()
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.4)
    // The tooltip is drawn by the worker from the forwarded pointer: the picture changes.
    await expect.poll(async () => (await canvas.screenshot()).equals(before)).toBe(false)
    // Issue 22 §3: a tap shows the point's value first; opening its test is a second tap.
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.4)
    await expect(download.getByText(/Mbps$/).last()).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    await download.getByRole('button', { name: 'Open this test' }).click()
    await expect(page).toHaveURL(/\/dashboard\/results\/[^/?]+/)
    await expect(page.getByRole('heading', { level: 1, name: /^Scheduled test, / })).toBeVisible()
  })

  test('instant test runs with progress and a result; a second trigger meanwhile gets IN_PROGRESS', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'consumer')
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    const run = page.getByRole('button', { name: 'Run instant test' })
    await expect(run).toBeEnabled()
    await run.click()
    await expect(page.getByRole('progressbar').first()).toBeVisible()

    // The same consumer on a second device while the first test runs.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const second = await other.newPage()
    await signIn(second, 'consumer')
    await second.getByRole('button', { name: 'Run instant test' }).click()
    await expect(second.getByText('Your Whitebox is already testing')).toBeVisible()
    await expect(second.getByText(/wait 1 minute/)).toBeVisible()
    await other.close()

    await expect(page.getByText('Test complete')).toBeVisible({ timeout: 30_000 })
    const resultLink = page.getByRole('link', { name: /result/i }).first()
    await resultLink.click()
    await expect(page).toHaveURL(/\/dashboard\/results\//)
    // Named by its kind and time (issue 22), not by its id.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Instant test, /)

    // Opened from the dashboard's Day charts: "Back" returns to them, not to the default week.
    await page.goto(`${page.url()}&period=day`)
    await page.getByRole('link', { name: 'Back to your results' }).click()
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests\?.*period=day/)
    await expect(
      page
        .getByRole('group', { name: 'Period of the test results' })
        .getByRole('radio', { name: 'Day' }),
    ).toBeChecked()
  })

  test('a name change in settings reaches the server', async ({ page }) => {
    await signIn(page, 'consumer')
    await page.goto('/settings/personal-details/name')
    await page.getByLabel('First name').fill('Casey')
    await page.getByLabel('Last name').fill('Consumer-Test')
    await page.getByRole('button', { name: 'Save name' }).click()
    await expect
      .poll(async () => {
        const info = await apiGet<{ data: { last_name: string } }>(
          page,
          `/api/zeus/users/${await subOf(page)}/personal_information`,
        )
        return info.data.last_name
      })
      .toBe('Consumer-Test')
  })
})

test('the dashboard in Arabic: right to left, translated, charts drawn', async ({
  page,
}, testInfo) => {
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
  await page.getByRole('button', { name: /Account menu/ }).click()
  const reloaded = page.waitForEvent('load')
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await reloaded
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(
      page.getByRole('heading', { level: 1, name: 'جهاز Whitebox الخاص بك' }),
    ).toBeVisible()
    await expect.poll(() => charts(page).count()).toBeGreaterThanOrEqual(6)
    // The chart's name and its summary are Arabic too (no message id, no English left). The
    // verdict heads the page: the chart is drawn once it comes near the screen.
    await page.locator('section[data-metric="httpgetmt"]').scrollIntoViewIfNeeded()
    await expect(
      page.locator('section[data-metric="httpgetmt"] canvas[role="img"]'),
    ).toHaveAccessibleName(/سرعة التنزيل/)
    // Drawn in the worker in Arabic as well (legend and tooltip text run right to left there).
    await expect(page.locator('section[data-metric="httpgetmt"] [data-drawn]')).toBeVisible()
    await page.waitForTimeout(1_000)
    await testInfo.attach('dashboard-ar-SA', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  } finally {
    // pwa.spec expects the consumer in English: put it back.
    await page.getByRole('button', { name: /Account menu|قائمة الحساب/ }).click()
    const back = page.waitForEvent('load')
    await page.getByRole('menuitemradio', { name: 'English (UK)' }).click()
    await back
  }
})

test.describe('consumer offline', () => {
  // The worker is blocked so Playwright sees and can cut the page's requests (see offline-changes.spec).
  test.use({ serviceWorkers: 'block' })
  const API = /\/api\//

  test('reload offline shows the cached dashboard with its age; an address change made offline reaches the server', async ({
    page,
  }) => {
    await signIn(page, 'consumer')
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    await expect.poll(() => charts(page).count()).toBeGreaterThanOrEqual(6)
    await expect(page.locator('section[data-metric="httpgetmt"]')).toContainText(/Mbps/)
    // The address page once online, as a user who set it up earlier: its data is cached too.
    await page.goto('/settings/personal-details/address')
    await expect(page.getByLabel('Address line 1')).not.toHaveValue('')
    await page.goto('/dashboard/whitebox-tests')
    await expect(page.locator('section[data-metric="httpgetmt"]')).toContainText(/Mbps/)
    // Let the persister write the cache (it throttles writes).
    await page.waitForTimeout(1_500)

    await page.route(API, (route) => route.abort('internetdisconnected'))
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Your Whitebox' })).toBeVisible()
    await expect.poll(() => charts(page).count()).toBeGreaterThanOrEqual(6)
    await expect(page.locator('section[data-metric="httpgetmt"]')).toContainText(/Mbps/)
    await expect(page.getByText(/Data from/).first()).toBeVisible()

    // Change the installation address without a connection: it is queued.
    await page.goto('/settings/personal-details/address').catch(() => undefined)
    // The stored address shows offline (filled in when the cache restore comes after the form).
    await expect(page.getByLabel('Town or city')).not.toHaveValue('')
    await page.getByLabel('Address line 1').fill('12 Offline Street')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByTestId('pending-changes-indicator')).toBeVisible()

    const sub = await subOf(page)
    await page.unroute(API)
    await expect
      .poll(
        async () => {
          const unit = await apiGet<{ data: { address?: { line1: string } | null } }>(
            page,
            `/api/zeus/users/${sub}/accessible-units/1?include=address`,
          )
          return unit.data.address?.line1
        },
        { timeout: 45_000 },
      )
      .toBe('12 Offline Street')
  })
})
