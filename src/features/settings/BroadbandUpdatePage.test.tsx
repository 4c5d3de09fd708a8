import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import {
  IspsResponseSchema,
  PackagesResponseSchema,
  UnitPackageResponseSchema,
  type UnitPackage,
} from '#contracts/settings.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { BroadbandUpdatePage } from './BroadbandUpdatePage'
import { localIsoDate } from './dates'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const packageUrl = apiUrl(
  'zeus',
  `/users/${CONSUMER.sub}/accessible-units/${String(CONSUMER.unitId)}/package`,
)
const CURRENT: UnitPackage = {
  unit_id: CONSUMER.unitId,
  country_id: 158,
  isp: { id: 4, name: 'Spark' },
  package: { id: 10, name: 'Fibre 300', download_kbps: 300_000, upload_kbps: 100_000 },
  changed_at: '2025-06-01',
}
const pagination = (total: number, count: number, page: number, perPage: number) => ({
  total,
  count,
  per_page: perPage,
  current_page: page,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
})

/** 300 packages for One NZ: two pages of 250. */
const manyPackages = Array.from({ length: 300 }, (_, i) => ({
  id: 1000 + i,
  isp_id: 5,
  name: `Plan ${String(i + 1).padStart(3, '0')}`,
  download_kbps: 100_000,
  upload_kbps: 20_000,
}))

let packageGets = 0
const packagePages: string[] = []

const server = settingsTestServer(
  http.get(apiUrl('zeus', '/isps'), ({ request }) => {
    const country = new URL(request.url).searchParams.get('country_id')
    const data =
      country === '158'
        ? [
            { id: 4, name: 'Spark', country_id: 158 },
            { id: 5, name: 'One NZ', country_id: 158 },
          ]
        : []
    return contractJson(IspsResponseSchema, {
      data,
      meta: { pagination: pagination(data.length, data.length, 1, 10_000) },
    })
  }),
  http.get(apiUrl('zeus', '/isps/:id/packages'), ({ params, request }) => {
    const query = new URL(request.url).searchParams
    const page = Number(query.get('page'))
    const perPage = Number(query.get('per_page'))
    packagePages.push(`${String(params.id)}:${String(page)}:${String(perPage)}`)
    const all =
      params.id === '5'
        ? manyPackages
        : [
            { id: 10, isp_id: 4, name: 'Fibre 300', download_kbps: 300_000, upload_kbps: 100_000 },
            { id: 11, isp_id: 4, name: 'Fibre Max', download_kbps: 900_000, upload_kbps: 500_000 },
          ]
    const data = all.slice((page - 1) * perPage, page * perPage)
    return contractJson(PackagesResponseSchema, {
      data,
      meta: { pagination: pagination(all.length, data.length, page, perPage) },
    })
  }),
)
afterEach(() => {
  packageGets = 0
  packagePages.length = 0
})

function currentIs(unit: UnitPackage) {
  server.use(
    http.get(packageUrl, () => {
      packageGets += 1
      return contractJson(UnitPackageResponseSchema, { data: unit })
    }),
  )
}

async function open() {
  signInConsumer()
  await renderSettingsPage(
    <BroadbandUpdatePage />,
    '/settings/broadband-details/update',
    settingsTestClient(),
  )
  return userEvent.setup()
}

describe('BroadbandUpdatePage', () => {
  it('fetches every page of packages, 250 a page, for the chosen provider', async () => {
    currentIs(CURRENT)
    const user = await open()
    const provider = await screen.findByLabelText('Provider')
    await waitFor(() => {
      expect(provider).toHaveDisplayValue('Spark')
    })
    await user.selectOptions(provider, 'One NZ')
    const packages = screen.getByLabelText('Package')
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Plan 300' })).toBeInTheDocument()
    })
    expect(packages.querySelectorAll('option')).toHaveLength(301)
    expect(packagePages).toContain('5:1:250')
    expect(packagePages).toContain('5:2:250')
    expect(packagePages.filter((p) => p.startsWith('5:'))).toHaveLength(2)
  })

  it('updates the package, says so and reloads the unit details', async () => {
    currentIs(CURRENT)
    let sent: unknown = null
    server.use(
      http.put(packageUrl, async ({ request }) => {
        sent = await request.json()
        return contractJson(UnitPackageResponseSchema, { data: CURRENT })
      }),
    )
    const user = await open()
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Fibre Max' })).toBeInTheDocument()
    })
    await user.selectOptions(screen.getByLabelText('Package'), 'Fibre Max')
    await user.click(screen.getByRole('button', { name: 'Update package' }))
    expect(await screen.findByText('Your broadband details have been updated')).toBeInTheDocument()
    expect(sent).toEqual({ isp_id: 4, package_id: 11, changed_at: localIsoDate() })
    await waitFor(() => {
      expect(packageGets).toBe(2)
    })
  })

  it('says a unit without a country cannot be updated, and offers no form', async () => {
    currentIs({ ...CURRENT, country_id: null, isp: null, package: null })
    await open()
    expect(
      await screen.findByText(/Your Whitebox has no country yet, so its package cannot be updated/),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Provider')).not.toBeInTheDocument()
  })

  it('maps UNIT_HAS_NO_COUNTRY from the server to the same message', async () => {
    currentIs(CURRENT)
    server.use(http.put(packageUrl, () => apiErrorResponse(400, { code: 'UNIT_HAS_NO_COUNTRY' })))
    const user = await open()
    await waitFor(() => {
      expect(screen.getByLabelText('Package')).toHaveDisplayValue('Fibre 300')
    })
    await user.click(screen.getByRole('button', { name: 'Update package' }))
    expect(
      await screen.findByText(/Your Whitebox has no country yet, so its package cannot be updated/),
    ).toBeInTheDocument()
  })

  it('shows the generic failure with a way to contact us', async () => {
    currentIs(CURRENT)
    server.use(http.put(packageUrl, () => apiErrorResponse(403, { code: 'FORBIDDEN' })))
    const user = await open()
    await waitFor(() => {
      expect(screen.getByLabelText('Package')).toHaveDisplayValue('Fibre 300')
    })
    await user.click(screen.getByRole('button', { name: 'Update package' }))
    expect(await screen.findByText('Your broadband details were not updated')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/settings/contact',
    )
  })

  it('says when the packages could not be loaded', async () => {
    currentIs(CURRENT)
    server.use(
      http.get(apiUrl('zeus', '/isps/:id/packages'), () =>
        apiErrorResponse(500, { code: 'INTERNAL' }),
      ),
    )
    await open()
    expect(await screen.findByText('The packages could not be loaded')).toBeInTheDocument()
  })

  it('refuses a change date in the future before sending', async () => {
    currentIs(CURRENT)
    const user = await open()
    const date = await screen.findByLabelText('Change date')
    await user.clear(date)
    await user.type(date, '2999-01-01')
    await user.click(screen.getByRole('button', { name: 'Update package' }))
    // Under the field and in the error summary.
    expect(screen.getAllByText('This change date is invalid.')).toHaveLength(2)
    expect(date).toHaveFocus()
  })
})
