import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
  type QueryFunction,
} from '@tanstack/react-query'
import { ApiError, INVALID_RESPONSE, NetworkError } from '../api/http'
import { QueryStatus, queryErrorMessage } from './QueryStatus'

/** Matches the age paragraph as a whole: its time sits in a child `<time>`. */
function ageLabel(pattern: RegExp) {
  return (_: string, element: Element | null) =>
    element?.tagName === 'P' && pattern.test(element.textContent)
}

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

type Units = string[]

function Units({ queryFn, staleTime = 0 }: { queryFn: QueryFunction<Units>; staleTime?: number }) {
  const query = useQuery({ queryKey: ['units'], queryFn, staleTime })
  return (
    <QueryStatus query={query} isEmpty={(units) => units.length === 0}>
      {(units) => (
        <ul>
          {units.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      )}
    </QueryStatus>
  )
}

function renderUnits(
  queryFn: QueryFunction<Units>,
  { seed, staleTime }: { seed?: { data: Units; updatedAt: number }; staleTime?: number } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (seed) client.setQueryData(['units'], seed.data, { updatedAt: seed.updatedAt })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Units queryFn={queryFn} staleTime={staleTime} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return client
}

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('QueryStatus', () => {
  it('shows a labelled spinner while the first fetch runs, then the data', async () => {
    let resolve: (units: Units) => void = () => undefined
    renderUnits(() => new Promise<Units>((r) => (resolve = r)))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument()
    act(() => {
      resolve(['unit 1'])
    })
    expect(await screen.findByText('unit 1')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument()
  })

  it('offline with nothing saved: says so with Retry instead of a skeleton, and loads when back', async () => {
    onlineManager.setOnline(false)
    const queryFn = vi.fn(() => Promise.resolve(['unit 7']))
    renderUnits(queryFn)
    expect(screen.getByText('Not saved on this device yet')).toBeInTheDocument()
    expect(screen.getByText('It loads when you are back online.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument()
    expect(queryFn).not.toHaveBeenCalled()
    act(() => {
      onlineManager.setOnline(true)
    })
    expect(await screen.findByText('unit 7')).toBeInTheDocument()
  })

  it.each<{ error: Error; message: string }>([
    {
      error: new NetworkError(),
      message: 'Could not reach the server. Check your connection and try again.',
    },
    { error: new ApiError(404, 'NOT_FOUND'), message: 'This could not be found.' },
    { error: new ApiError(403, 'FORBIDDEN'), message: 'You do not have access to this.' },
  ])(
    'a failed first fetch ($error.name) shows "$message"; Retry loads',
    async ({ error, message }) => {
      const user = userEvent.setup()
      const queryFn = vi
        .fn<() => Promise<Units>>()
        .mockRejectedValueOnce(error)
        .mockResolvedValue(['unit 9'])
      renderUnits(queryFn)
      expect(await screen.findByText(message)).toBeInTheDocument()
      expect(screen.getByText('This could not be loaded')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Retry' }))
      expect(await screen.findByText('unit 9')).toBeInTheDocument()
      expect(screen.queryByText(message)).not.toBeInTheDocument()
    },
  )

  it('shows the empty state when the data counts as empty', async () => {
    renderUnits(() => Promise.resolve([]))
    expect(await screen.findByText('Nothing to show yet.')).toBeInTheDocument()
  })

  it('fresh data: no age label', async () => {
    renderUnits(() => Promise.resolve(['unit 1']))
    expect(await screen.findByText('unit 1')).toBeInTheDocument()
    expect(screen.queryByText(ageLabel(/Data from/))).not.toBeInTheDocument()
  })

  it('data restored from the cache hours ago says how old it is while it is refreshed', () => {
    const updatedAt = Date.now() - 3 * 3_600_000 - 60_000
    renderUnits(() => new Promise<string[]>(() => undefined), {
      seed: { data: ['unit 1'], updatedAt },
      staleTime: 5 * 60_000,
    })
    expect(screen.getByText('unit 1')).toBeInTheDocument()
    expect(screen.getByText(ageLabel(/^Data from .+, 3 hr ago$/))).toBeInTheDocument()
  })

  it('online, data still within its stale time is not labelled, however old', () => {
    const updatedAt = Date.now() - 3 * 3_600_000
    renderUnits(() => Promise.resolve(['unit 1']), {
      seed: { data: ['unit 1'], updatedAt },
      staleTime: Infinity,
    })
    expect(screen.getByText('unit 1')).toBeInTheDocument()
    expect(screen.queryByText(ageLabel(/Data from/))).not.toBeInTheDocument()
  })

  it('a failed refresh keeps the data, says it could not be refreshed, and shows its age', async () => {
    const updatedAt = Date.now() - 10 * 60_000
    renderUnits(() => Promise.reject(new ApiError(503, 'INTERNAL')), {
      seed: { data: ['unit 1'], updatedAt },
    })
    expect(await screen.findByText('This could not be refreshed')).toBeInTheDocument()
    expect(
      screen.getByText('The server could not answer. Try again in a moment.'),
    ).toBeInTheDocument()
    expect(screen.getByText('unit 1')).toBeInTheDocument()
    expect(screen.getByText(ageLabel(/^Data from .+, 10 min ago$/))).toBeInTheDocument()
  })
})

describe('queryErrorMessage', () => {
  it.each<{ error: Error; id: string }>([
    { error: new NetworkError(), id: 'Could not reach the server' },
    { error: new ApiError(200, INVALID_RESPONSE), id: 'does not understand' },
    { error: new ApiError(401, 'TOKEN_EXPIRED'), id: 'Your session has ended' },
    { error: new ApiError(403, 'FORBIDDEN'), id: 'You do not have access' },
    { error: new ApiError(404, 'NOT_FOUND'), id: 'could not be found' },
    { error: new ApiError(429, 'RATE_LIMITED'), id: 'Too many requests' },
    { error: new ApiError(500, 'INTERNAL'), id: 'The server could not answer' },
    { error: new ApiError(422, 'VALIDATION'), id: 'Something went wrong' },
    { error: new Error('boom'), id: 'Something went wrong' },
  ])('$error.message → "$id…"', ({ error, id }) => {
    expect(i18n._(queryErrorMessage(error))).toContain(id)
  })
})
