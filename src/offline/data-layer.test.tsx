import 'fake-indexeddb/auto'
import { useContext, useEffect } from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientContext } from '@tanstack/react-query'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { routeTree } from '../routeTree.gen'
import { deauthenticate } from '../session'
import { clearStore } from '../session/store'
import {
  dataLayer,
  DataLayerProvider,
  needsDataLayer,
  pageNeedsDataLayer,
  ROUTES_WITHOUT_DATA,
  wipeDataLeftSignedOut,
  wipeDataOnDeauthentication,
} from './data-layer'
import { createQueryPersistence, userPersister, wipePersistedCaches } from './persistence'
import { resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

/** Lets the persister's IndexedDB writes land. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50))
}

/** What an earlier visit of USER left on the device. */
async function savedVisit(): Promise<void> {
  const earlier = new QueryClient()
  await createQueryPersistence(earlier).restoreFor(USER.userId)
  earlier.setQueryData(['unit', 1], { name: 'Living room' })
  await settle()
}

const stopWiping = wipeDataOnDeauthentication()
afterEach(async () => {
  await resetQueueTest()
})

describe('pageNeedsDataLayer', () => {
  it.each([
    { routes: ['__root__', '/500'], signedIn: true, expected: false },
    { routes: ['__root__', '/login'], signedIn: true, expected: false },
    { routes: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: true, expected: true },
    { routes: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: false, expected: false },
    { routes: ['__root__', '/signup/$owner/{-$country}'], signedIn: false, expected: true },
  ])('$routes, signed in $signedIn → $expected', ({ routes, signedIn, expected }) => {
    expect(pageNeedsDataLayer(routes, signedIn)).toBe(expected)
  })
})

describe('needsDataLayer', () => {
  it.each([
    { routes: ['__root__', '/login'], signedIn: false, expected: false },
    { routes: ['__root__', '/request-password'], signedIn: false, expected: false },
    { routes: ['__root__', '/404'], signedIn: false, expected: false },
    { routes: ['__root__', '/404'], signedIn: true, expected: true },
    { routes: ['__root__', '/signup/$owner/{-$country}'], signedIn: false, expected: true },
    {
      routes: ['__root__', '/hc', '/hc/{-$locale}', '/hc/{-$locale}/'],
      signedIn: false,
      expected: true,
    },
    { routes: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: true, expected: true },
    // A visitor is sent to /login by the guard: nothing to load first.
    { routes: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: false, expected: false },
  ])('$routes, signed in $signedIn → $expected', ({ routes, signedIn, expected }) => {
    expect(needsDataLayer(routes, signedIn)).toBe(expected)
  })

  it('names only routes that exist (a renamed route would need the data layer again)', () => {
    const router = createRouter({
      routeTree,
      context: { loadQueryClient: () => Promise.resolve(new QueryClient()) },
      history: createMemoryHistory(),
    })
    expect(Object.keys(router.routesById)).toEqual(expect.arrayContaining([...ROUTES_WITHOUT_DATA]))
  })
})

describe('a start with nobody signed in', () => {
  it('wipes what a session that ended while the app was closed left on the device', async () => {
    signInForTest()
    await savedVisit()
    // The tokens went while the app was closed: the next start finds nobody signed in.
    clearStore()
    wipeDataLeftSignedOut()
    await waitFor(async () => {
      expect(await userPersister(USER.userId).restoreClient()).toBeUndefined()
    })
  })

  it('keeps the data of whoever is signed in', async () => {
    signInForTest()
    await savedVisit()
    wipeDataLeftSignedOut()
    await settle()
    expect(await userPersister(USER.userId).restoreClient()).toBeDefined()
  })
})

// In order: the layer is one per page, and these follow it from not loaded to loaded.
describe('the data layer', () => {
  it('is not loaded by a sign-out on a page without it, which still wipes the saved data', async () => {
    await savedVisit()
    expect(await userPersister(USER.userId).restoreClient()).toBeDefined()
    deauthenticate()
    await waitFor(async () => {
      expect(await userPersister(USER.userId).restoreClient()).toBeUndefined()
    })
    expect(dataLayer.current()).toBeNull()
  })

  it('gives the pages its query client once loaded, without remounting them', async () => {
    let mounts = 0
    function Page() {
      const client = useContext(QueryClientContext)
      useEffect(() => {
        mounts += 1
      }, [])
      return <p>{client ? 'with data' : 'without data'}</p>
    }
    render(
      <DataLayerProvider>
        <Page />
      </DataLayerProvider>,
    )
    expect(screen.getByText('without data')).toBeInTheDocument()
    await act(() => dataLayer.load())
    expect(screen.getByText('with data')).toBeInTheDocument()
    expect(mounts).toBe(1)
  })

  it('restores the data of whoever signs in, and drops it from memory and device at sign-out', async () => {
    const layer = await dataLayer.load()
    await savedVisit()
    signInForTest()
    await waitFor(() => {
      expect(layer.queryClient.getQueryData(['unit', 1])).toEqual({ name: 'Living room' })
    })
    deauthenticate()
    expect(layer.queryClient.getQueryData(['unit', 1])).toBeUndefined()
    await waitFor(async () => {
      expect(await userPersister(USER.userId).restoreClient()).toBeUndefined()
    })
    stopWiping()
    await wipePersistedCaches()
  })
})
