import { expect, test, type Locator, type Page } from '@playwright/test'
import { waitForActiveWorker } from './support.ts'

// Issue 5 §5: a volunteer on a 360 px phone, in Arabic, right to left. Selectors use names and
// roles rather than words, so the journeys read the same whatever the translations say.
test.use({ viewport: { width: 360, height: 740 } })

const PASSWORD = 'Kia-ora-2026!'

/** Opens a sign-up page in Arabic (the stored locale is read at boot). */
async function openInArabic(page: Page, path: string): Promise<void> {
  await page.goto('/login')
  await page.evaluate(() => {
    localStorage.setItem('wb.locale', 'ar-SA')
  })
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
}

/** Saves a full-page screenshot with the test's results and checks there is no horizontal scroll. */
async function screenshot(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${name}: no horizontal scroll at 360 px`).toBeLessThanOrEqual(360)
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

const field = (page: Page, name: string): Locator => page.locator(`[name="${name}"]`)
const next = (page: Page) => page.locator('button[name="next"]')
const back = (page: Page) => page.locator('button[name="back"]')

/** Waits until a select has loaded its options and picks the first real one. */
async function chooseFirst(select: Locator): Promise<void> {
  await expect(select).toBeEnabled()
  await expect(select.locator('option').nth(1)).toBeAttached()
  await select.selectOption({ index: 1 })
}

async function loginStatus(page: Page, email: string, password: string): Promise<number> {
  const response = await page.request.post('/api/auth/login', { data: { email, password } })
  return response.status()
}

test('Saudi sign-up in Arabic: four gated steps, same-address copy, EMAIL_IN_USE, reload, success', async ({
  page,
}) => {
  await openInArabic(page, '/signup/sa')

  // Step 1: Next stays disabled until all three requirements are ticked.
  await expect(next(page)).toBeDisabled()
  await screenshot(page, 'sa-step-1')
  await field(page, 'has_fixed_connection').check()
  await field(page, 'has_space').check()
  await expect(next(page)).toBeDisabled()
  await field(page, 'has_spare_power').check()
  await expect(next(page)).toBeEnabled()
  await next(page).click()
  await expect(page).toHaveURL(/[?&]step=2/)

  // Step 2 with an email that already has an account.
  await field(page, 'first_name').fill('نورة')
  await field(page, 'last_name').fill('الحربي')
  await field(page, 'email').fill('consumer@example.com')
  await field(page, 'mobile').fill('٠٥٥١٢٣٤٥٦٧')
  await expect(field(page, 'email')).toHaveAttribute('autocomplete', 'email')
  await screenshot(page, 'sa-step-2')
  await next(page).click()
  await expect(page).toHaveURL(/[?&]step=3/)

  // Step 3: "same as installation" is ticked; unticking starts the delivery address from it.
  const same = field(page, 'same_address')
  await expect(same).toBeChecked()
  await expect(field(page, 'delivery_address_1')).toHaveCount(0)
  await field(page, 'installation_address_1').fill('12 طريق الملك فهد')
  await field(page, 'installation_city').fill('الرياض')
  await field(page, 'installation_postcode').fill('12211')
  await expect(field(page, 'installation_country')).toBeDisabled()
  await screenshot(page, 'sa-step-3')
  await same.uncheck()
  await expect(field(page, 'delivery_address_1')).toHaveValue('12 طريق الملك فهد')
  await expect(field(page, 'delivery_city')).toHaveValue('الرياض')
  await expect(field(page, 'delivery_postcode')).toHaveValue('12211')
  await screenshot(page, 'sa-step-3-delivery')
  await same.check()
  await expect(field(page, 'delivery_address_1')).toHaveCount(0)

  // A reload mid-form keeps the step and every value (the draft is in IndexedDB).
  await page.waitForTimeout(600)
  await page.reload()
  await expect(page).toHaveURL(/[?&]step=3/)
  await expect(field(page, 'installation_address_1')).toHaveValue('12 طريق الملك فهد')
  await expect(field(page, 'installation_city')).toHaveValue('الرياض')
  await expect(field(page, 'installation_postcode')).toHaveValue('12211')
  await expect(field(page, 'same_address')).toBeChecked()
  await back(page).click()
  await expect(page).toHaveURL(/[?&]step=2/)
  await expect(field(page, 'first_name')).toHaveValue('نورة')
  await expect(field(page, 'last_name')).toHaveValue('الحربي')
  await expect(field(page, 'email')).toHaveValue('consumer@example.com')
  await expect(field(page, 'mobile')).toHaveValue('٠٥٥١٢٣٤٥٦٧')
  await back(page).click()
  await expect(field(page, 'has_spare_power')).toBeChecked()
  // The form's Back went back through the history instead of adding entries: the browser's
  // forward returns to step 2, and its back button walks the steps too.
  await page.goForward()
  await expect(page).toHaveURL(/[?&]step=2/)
  await page.goBack()
  await expect(page).not.toHaveURL(/[?&]step=/)
  await expect(field(page, 'has_spare_power')).toBeChecked()
  await page.goForward()
  await expect(page).toHaveURL(/[?&]step=2/)
  await next(page).click()
  await expect(page).toHaveURL(/[?&]step=3/)
  await next(page).click()
  await expect(page).toHaveURL(/[?&]step=4/)

  // Step 4: provider, product, agreement; the server refuses the email → back to step 2.
  await chooseFirst(field(page, 'ispId'))
  await chooseFirst(field(page, 'productId'))
  await field(page, 'tos').check()
  await screenshot(page, 'sa-step-4')
  await page.locator('button[name="send"]').click()
  await expect(page).toHaveURL(/[?&]step=2/)
  const email = field(page, 'email')
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('form [role="alert"]')).toBeVisible()
  await screenshot(page, 'sa-email-in-use')

  // A new address goes through.
  const address = `noura.${String(Date.now())}@example.com`
  await email.fill(address)
  await next(page).click()
  await next(page).click()
  await page.locator('button[name="send"]').click()
  await expect(page.locator('#signup-success-title')).toBeFocused()
  await screenshot(page, 'sa-success')

  // The draft is gone: a new visit starts from step 1 with nothing ticked.
  await page.goto('/signup/sa?step=3')
  await expect(page).toHaveURL(/[?&]step=1/)
  await expect(field(page, 'has_fixed_connection')).not.toBeChecked()
})

test('standard New Zealand sign-up: the account is created and can sign in', async ({ page }) => {
  await openInArabic(page, '/signup/nz?isp=0')
  const email = `aroha.${String(Date.now())}@example.com`
  await field(page, 'first_name').fill('Aroha')
  await field(page, 'last_name').fill('Wilson')
  await field(page, 'email').fill(email)
  await field(page, 'password').fill(PASSWORD)
  await expect(field(page, 'password')).toHaveAttribute('autocomplete', 'new-password')
  await field(page, 'mobile_number').fill('+64 21 555 0199')
  await chooseFirst(field(page, 'region'))
  await chooseFirst(field(page, 'city'))
  await field(page, 'post_code').fill('6011')
  // ?isp=0 preselected "other": its free text is asked for.
  await expect(field(page, 'isp')).toHaveValue('0')
  await field(page, 'isp_other').fill('Village fibre co-op')
  // "I don't know" is an answer too (sent as null).
  await field(page, 'package').selectOption('-1')
  await field(page, 'tos').check()
  await screenshot(page, 'nz-form')
  await page.locator('button[name="send"]').click()
  await expect(page.locator('#signup-success-title')).toBeFocused()
  await screenshot(page, 'nz-success')
  expect(await loginStatus(page, email, PASSWORD)).toBe(200)
})

test('the honeypot: a filled hidden field shows success but creates no account', async ({
  page,
}) => {
  await openInArabic(page, '/signup/nz')
  const email = `robot.${String(Date.now())}@example.com`
  await field(page, 'first_name').fill('Robot')
  await field(page, 'last_name').fill('Robot')
  await field(page, 'email').fill(email)
  await field(page, 'password').fill(PASSWORD)
  await chooseFirst(field(page, 'region'))
  await chooseFirst(field(page, 'city'))
  await field(page, 'post_code').fill('6011')
  await chooseFirst(field(page, 'isp'))
  await chooseFirst(field(page, 'package'))
  await field(page, 'tos').check()
  // People never reach it: off-screen, out of the tab order, hidden from assistive technology.
  const honeypot = field(page, 'other')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(page.locator('[aria-hidden="true"]').locator('[name="other"]')).toHaveCount(1)
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="other"]')
    if (input) input.value = 'http://spam.example'
  })
  await page.locator('button[name="send"]').click()
  await expect(page.locator('#signup-success-title')).toBeFocused()
  expect(await loginStatus(page, email, PASSWORD)).toBe(401)
})

test('the Saudi draft survives an app update: a new worker takes over and the page reloads', async ({
  page,
}) => {
  const controller = () =>
    page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
  await openInArabic(page, '/signup/sa')
  await waitForActiveWorker(page)
  await page.reload()
  expect(await controller()).toMatch(/\/sw\.js$/)
  await field(page, 'has_fixed_connection').check()
  await field(page, 'has_space').check()
  await field(page, 'has_spare_power').check()
  await next(page).click()
  await expect(page).toHaveURL(/[?&]step=2/)
  await field(page, 'first_name').fill('نورة')
  await field(page, 'email').fill('noura.update@example.com')
  await page.waitForTimeout(600)

  // A release, as in pwa.spec.ts: the built worker under another script URL for the same scope
  // installs as an update and waits; the prompt's Reload activates it and reloads the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?release=2', { scope: '/' })
  })
  // The prompt is found by its (Arabic) name: nothing else on the page says a version is new.
  const prompt = page.getByRole('region', { name: 'يتوفر إصدار جديد' })
  await expect(prompt).toBeVisible()
  const reloaded = page.waitForEvent('load')
  await prompt.getByRole('button').first().click()
  await reloaded
  expect(await controller()).toMatch(/\/sw\.js\?release=2$/)

  await expect(page).toHaveURL(/[?&]step=2/)
  await expect(field(page, 'first_name')).toHaveValue('نورة')
  await expect(field(page, 'email')).toHaveValue('noura.update@example.com')
  await back(page).click()
  await expect(field(page, 'has_fixed_connection')).toBeChecked()
  await expect(field(page, 'has_space')).toBeChecked()
  await expect(field(page, 'has_spare_power')).toBeChecked()
  await screenshot(page, 'sa-after-update')
})

test('offline: the form opens from the device with the draft, and Submit asks for a connection', async ({
  page,
  context,
}) => {
  await openInArabic(page, '/signup/nz')
  await waitForActiveWorker(page)
  await chooseFirst(field(page, 'isp'))
  await field(page, 'first_name').fill('Aroha')
  await field(page, 'email').fill('aroha.offline@example.com')
  await page.waitForTimeout(600)

  await context.setOffline(true)
  await page.reload()
  await expect(field(page, 'first_name')).toHaveValue('Aroha')
  await expect(field(page, 'email')).toHaveValue('aroha.offline@example.com')
  await expect(field(page, 'isp')).not.toHaveValue('')
  await field(page, 'last_name').fill('Wilson')
  await field(page, 'password').fill(PASSWORD)
  await chooseFirst(field(page, 'region'))
  await chooseFirst(field(page, 'city'))
  await field(page, 'post_code').fill('6011')
  await chooseFirst(field(page, 'package'))
  await field(page, 'tos').check()
  await page.locator('button[name="send"]').click()
  await expect(page.locator('[data-form-alert]')).toBeFocused()
  await expect(page.locator('#signup-success-title')).toHaveCount(0)
  await expect(field(page, 'last_name')).toHaveValue('Wilson')
  await screenshot(page, 'nz-offline')
  await context.setOffline(false)
})

test('first load: the page’s code and study list are announced in its HTML and each used once', async ({
  page,
}) => {
  const studyLists: string[] = []
  const unusedPreloads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/zeus/signups/metadata')) studyLists.push(request.url())
  })
  page.on('console', (message) => {
    // Chromium's words for a preload whose request did not match the page's own.
    if (/preload/i.test(message.text())) unusedPreloads.push(message.text())
  })
  const html = await (await page.request.get('/signup/sa')).text()
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/signup[^"]*\.js"/)
  expect(html).toContain(
    '<link rel="preload" as="fetch" crossorigin href="/api/zeus/signups/metadata"',
  )
  await page.goto('/signup/sa')
  await expect(field(page, 'has_fixed_connection')).toBeVisible()
  // The load event plus Chromium's few seconds before it reports an unused preload.
  await page.waitForTimeout(3_500)
  expect(studyLists).toHaveLength(1)
  expect(unusedPreloads).toEqual([])
})
