import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support.ts'

// Issue 22: on a 390 px phone every control of the header stays on the screen and receives its
// own tap, for each role, online and without a connection. (The panel picker's name once pushed
// the account menu off the bar, so a phone user could not sign out.)
test.use({ serviceWorkers: 'block' })

type HeaderPage = { account: string; path: string; panel?: string }

const PAGES: readonly HeaderPage[] = [
  { account: 'consumer', path: '/dashboard' },
  { account: 'analyst', path: '/analytics' },
  // The longest panel name of the demo (the picker shows the chosen panel).
  { account: 'analyst', path: '/analytics', panel: 'Southern Cross Multiview' },
  // The settings page adds the sidebar toggle to the analyst's panel picker and account menu.
  { account: 'analyst', path: '/settings/personal-details' },
  { account: 'admin', path: '/admin' },
  // The constant-care pages add the navigation search.
  { account: 'engineer', path: '/units' },
]

/** Each header control that is shown: its name, whether it lies inside the screen, and whether
 *  the point at its centre belongs to it (nothing else covers it). */
async function headerControls(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('header nav')
    if (!nav) throw new Error('no header navigation')
    const controls = [...nav.querySelectorAll<HTMLElement>('a[href], button')].filter(
      (element) => element.getBoundingClientRect().width > 1,
    )
    return {
      overflow: nav.scrollWidth - nav.clientWidth,
      controls: controls.map((element) => {
        const box = element.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return {
          name: (element.getAttribute('aria-label') ?? element.textContent).trim(),
          inside: box.left >= 0 && box.right <= window.innerWidth + 0.5,
          own: hit !== null && (hit === element || element.contains(hit)),
        }
      }),
    }
  })
}

for (const { account, path, panel } of PAGES) {
  test(`${account} on ${path}${panel ? ` (${panel})` : ''}: every header control fits and takes its own tap`, async ({
    page,
  }) => {
    await signIn(page, account)
    await page.goto(path)
    const accountMenu = page.getByRole('button', { name: /Account menu/ })
    await expect(accountMenu).toBeVisible()
    if (panel) {
      const picker = page.getByRole('button', { name: /^Panel:/ })
      await picker.click()
      await page.getByRole('menuitemradio', { name: panel }).click()
      await expect(picker).toHaveAccessibleName(`Panel: ${panel}`)
    }

    for (const connection of ['online', 'offline'] as const) {
      if (connection === 'offline') {
        await page.route(/\/api\//, (route) => route.abort('internetdisconnected'))
        await page.reload()
        await expect(accountMenu).toBeVisible()
      }
      const { overflow, controls } = await headerControls(page)
      expect(overflow, `${connection}: the header scrolls sideways`).toBeLessThanOrEqual(0)
      expect(controls.length).toBeGreaterThan(1)
      for (const control of controls) {
        expect(control, `${connection}: ${control.name}`).toMatchObject({
          inside: true,
          own: true,
        })
      }
      // A real tap opens the account menu (no trial run: the click itself must land).
      await accountMenu.click({ timeout: 5_000 })
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
      await page.keyboard.press('Escape')
    }
  })
}
