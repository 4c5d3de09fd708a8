import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  authCookie,
  chooseFromAccountMenu,
  choosePanel,
  signIn,
  waitForActiveWorker,
} from './support.ts'

// Seeds 001 §2.2 at 390×844: the analyst makes a dashboard, drags a saved chart onto it, adds and
// reorders another by keyboard, saves; shares and deletes one from the list; opens one offline;
// and is asked before leaving the editor with unsaved changes.
//
// The analyst is shared with the other specs, which change the panel, the language, the presets
// and the dashboards. Each test here sets up what it needs at its start (English, the benchmark
// panel, presets and dashboards of its own made through the API under names no other spec uses),
// finds them by name (never by position or count), and deletes them at its end.

/** The analyst's 2,000-unit panel, where the presets made here chart (panel 6). */
const BENCHMARK = 'Southern Cross Regional Benchmark'

/** What this test made (deleted after it, whatever its outcome). */
let madePresets: number[] = []
let madeDashboards: number[] = []
/** The panel chosen before the test (chosen again after it). */
let panelBefore = ''

async function bearer(page: Page): Promise<{ authorization: string }> {
  const tokens = await authCookie(page)
  if (!tokens) throw new Error('not signed in: no auth cookie')
  return { authorization: `Bearer ${tokens.accessToken.token}` }
}

/** A word no other spec or earlier run uses (names end with it; a search for it finds them). */
function uniqueTerm(): string {
  return `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

function uniqueName(title: string): string {
  return `${title} ${uniqueTerm()}`
}

/** A private preset of the analyst's on panel 6 (daily download, the last 30 days); its id. */
async function makePreset(page: Page, name: string): Promise<number> {
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  const response = await page.request.post('/api/analytics/presets', {
    headers: await bearer(page),
    data: {
      name,
      tags: ['e2e'],
      visibility: 'private',
      data: [
        {
          panel: 6,
          chartType: 'aggregate',
          metrics: [{ key: 'httpgetmt' }],
          timeAggregation: 'daily',
          plotValue: 'median',
          date: { from: day(30), to: day(0) },
        },
      ],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const id = ((await response.json()) as { data: { id: number } }).data.id
  madePresets.push(id)
  return id
}

/** A private dashboard of the analyst's with these presets (panel 6), made through the API. */
async function makeDashboard(page: Page, name: string, presets: number[] = []): Promise<number> {
  const response = await page.request.post('/api/analytics/dashboards', {
    headers: await bearer(page),
    data: {
      type: 'warboard',
      name,
      public: false,
      contents: { children: presets.map((metaId) => ({ metaId, panel: 6 })) },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const id = ((await response.json()) as { data: { id: number } }).data.id
  madeDashboards.push(id)
  return id
}

type StoredDashboard = {
  name: string
  public: boolean
  contents: { children: { metaId: number }[] }
}

async function readDashboard(page: Page, id: number): Promise<StoredDashboard> {
  const response = await page.request.get(`/api/analytics/dashboards/${String(id)}`, {
    headers: await bearer(page),
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: StoredDashboard }).data
}

/** Signs the analyst in and brings back the state this spec starts from: English, panel 6. */
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
  const dashboards = madeDashboards
  const presets = madePresets
  madeDashboards = []
  madePresets = []
  if (dashboards.length > 0 || presets.length > 0) {
    const headers = await bearer(page)
    for (const id of dashboards) {
      const response = await page.request.delete(`/api/analytics/dashboards/${String(id)}`, {
        headers,
      })
      expect([200, 204, 404]).toContain(response.status())
    }
    for (const id of presets) {
      const response = await page.request.delete(`/api/analytics/presets/${String(id)}`, {
        headers,
      })
      expect([200, 204, 404]).toContain(response.status())
    }
  }
  // The panel chosen before is chosen again (the next journey finds the analyst as it was).
  if (panelBefore !== '' && panelBefore !== BENCHMARK) {
    if (!page.url().includes('/dashboard')) await page.goto('/dashboards')
    await choosePanel(page, panelBefore)
  }
  panelBefore = ''
})

/** The list item of /dashboards that links to the dashboard of this name, under `section`. */
function listItem(page: Page, section: 'Yours' | 'Shared with your organisation', name: string) {
  return page
    .getByRole('region', { name: section })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
}

/** Presses the mouse on `from`, moves it in steps onto `to` and lets go there. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded()
  const start = await from.boundingBox()
  if (!start) throw new Error('nothing to drag')
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
  await page.mouse.down()
  // dnd-kit's pointer sensor starts a drag after 6 px.
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 12, { steps: 4 })
  const end = await to.boundingBox()
  if (!end) throw new Error('nowhere to drop')
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 })
  await page.mouse.up()
}

test('the analyst makes a dashboard, drags a chart in, adds and reorders another, saves', async ({
  page,
}) => {
  await start(page)
  const term = uniqueTerm()
  const first = `Daily download A ${term}`
  const second = `Daily download B ${term}`
  const firstId = await makePreset(page, first)
  const secondId = await makePreset(page, second)
  const NAME = uniqueName('Board')

  await page.goto('/dashboards')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible()
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/analytics/dashboards')) {
      posts.push(request.url())
    }
  })

  // An empty name is refused on the page: nothing is sent.
  await page.getByRole('button', { name: 'New dashboard' }).click()
  const dialog = page.getByRole('dialog', { name: 'New dashboard' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(/Please give it a name\./)
  expect(posts).toEqual([])

  await dialog.getByLabel('Name').fill(NAME)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/dashboard\/\d+\?edit=true$/)
  const id = Number(/\/dashboard\/(\d+)/.exec(page.url())?.[1])
  madeDashboards.push(id)
  expect(posts).toHaveLength(1)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit dashboard' })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(NAME)

  // The side bar (after the board on a phone) finds the two presets by name.
  const saved = page.getByRole('list', { name: 'Saved charts' })
  await page.getByLabel('Find a saved chart').fill(term)
  const firstItem = saved.getByRole('listitem').filter({ hasText: first })
  const secondItem = saved.getByRole('listitem').filter({ hasText: second })
  await expect(firstItem).toBeVisible()
  await expect(secondItem).toBeVisible()

  // Let go anywhere but the board (back on the side bar): nothing is added.
  const board = page.getByText('Drop saved charts here.')
  await drag(page, firstItem.locator('span').first(), secondItem)
  await expect(page.getByRole('heading', { name: 'On the dashboard (0 of 6)' })).toBeVisible()
  await expect(board).toBeVisible()

  // The first by dragging its handle onto the board with the mouse.
  await drag(page, firstItem.locator('span').first(), board)
  await expect(page.getByRole('button', { name: `Move ${first}, chart 1 of 1` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'On the dashboard (1 of 6)' })).toBeVisible()
  await expect(firstItem.getByText('Added', { exact: true })).toBeVisible()

  // The second with its Add button.
  await secondItem.getByRole('button', { name: `Add ${second}` }).click()
  await expect(page.getByRole('heading', { name: 'On the dashboard (2 of 6)' })).toBeVisible()

  // The second moved up by keyboard from its handle: Space, ArrowUp, Space.
  const handle = page.getByRole('button', { name: `Move ${second}, chart 2 of 2` })
  await handle.focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: `Move ${second}, chart 1 of 2` })).toBeVisible()
  await expect(page.getByRole('button', { name: `Move ${first}, chart 2 of 2` })).toBeVisible()

  const put = page.waitForRequest(
    (request) =>
      request.method() === 'PUT' && request.url().endsWith(`/api/analytics/dashboards/${id}`),
  )
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const body = (await put).postDataJSON() as { contents: { children: { metaId: number }[] } }
  expect(body.contents.children.map((graph) => graph.metaId)).toEqual([secondId, firstId])

  // The view: both charts, the second first.
  await expect(page).toHaveURL(new RegExp(`/dashboard/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible()
  await expect(
    page.getByRole('list', { name: NAME }).getByRole('heading', { level: 2 }),
  ).toHaveText([second, first])
  expect((await readDashboard(page, id)).contents.children.map((g) => g.metaId)).toEqual([
    secondId,
    firstId,
  ])

  await page.getByRole('link', { name: 'All dashboards' }).click()
  await expect(listItem(page, 'Yours', NAME)).toContainText('2 charts')
})

test('the analyst shares a dashboard with the organisation, then deletes it', async ({ page }) => {
  await start(page)
  const NAME = uniqueName('Shared board')
  const id = await makeDashboard(page, NAME)
  await page.goto('/dashboards')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible()
  const mine = listItem(page, 'Yours', NAME)
  const shared = listItem(page, 'Shared with your organisation', NAME)
  await expect(mine).toBeVisible()
  await expect(shared).toHaveCount(0)

  await mine.getByRole('checkbox', { name: 'Shared with organisation' }).check()
  await expect(
    page.getByRole('status').filter({ hasText: `“${NAME}” is shared with your organisation.` }),
  ).toBeVisible()
  await expect(shared).toBeVisible()
  await expect(mine).toHaveCount(0)
  await expect(shared.getByRole('checkbox', { name: 'Shared with organisation' })).toBeChecked()
  expect((await readDashboard(page, id)).public).toBe(true)

  // Delete asks first: Cancel keeps it.
  await shared.getByRole('button', { name: `Delete “${NAME}”` }).click()
  const confirm = page.getByRole('dialog', { name: `Delete “${NAME}”?` })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(shared).toBeVisible()

  await shared.getByRole('button', { name: `Delete “${NAME}”` }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `“${NAME}” was deleted.` })).toBeVisible()
  await expect(shared).toHaveCount(0)
  await expect(mine).toHaveCount(0)
  const gone = await page.request.get(`/api/analytics/dashboards/${String(id)}`, {
    headers: await bearer(page),
  })
  expect(gone.status()).toBe(404)
})

test('a dashboard and its chart open offline from the device', async ({ page, context }) => {
  test.setTimeout(90_000)
  await start(page)
  const PRESET = uniqueName('Daily download offline')
  const NAME = uniqueName('Offline board')
  const presetId = await makePreset(page, PRESET)
  const id = await makeDashboard(page, NAME, [presetId])

  await page.goto('/dashboards')
  await listItem(page, 'Yours', NAME).getByRole('link', { name: NAME, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible()
  const board = page.getByRole('list', { name: NAME })
  await expect(board.getByRole('heading', { level: 2, name: PRESET })).toBeVisible()
  await expect(board.getByRole('img', { name: /Chart of Download speed/ })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeEnabled()

  // The persisted cache is written shortly after the data arrives.
  await waitForActiveWorker(page)
  await page.waitForTimeout(2000)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: 30_000 })
  await expect(board.getByRole('heading', { level: 2, name: PRESET })).toBeVisible()
  await expect(board.getByRole('img', { name: /Chart of Download speed/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeDisabled()
  await expect(page.getByText('Editing needs an internet connection.')).toBeVisible()

  await page.getByRole('link', { name: 'All dashboards' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible()
  await expect(listItem(page, 'Yours', NAME)).toContainText('1 chart')
  await expect(
    listItem(page, 'Yours', NAME).getByRole('button', { name: `Delete “${NAME}”` }),
  ).toBeDisabled()
  await context.setOffline(false)
})

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await start(page)
  const NAME = uniqueName('Unsaved board')
  const id = await makeDashboard(page, NAME)
  await page.goto(`/dashboard/${id}?edit=true`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit dashboard' })).toBeVisible()
  const name = page.getByLabel('Name', { exact: true })
  await expect(name).toHaveValue(NAME)
  await name.fill(`${NAME} renamed`)

  // Cancel stays in the editor with the change.
  await page.getByRole('link', { name: 'All dashboards' }).click()
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/dashboard/${id}\\?edit=true$`))
  await expect(name).toHaveValue(`${NAME} renamed`)

  // Leave goes, and nothing was saved.
  await page.getByRole('link', { name: 'All dashboards' }).click()
  await ask.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible()
  await expect(listItem(page, 'Yours', NAME)).toBeVisible()
  expect((await readDashboard(page, id)).name).toBe(NAME)
})

test('the analyst writes a report of a heading, text and a saved chart, then reads it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await start(page)
  const chart = uniqueName('Report chart')
  await makePreset(page, chart)
  await page.goto('/reports')
  await page.getByRole('link', { name: 'New report' }).click()
  await expect(page).toHaveURL(/\/report\/new$/)

  // Nothing written: refused on the device, nothing sent.
  let posted = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/analytics/dashboards')) {
      posted += 1
    }
  })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Please give it a name.').first()).toBeVisible()
  await expect(page.getByText('Add at least one block before saving.').first()).toBeVisible()
  expect(posted).toBe(0)

  const name = uniqueName('Evening report')
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('textbox', { name: 'Heading, block 1' }).fill('Evenings')
  await page.getByRole('button', { name: 'Add text' }).click()
  await page.getByRole('textbox', { name: 'Text, block 2' }).fill('Slower after 8 pm.')
  await page.getByRole('button', { name: 'Add a saved chart' }).click()
  await page.getByRole('combobox', { name: 'Saved chart, block 3' }).selectOption({ label: chart })
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/api/analytics/dashboards'),
  )
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const response = await saved
  expect(response.status()).toBe(201)
  const id = ((await response.json()) as { data: { id: number } }).data.id
  madeDashboards.push(id)

  // Read as a document at its own address.
  await expect(page).toHaveURL(new RegExp(`/report/${String(id)}$`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Evenings' })).toBeVisible()
  await expect(page.getByText('Slower after 8 pm.')).toBeVisible()
  await expect(page.getByRole('heading', { name: chart })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Chart of/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()

  await page.getByRole('link', { name: 'All reports' }).click()
  await expect(
    page.getByRole('region', { name: 'Yours' }).getByRole('link', { name, exact: true }),
  ).toBeVisible()
})
