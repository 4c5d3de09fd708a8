import { describe, expect, it } from 'vitest'
import {
  copyInstallationToDelivery,
  EMPTY_SAUDI_VALUES,
  foldDeliveryErrors,
  saudiPayload,
  saudiValuesFromDraft,
} from './saudi-form'
import { SAUDI_ARABIA } from './testing/fixtures'

const FILLED = {
  ...EMPTY_SAUDI_VALUES,
  has_fixed_connection: true,
  has_space: true,
  has_spare_power: true,
  first_name: 'Noura',
  last_name: 'Alharbi',
  email: 'noura@example.com',
  mobile: '0551234567',
  installation_address_1: '12 King Fahd Road',
  installation_address_2: 'Building 4',
  installation_city: 'Riyadh',
  installation_postcode: '12211',
  ispId: '7',
  productId: '71',
  tos: true,
}

describe('Saudi form', () => {
  it('starts with "same as installation" ticked', () => {
    expect(EMPTY_SAUDI_VALUES.same_address).toBe(true)
  })

  it('copies the installation address as the delivery one when ticked', () => {
    const payload = saudiPayload(
      { ...FILLED, delivery_address_1: 'stale', delivery_city: 'Jeddah' },
      SAUDI_ARABIA,
      { honeypot: '', locale: 'ar_SA' },
    )
    expect(payload).toMatchObject({
      installation_address_1: '12 King Fahd Road',
      installation_address_2: 'Building 4',
      installation_address_3: null,
      installation_city: 'Riyadh',
      installation_postcode: '12211',
      installation_country: 195,
      delivery_address_1: '12 King Fahd Road',
      delivery_address_2: 'Building 4',
      delivery_address_3: null,
      delivery_city: 'Riyadh',
      delivery_postcode: '12211',
      delivery_country: 195,
      language_preference: 'ar_SA',
      ispId: 7,
      ispOther: null,
      service_provider: 'stc',
      productId: 71,
      productOther: null,
      package: 'Fibre 500',
      other: null,
      tos: true,
      mobile: '0551234567',
    })
  })

  it('sends its own delivery address when unticked, and resolves other names', () => {
    const payload = saudiPayload(
      {
        ...FILLED,
        same_address: false,
        delivery_address_1: 'PO Box 5',
        delivery_city: 'Jeddah',
        delivery_postcode: '21577',
        ispId: '0',
        ispOther: 'Salam',
        productId: '0',
        productOther: 'Home 1G',
      },
      SAUDI_ARABIA,
      { honeypot: '', locale: 'en_GB' },
    )
    expect(payload).toMatchObject({
      delivery_address_1: 'PO Box 5',
      delivery_address_2: null,
      delivery_city: 'Jeddah',
      delivery_postcode: '21577',
      ispId: 0,
      ispOther: 'Salam',
      service_provider: 'Salam',
      productId: 0,
      productOther: 'Home 1G',
      package: 'Home 1G',
    })
  })

  it('fills only blank delivery fields from the installation address when unticking', () => {
    const next = copyInstallationToDelivery({ ...FILLED, delivery_city: 'Jeddah' })
    expect(next).toMatchObject({
      delivery_address_1: '12 King Fahd Road',
      delivery_address_2: 'Building 4',
      delivery_city: 'Jeddah',
      delivery_postcode: '12211',
    })
  })

  it.each<{
    same: boolean
    errors: Record<string, string>
    expected: Record<string, string>
  }>([
    {
      same: true,
      errors: { delivery_postcode: 'POSTCODE_TOO_LONG', email: 'EMAIL_IN_USE' },
      expected: { installation_postcode: 'POSTCODE_TOO_LONG', email: 'EMAIL_IN_USE' },
    },
    {
      same: true,
      errors: { installation_city: 'MISSING', delivery_city: 'INVALID' },
      expected: { installation_city: 'MISSING' },
    },
    {
      same: false,
      errors: { delivery_postcode: 'POSTCODE_TOO_LONG' },
      expected: { delivery_postcode: 'POSTCODE_TOO_LONG' },
    },
  ])('folds delivery errors (same: $same)', ({ same, errors, expected }) => {
    expect(foldDeliveryErrors(errors, same)).toEqual(expected)
  })

  it('restores a draft with per-field fallbacks', () => {
    expect(
      saudiValuesFromDraft({ first_name: 'Noura', same_address: 'no', has_space: true }),
    ).toEqual({ ...EMPTY_SAUDI_VALUES, first_name: 'Noura', has_space: true })
  })
})
