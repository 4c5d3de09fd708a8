import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { InstantTestApiUsagePageSchema, type InstantTestApiUsage } from '#contracts/admin.ts'
import { contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { ApiUsagePage, monthText } from './ApiUsagePage'
import { adminUrl, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const usage = (token: number, month: string, requests: number): InstantTestApiUsage => ({
  token_id: token,
  token_name: `Token ${String(token)}`,
  month,
  requests,
  tests: Math.floor(requests / 2),
})

function usageServer(rows: InstantTestApiUsage[]) {
  const seen: URLSearchParams[] = []
  server.use(
    http.get(adminUrl('/instant-test-api-usage'), ({ request }) => {
      const params = new URL(request.url).searchParams
      seen.push(params)
      const search = params.get('search')
      const data = rows.filter((row) => search === null || row.token_name.includes(search))
      return contractJson(InstantTestApiUsagePageSchema, {
        data,
        meta: {
          pagination: {
            total: data.length,
            count: data.length,
            per_page: 50,
            current_page: 1,
            total_pages: 1,
          },
        },
      })
    }),
  )
  return seen
}

describe('monthText', () => {
  it.each([
    { month: '2026-11', locale: 'en-GB', expected: 'November 2026' },
    { month: '2026-01', locale: 'fr-CA', expected: 'janvier 2026' },
    { month: 'nonsense', locale: 'en-GB', expected: 'nonsense' },
  ])('$month in $locale', ({ month, locale, expected }) => {
    expect(monthText(month, locale)).toBe(expected)
  })
})

describe('ApiUsagePage', () => {
  it('shows the real, empty usage until the API is used', async () => {
    const seen = usageServer([])
    await renderAsAdmin(<ApiUsagePage />, { server })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Instant Test API usage' }),
    ).toBeInTheDocument()
    expect(await screen.findByText(/No Instant Test API usage yet/)).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('-month')
  })

  it('lists usage per token and month, searches and sorts on the server', async () => {
    const seen = usageServer([usage(1, '2026-11', 1200), usage(2, '2026-10', 40)])
    await renderAsAdmin(<ApiUsagePage />, { server })
    expect(await screen.findByText('2 token months')).toBeInTheDocument()
    expect(screen.getAllByText('November 2026').length).toBeGreaterThan(0)
    expect(screen.getAllByText('1,200').length).toBeGreaterThan(0)
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Search by token name' }), 'Token 2')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('1 token month')).toBeInTheDocument()
    expect(seen.at(-1)?.get('search')).toBe('Token 2')
    expect(seen.at(-1)?.get('page')).toBe('1')
    await user.click(screen.getAllByRole('button', { name: /^Requests/ })[0] as HTMLElement)
    await waitFor(() => {
      expect(seen.at(-1)?.get('sorts')).toBe('requests')
    })
  })
})
