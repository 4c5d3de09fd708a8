import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { AdminPackagePageSchema, AdminPackageSchema, type AdminPackage } from '#contracts/admin.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { packageInputOf, PackagesPage, type PackageFormValues } from './PackagesPage'
import { adminSession, PANEL, renderAsAdmin } from './testing/fixtures'

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

const zeusUrl = (path: string) => apiUrl('zeus', `/panels/${String(PANEL)}${path}`)
const ISP = { id: 7, name: 'Southern Cross' }
const pkg = (id: number, overrides: Partial<AdminPackage> = {}): AdminPackage => ({
  id,
  short_name: `Fibre ${String(id * 100)}`,
  down_speed: id * 100,
  up_speed: id * 50,
  down_limit: null,
  up_limit: null,
  technology: 'fibre',
  public: true,
  isp: ISP,
  ...overrides,
})

function packagesServer() {
  const writes: { method: string; url: string; body: unknown }[] = []
  server.use(
    http.get(zeusUrl('/isps'), () =>
      contractJson(v.object({ data: v.array(v.object({ id: v.number(), name: v.string() })) }), {
        data: [ISP, { id: 9, name: 'Kiwi Fibre' }],
      }),
    ),
    http.get(zeusUrl('/isps/7/packages'), () =>
      contractJson(AdminPackagePageSchema, {
        data: [pkg(1), pkg(3, { down_limit: 500, technology: 'dsl', public: false })],
        meta: {
          pagination: { total: 2, count: 2, per_page: 250, current_page: 1, total_pages: 1 },
        },
      }),
    ),
    http.post(zeusUrl('/isps/7/packages'), async ({ request }) => {
      const body = (await request.json()) as { short_name: string }
      writes.push({ method: 'POST', url: request.url, body })
      if (body.short_name === 'Fibre 100') {
        return apiErrorResponse(400, {
          code: 'VALIDATION_FAILED',
          errors: { short_name: ['EXISTS'] },
        })
      }
      return contractJson(v.object({ data: AdminPackageSchema }), { data: pkg(5) }, { status: 201 })
    }),
  )
  return writes
}

const session = adminSession(['manage_products'])

describe('PackagesPage', { timeout: 20_000 }, () => {
  it('lists the first ISP’s packages from the server', async () => {
    packagesServer()
    await renderAsAdmin(<PackagesPage />, { server, session })
    const table = await screen.findByRole('table', { name: 'Packages' })
    expect(within(table).getByText('Fibre 100')).toBeInTheDocument()
    expect(within(table).getByText('Fibre 300')).toBeInTheDocument()
    expect(within(table).getByText('500 GB')).toBeInTheDocument()
    expect(within(table).getByText('DSL')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /^ISP/ })).toHaveValue('7')
  })

  it('checks the form, then shows EXISTS from the server under the short name', async () => {
    const writes = packagesServer()
    await renderAsAdmin(<PackagesPage />, { server, session })
    await screen.findByRole('table', { name: 'Packages' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add a package' }))
    await user.click(screen.getByRole('button', { name: 'Save the package' }))
    expect(screen.getAllByText('Please provide your short name.').length).toBeGreaterThan(0)
    expect(writes).toEqual([])
    const name = screen.getByRole('textbox', { name: /^Short name/ })
    await user.type(name, 'Fibre 100')
    await user.type(screen.getByRole('textbox', { name: /^Download speed/ }), '100')
    await user.type(screen.getByRole('textbox', { name: /^Upload speed/ }), '50')
    await user.click(screen.getByRole('button', { name: 'Save the package' }))
    expect(
      (await screen.findAllByText('This short name is already in use.')).length,
    ).toBeGreaterThan(0)
    expect(writes).toHaveLength(1)
    expect(writes[0]?.body).toEqual({
      short_name: 'Fibre 100',
      down_speed: 100,
      up_speed: 50,
      down_limit: null,
      up_limit: null,
      technology: null,
      public: true,
    })
    expect(name).toHaveFocus()
  })
})

const values = (overrides: Partial<PackageFormValues>): PackageFormValues => ({
  short_name: 'Fibre',
  down_speed: '100',
  up_speed: '20',
  down_limit: '',
  up_limit: '',
  technology: '',
  public: true,
  ...overrides,
})

describe('packageInputOf', () => {
  it.each([
    ['a good package', {}, {}],
    ['no name', { short_name: '  ' }, { short_name: 'MISSING' }],
    ['no speed', { down_speed: '' }, { down_speed: 'MISSING' }],
    ['a zero speed', { up_speed: '0' }, { up_speed: 'INVALID' }],
    ['a decimal comma', { down_speed: '12,5' }, {}],
    ['a word as speed', { down_speed: 'fast' }, { down_speed: 'INVALID' }],
    ['a fractional limit', { down_limit: '1.5' }, { down_limit: 'INVALID' }],
    ['a zero limit', { up_limit: '0' }, { up_limit: 'INVALID' }],
  ] satisfies [string, Partial<PackageFormValues>, object][])('%s', (_name, change, codes) => {
    expect(packageInputOf(values(change)).codes).toEqual(codes)
  })

  it('gives the contract’s values', () => {
    expect(packageInputOf(values({ down_speed: '12,5', down_limit: '200' })).input).toEqual({
      short_name: 'Fibre',
      down_speed: 12.5,
      up_speed: 20,
      down_limit: 200,
      up_limit: null,
      technology: null,
      public: true,
    })
  })
})
