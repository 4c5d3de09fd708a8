import { expect, test } from '@playwright/test'
import { submitLogin } from './support.ts'

// Issue 4 §5 / seeds 2.8, 4.5: after sign-in the "What's new" dialog opens with the unread updates;
// earlier ones load 5 at a time; closing marks the unread ones read, so it stays shut next time.
// The consumer: the other journeys sign in with the dialog turned off and leave its updates unread.
test('what’s new opens after sign-in, loads earlier updates 5 at a time, and closing marks them read', async ({
  page,
}) => {
  await submitLogin(page, 'consumer', undefined, { featureUpdates: true })
  const dialog = page.getByRole('dialog', { name: 'What’s new' })
  await expect(dialog).toBeVisible()
  const newSection = dialog.getByRole('region', { name: 'New' })
  const unread = await newSection.getByRole('article').count()
  expect(unread).toBeGreaterThan(0)

  const earlier = dialog.getByRole('region', { name: 'Earlier' })
  await expect(earlier.getByRole('article')).toHaveCount(5)
  await dialog.getByRole('button', { name: 'Load more' }).click()
  await expect.poll(() => earlier.getByRole('article').count()).toBeGreaterThan(5)

  await dialog.getByRole('button', { name: 'Close what’s new' }).click()
  await expect(dialog).toBeHidden()

  // Opened again from the account menu: nothing is unread any more.
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: /What’s new/ }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('You are up to date.')).toBeVisible()
})

// Issue 22: news of an app is shown only to users who have that app. The field engineer has
// constant care, not dashboards; the dialog is left open (its updates stay unread for others).
test('what’s new shows the engineer news of their apps only', async ({ page }) => {
  await submitLogin(page, 'engineer', undefined, { featureUpdates: true })
  const dialog = page.getByRole('dialog', { name: 'What’s new' })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByRole('heading', { name: 'Scan a unit’s label to open it' }),
  ).toBeVisible()
  await expect(
    dialog.getByRole('heading', { name: 'Area outage alerts in constant care' }),
  ).toBeVisible()
  await expect(dialog.getByText('Saved dashboards open without a connection')).toHaveCount(0)
})
