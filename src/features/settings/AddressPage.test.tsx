import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { onlineManager } from '@tanstack/react-query'
import { CountriesResponseSchema, UnitLocationResponseSchema } from '#contracts/settings.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { queuedChanges, readFailedChanges } from '../../offline/pending-changes'
import { AddressPage } from './AddressPage'
import { UNIT_LOCATION_SAVE_KEY } from './queue'
import { settingsKeys } from './settings.queries'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const locationUrl = apiUrl(
  'zeus',
  `/users/${CONSUMER.sub}/accessible-units/${String(CONSUMER.unitId)}/location`,
)
const stored = {
  line1: '12 Karaka Street',
  line2: null,
  line3: null,
  city: 'Wellington',
  postcode: '6011',
  country_id: 158,
}

const server = settingsTestServer(
  http.get(apiUrl('zeus', '/countries'), () =>
    contractJson(CountriesResponseSchema, {
      data: [
        { id: 14, name: 'Australia', code: 'AU' },
        { id: 158, name: 'New Zealand', code: 'NZ' },
      ],
    }),
  ),
  http.get(locationUrl, () =>
    contractJson(UnitLocationResponseSchema, {
      data: { unit_id: CONSUMER.unitId, address: stored, geo_data: null, timezone: 'UTC' },
    }),
  ),
)

const PATH = '/settings/personal-details/address'

describe('AddressPage', () => {
  it('starts from the stored address, with address autocomplete on every field', async () => {
    signInConsumer()
    await renderSettingsPage(<AddressPage />, PATH, settingsTestClient())
    const line1 = await screen.findByLabelText('Address line 1')
    expect(line1).toHaveValue('12 Karaka Street')
    expect(line1).toHaveAttribute('autocomplete', 'address-line1')
    expect(screen.getByLabelText('Town or city')).toHaveAttribute('autocomplete', 'address-level2')
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('autocomplete', 'postal-code')
    await waitFor(() => {
      expect(screen.getByLabelText('Country')).toHaveDisplayValue('New Zealand')
    })
  })

  it('shows a refusal under its field, focuses it, keeps the values and queues nothing', async () => {
    server.use(
      http.put(locationUrl, () =>
        apiErrorResponse(400, {
          code: 'VALIDATION_FAIL',
          errors: { 'address.postcode': ['INVALID'] },
        }),
      ),
    )
    signInConsumer()
    const client = settingsTestClient()
    await renderSettingsPage(<AddressPage />, PATH, client)
    const user = userEvent.setup()
    const postcode = await screen.findByLabelText('Postcode')
    await user.clear(postcode)
    await user.type(postcode, '!!')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    expect(await screen.findAllByText('This postcode is invalid.')).toHaveLength(2)
    expect(postcode).toHaveFocus()
    expect(postcode).toHaveValue('!!')
    expect(screen.getByLabelText('Address line 1')).toHaveValue('12 Karaka Street')
    expect(readFailedChanges(CONSUMER.userId)).toEqual([])
    expect(queuedChanges(client)).toEqual([])
  })

  it('asks for the required lines before sending', async () => {
    signInConsumer()
    await renderSettingsPage(
      <AddressPage
        prefill={{ line1: '', line2: '', line3: '', city: '', postcode: '', country_id: '' }}
      />,
      PATH,
      settingsTestClient(),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }))
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your address.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your town or city.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your postcode.')).toHaveLength(2)
    expect(screen.getByLabelText('Address line 1')).toHaveFocus()
  })

  it('fills the form opened offline when the stored address comes after it, unless typed in', async () => {
    signInConsumer()
    const client = settingsTestClient()
    onlineManager.setOnline(false)
    await renderSettingsPage(<AddressPage />, PATH, client)
    const line1 = await screen.findByLabelText('Address line 1')
    expect(line1).toHaveValue('')
    // The cached copy restored after the form opened (a slow restore at start).
    const key = settingsKeys.unitLocation(CONSUMER.sub, CONSUMER.unitId)
    act(() => {
      client.setQueryData(key, {
        unit_id: CONSUMER.unitId,
        address: stored,
        geo_data: null,
        timezone: 'UTC',
      })
    })
    await waitFor(() => {
      expect(line1).toHaveValue('12 Karaka Street')
    })
    expect(screen.getByLabelText('Town or city')).toHaveValue('Wellington')
    // Typed in: a later copy leaves the user's values alone.
    const user = userEvent.setup()
    await user.clear(line1)
    await user.type(line1, '4 Beach Road')
    act(() => {
      client.setQueryData(key, {
        unit_id: CONSUMER.unitId,
        address: { ...stored, line1: '1 Other Street', city: 'Auckland' },
        geo_data: null,
        timezone: 'UTC',
      })
    })
    // React Query tells its observers in a later task: give it that task.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(line1).toHaveValue('4 Beach Road')
    expect(screen.getByLabelText('Town or city')).toHaveValue('Wellington')
    onlineManager.setOnline(true)
  })

  it('queues the change offline, shows it pending, and sends it after reconnect', async () => {
    signInConsumer()
    const client = settingsTestClient()
    onlineManager.setOnline(false)
    await renderSettingsPage(<AddressPage />, PATH, client)
    const user = userEvent.setup()
    // Offline with nothing stored on the device: the form starts empty.
    await user.type(await screen.findByLabelText('Address line 1'), '4 Beach Road')
    await user.type(screen.getByLabelText('Town or city'), 'Napier')
    await user.type(screen.getByLabelText('Postcode'), '4110')
    await user.click(screen.getByRole('button', { name: 'Save address' }))

    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent(
        '/settings/personal-details?updated=address-queued',
      )
    })
    expect(queuedChanges(client)).toMatchObject([
      { mutationKey: [...UNIT_LOCATION_SAVE_KEY], waiting: true },
    ])

    const sent: unknown[] = []
    server.use(
      http.put(locationUrl, async ({ request }) => {
        sent.push(await request.json())
        return contractJson(UnitLocationResponseSchema, {
          data: {
            unit_id: CONSUMER.unitId,
            address: { ...stored, line1: '4 Beach Road' },
            geo_data: null,
            timezone: 'UTC',
          },
        })
      }),
    )
    onlineManager.setOnline(true)
    await client.resumePausedMutations()
    expect(sent).toEqual([
      {
        address: {
          line1: '4 Beach Road',
          line2: null,
          line3: null,
          city: 'Napier',
          postcode: '4110',
          country_id: null,
        },
      },
    ])
    await waitFor(() => {
      expect(queuedChanges(client)).toEqual([])
    })
  })
})
