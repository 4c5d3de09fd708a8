import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MyFlagsSchema, resolveFlags, type FeatureFlag } from '#contracts/flags.ts'
import { apiUrl, contractJson } from '../api/testing/contract-handlers'
import { flagOn, flagsQueryOptions, FLAGS_KEY, useFlag, useFlagsSync } from './flags'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

const requested: (string | null)[] = []

function serveFlags(on: FeatureFlag[]) {
  server.use(
    http.get(apiUrl('flags', ''), ({ request }) => {
      const panel = new URL(request.url).searchParams.get('panel')
      requested.push(panel)
      const flags = resolveFlags(
        on.map((flag) => ({ flag, enabled: true, organisation_id: null, panel_id: null })),
        { organisationId: null, panelId: null },
      )
      return contractJson(MyFlagsSchema, {
        data: { organisation_id: 2, panel_id: panel === null ? null : Number(panel), flags },
      })
    }),
  )
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
}

afterEach(() => {
  requested.length = 0
})

describe('flagsQueryOptions', () => {
  it('keys by user and panel, persisted with the profile data', () => {
    const options = flagsQueryOptions(7, 3)
    expect(options.queryKey).toEqual([...FLAGS_KEY, 7, 3])
    expect(options.meta).toEqual({ persist: 'profile' })
  })
})

describe('flagOn', () => {
  const data = {
    organisation_id: null,
    panel_id: null,
    flags: {
      ...resolveFlags([], { organisationId: null, panelId: null }),
      'sidebar-improvements': true,
    },
  }
  it.each([
    { flags: undefined, flag: 'sidebar-improvements' as const, expected: false },
    { flags: data, flag: 'sidebar-improvements' as const, expected: true },
    { flags: data, flag: 'cc-area-outage-alert' as const, expected: false },
  ])('$flag → $expected', ({ flags, flag, expected }) => {
    expect(flagOn(flags, flag)).toBe(expected)
  })
})

describe('useFlag', () => {
  it('reads the flag for the panel', async () => {
    serveFlags(['cc-area-outage-alert'])
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const { result } = renderHook(
      () => useFlag('cc-area-outage-alert', { userId: 7, panelId: 3 }),
      { wrapper: wrapper(client) },
    )
    expect(result.current).toBe(false)
    await waitFor(() => {
      expect(result.current).toBe(true)
    })
    expect(requested).toEqual(['3'])
  })

  it('asks nothing when disabled', async () => {
    serveFlags(['cc-area-outage-alert'])
    const client = new QueryClient()
    const { result } = renderHook(
      () => useFlag('cc-area-outage-alert', { userId: 7, panelId: 3 }, false),
      { wrapper: wrapper(client) },
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current).toBe(false)
    expect(requested).toEqual([])
  })
})

describe('useFlagsSync', () => {
  it('reads again on every start, even over fresh cached flags', async () => {
    serveFlags(['multiple-metric-loading'])
    const client = new QueryClient()
    // Restored from the device a moment ago: fresh, yet a start reads the service again.
    client.setQueryData(flagsQueryOptions(7, null).queryKey, {
      organisation_id: 2,
      panel_id: null,
      flags: resolveFlags([], { organisationId: null, panelId: null }),
    })
    const { result } = renderHook(() => useFlagsSync(7, null), { wrapper: wrapper(client) })
    await waitFor(() => {
      expect(result.current?.flags['multiple-metric-loading']).toBe(true)
    })
    expect(requested).toEqual([null])
  })
})
