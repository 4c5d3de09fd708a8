import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { CsvUploadResultSchema, MetadataFieldSchema } from '#contracts/admin.ts'
import { apiErrorResponse, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import * as download from '../../ui/download-file'
import { isCsvFile, MetadataPage } from './MetadataPage'
import { adminUrl, FIELDS, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterEach(() => {
  vi.restoreAllMocks()
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const FieldsResponse = v.object({ data: v.array(MetadataFieldSchema) })
const FieldResponse = v.object({ data: MetadataFieldSchema })

function fieldsServer() {
  const writes: { method: string; url: string; body: unknown }[] = []
  server.use(
    http.get(adminUrl('/metadata-fields'), () => contractJson(FieldsResponse, { data: FIELDS })),
    http.post(adminUrl('/metadata-fields'), async ({ request }) => {
      const body = (await request.json()) as { key: string }
      writes.push({ method: 'POST', url: request.url, body })
      if (body.key === 'floor') {
        return apiErrorResponse(400, { code: 'VALIDATION_FAILED', errors: { key: ['EXISTS'] } })
      }
      return contractJson(
        FieldResponse,
        { data: { id: 3, key: body.key, display_name: 'X', format: 'text', usage: 'available' } },
        { status: 201 },
      )
    }),
    http.delete(adminUrl('/metadata-fields/:id'), ({ request }) => {
      writes.push({ method: 'DELETE', url: request.url, body: null })
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return writes
}

const csv = (text: string, name = 'units.csv', type = 'text/csv') =>
  new File([text], name, { type })

/** Presses "Choose a CSV file" and chooses `file` in the picker it opens. */
async function chooseFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  const picked: HTMLInputElement[] = []
  const open = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
    this: HTMLInputElement,
  ) {
    picked.push(this)
  })
  await user.click(await screen.findByRole('button', { name: 'Choose a CSV file' }))
  open.mockRestore()
  const input = picked[0]
  if (!input) throw new Error('no file picker opened')
  expect(input.type).toBe('file')
  expect(input.accept).toBe('.csv,text/csv')
  Object.defineProperty(input, 'files', { value: [file] })
  input.dispatchEvent(new Event('change'))
}

describe('MetadataPage: fields', { timeout: 20_000 }, () => {
  it('lists the fields with format and usage', async () => {
    fieldsServer()
    await renderAsAdmin(<MetadataPage />, { server })
    const table = await screen.findByRole('table', { name: 'Metadata fields' })
    expect(within(table).getByText('Hub code')).toBeInTheDocument()
    expect(within(table).getByText('Usage analysis')).toBeInTheDocument()
    expect(within(table).getByText('Number')).toBeInTheDocument()
  })

  it('checks a new field’s id, then shows EXISTS from the server', async () => {
    const writes = fieldsServer()
    await renderAsAdmin(<MetadataPage />, { server })
    await screen.findByRole('table', { name: 'Metadata fields' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add a field' }))
    const key = screen.getByRole('textbox', { name: /^Field id/ })
    await user.type(key, 'Floor Level')
    await user.type(screen.getByRole('textbox', { name: /^Display name/ }), 'Floor')
    await user.click(screen.getByRole('button', { name: 'Save the field' }))
    expect(screen.getAllByText('This field id is invalid.').length).toBeGreaterThan(0)
    expect(writes).toEqual([])
    await user.clear(key)
    await user.type(key, 'floor')
    await user.click(screen.getByRole('button', { name: 'Save the field' }))
    expect((await screen.findAllByText('This field id is already in use.')).length).toBeGreaterThan(
      0,
    )
    expect(key).toHaveFocus()
  })

  it('deletes a field after confirming', async () => {
    const writes = fieldsServer()
    await renderAsAdmin(<MetadataPage />, { server })
    await screen.findByRole('table', { name: 'Metadata fields' })
    const user = userEvent.setup()
    await user.click(screen.getAllByRole('button', { name: 'Delete “Floor”' })[0] as HTMLElement)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => {
      expect(writes.map((w) => [w.method, new URL(w.url).pathname])).toEqual([
        ['DELETE', '/api/admin/panels/3/metadata-fields/2'],
      ])
    })
  })
})

describe('MetadataPage: CSV', { timeout: 20_000 }, () => {
  it('exports as a download, or says an email will follow (EXPORTING_CSV)', async () => {
    fieldsServer()
    const saved = vi.spyOn(download, 'downloadTextFile').mockImplementation(() => undefined)
    server.use(
      http.get(
        adminUrl('/metadata.csv'),
        () =>
          HttpResponse.text('unit_id,hub_code\r\n7,HUB-1\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="panel-3-metadata.csv"',
            },
          }),
        { once: true },
      ),
    )
    await renderAsAdmin(<MetadataPage />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))
    await waitFor(() => {
      expect(saved).toHaveBeenCalledWith('panel-3-metadata.csv', 'unit_id,hub_code\r\n7,HUB-1\r\n')
    })
    server.use(
      http.get(adminUrl('/metadata.csv'), () =>
        HttpResponse.json({ code: 'EXPORTING_CSV' }, { status: 202 }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByText('An email will follow')).toBeInTheDocument()
    expect(saved).toHaveBeenCalledTimes(1)
  })

  it('previews a file, then applies it', async () => {
    fieldsServer()
    const calls: { apply: string | null; type: string | null; body: string }[] = []
    server.use(
      http.post(adminUrl('/metadata.csv'), async ({ request }) => {
        const apply = new URL(request.url).searchParams.get('apply')
        calls.push({ apply, type: request.headers.get('content-type'), body: await request.text() })
        return contractJson(CsvUploadResultSchema, {
          applied: apply === 'true',
          rows: 1,
          changes: [{ line: 2, unit_id: 7, values: { floor: '5' } }],
        })
      }),
    )
    await renderAsAdmin(<MetadataPage />, { server })
    const user = userEvent.setup()
    await chooseFile(user, csv('unit_id;floor\n7;5\n'))
    expect(await screen.findByText('This file changes 1 unit:')).toBeInTheDocument()
    expect(screen.getAllByText('floor: 5').length).toBeGreaterThan(0)
    expect(calls).toEqual([{ apply: null, type: 'text/csv', body: 'unit_id;floor\n7;5\n' }])
    await user.click(screen.getByRole('button', { name: 'Apply the changes' }))
    expect(await screen.findByText('1 unit updated.')).toBeInTheDocument()
    expect(calls.map((c) => c.apply)).toEqual([null, 'true'])
  })

  it('lists a refused file’s lines and offers no apply', async () => {
    fieldsServer()
    server.use(
      http.post(adminUrl('/metadata.csv'), () =>
        apiErrorResponse(400, {
          code: 'INVALID_FILE',
          data: {
            errors: [
              { line: 2, column: 'floor', code: 'INVALID' },
              { line: 3, column: 'unit_id', code: 'NOT_FOUND' },
              { line: 4, code: 'INVALID' },
            ],
          },
        }),
      ),
    )
    await renderAsAdmin(<MetadataPage />, { server })
    const user = userEvent.setup()
    await chooseFile(user, csv('unit_id,floor\n7,x\n'))
    expect(await screen.findByText('The file has errors; nothing was changed')).toBeInTheDocument()
    expect(screen.getByText('Line 2, floor: This floor is invalid.')).toBeInTheDocument()
    expect(
      screen.getByText('Line 3, unit_id: This unit_id could not be found.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Line 4: This line cannot be read.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Apply the changes' })).toBeNull()
  })

  it('refuses a file that is not CSV without sending it', async () => {
    fieldsServer()
    await renderAsAdmin(<MetadataPage />, { server })
    const user = userEvent.setup()
    await chooseFile(user, csv('{}', 'units.json', 'application/json'))
    expect(await screen.findByText('Choose a CSV file (.csv).')).toBeInTheDocument()
  })
})

describe('isCsvFile', () => {
  it.each([
    [{ name: 'a.csv', type: 'text/csv' }, true],
    [{ name: 'a.csv', type: 'application/vnd.ms-excel' }, true],
    [{ name: 'a.CSV', type: '' }, true],
    [{ name: 'a.txt', type: '' }, false],
    [{ name: 'a.csv', type: 'application/json' }, false],
  ])('%j → %s', (file, expected) => {
    expect(isCsvFile(file)).toBe(expected)
  })
})
