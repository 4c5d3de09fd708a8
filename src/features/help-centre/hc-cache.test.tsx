import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { onlineManager } from '@tanstack/react-query'
import { CACHE_STORE, helpCentreDb } from './hc-db'
import { hcHandlers, hcNetworkDown } from './testing/hc-fixtures'
import { helpCentreTestClient, renderHelpCentre } from './testing/render-help-centre'

const server = setupServer(...hcHandlers())
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  server.resetHandlers()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
  await (await helpCentreDb()).clear(CACHE_STORE)
})
afterAll(() => {
  server.close()
})

type Saved = { clientState: { queries: { queryKey: unknown[] }[] } }

async function savedKeys(): Promise<string[]> {
  const saved = (await (await helpCentreDb()).get(CACHE_STORE, 'queries')) as Saved | undefined
  return (saved?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey))
}

/** A reload without a connection: a new query client, the browser offline, the service unreachable. */
function reloadOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  onlineManager.setOnline(false)
  server.use(hcNetworkDown())
  return helpCentreTestClient()
}

describe('help centre saved for offline reading', () => {
  it('an opened article is readable after a reload offline, with its age', async () => {
    const first = await renderHelpCentre('/hc/en-gb/articles/101')
    await screen.findByRole('heading', { level: 1, name: 'Where to put your Whitebox' })
    await waitFor(async () => {
      expect(await savedKeys()).toContain(JSON.stringify(['hc', 'en-gb', 'article', 101]))
    })
    first.unmount()

    await renderHelpCentre('/hc/en-gb/articles/101', reloadOffline())
    expect(
      screen.getByRole('heading', { level: 1, name: 'Where to put your Whitebox' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Next to your router, on a shelf.')).toBeInTheDocument()
    expect(screen.getByText(/^Data from/)).toBeInTheDocument()
  })

  it('the home and its category lists are readable after a reload offline', async () => {
    const first = await renderHelpCentre('/hc/en-gb')
    await screen.findByRole('link', { name: 'Your data' })
    await waitFor(async () => {
      expect(await savedKeys()).toEqual(
        expect.arrayContaining([
          JSON.stringify(['hc', 'en-gb', 'categories']),
          JSON.stringify(['hc', 'en-gb', 'articles']),
          JSON.stringify(['hc', 'en-gb', 'category', 1, 'sections']),
        ]),
      )
    })
    first.unmount()

    await renderHelpCentre('/hc/en-gb', reloadOffline())
    const card = screen.getByRole('heading', { level: 3, name: 'Your Whitebox' }).parentElement
    expect(within(card as HTMLElement).getByRole('link', { name: 'Your data' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Slow Wi-Fi at home' })).toBeVisible()
  })

  it('after the home online, its categories and sections open after a reload offline, with their age', async () => {
    const first = await renderHelpCentre('/hc/en-gb')
    await screen.findByRole('link', { name: 'Your data' })
    await waitFor(async () => {
      expect(await savedKeys()).toEqual(
        expect.arrayContaining([
          JSON.stringify(['hc', 'en-gb', 'articles']),
          JSON.stringify(['hc', 'en-gb', 'category', 1, 'sections']),
        ]),
      )
    })
    first.unmount()

    const category = await renderHelpCentre('/hc/en-gb/categories/1', reloadOffline())
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Whitebox' }),
    ).toBeInTheDocument()
    const data = screen.getByRole('region', { name: 'Your data' })
    expect(within(data).getByRole('link', { name: 'Who sees your results' })).toBeVisible()
    expect(within(data).queryByRole('link', { name: 'Slow Wi-Fi at home' })).toBeNull()
    expect(screen.getByText(/^Data from/)).toBeInTheDocument()
    category.unmount()

    await renderHelpCentre('/hc/en-gb/sections/10', reloadOffline())
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Getting started' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Where to put your Whitebox' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Who sees your results' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Your Whitebox' })).toBeVisible()
    expect(screen.getByText(/^Data from/)).toBeInTheDocument()
  })

  it('a page never opened says it is not saved yet, with a retry', async () => {
    await renderHelpCentre('/hc/en-gb/articles/999', reloadOffline())
    expect(await screen.findByText('It loads when you are back online.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('searches are not saved (offline, the saved articles are searched instead)', async () => {
    await renderHelpCentre('/hc/en-gb/search?query=router')
    await screen.findByText('23 results for “router”')
    await waitFor(async () => {
      expect(await savedKeys()).toContain(JSON.stringify(['hc', 'en-gb', 'categories']))
    })
    expect((await savedKeys()).some((key) => key.includes('"search"'))).toBe(false)
  })
})
