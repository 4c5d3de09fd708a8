import { describe, expect, it } from 'vitest'
import type { SignupProgramme } from '#contracts/signup.ts'
import {
  emptyStandardValues,
  standardAsks,
  standardPayload,
  standardValuesFromDraft,
} from './standard-form'

const PROGRAMME: SignupProgramme = {
  owner: 'nz',
  study_name: 'Measuring Broadband New Zealand',
  variant: 'general',
  form: 'standard',
  default_country_id: 158,
  country_ids: [158],
  branding: { logo: '/signup-logos/nz.svg', primary_colour: '#00247d' },
  links: { terms: '/terms', faq: '/hc', reports: '/reports', contact: 'mailto:a@example.com' },
  regions: [
    { id: 'wgn', name: 'Wellington', cities: ['Wellington', 'Lower Hutt'] },
    { id: 'wc', name: 'West Coast', cities: [] },
  ],
  asks: { postcode: true, phone: true, fibre_availability: false },
}

describe('standard form', () => {
  it.each([
    { region: '', expected: { region: true, city: false, postcode: true, fibre: false } },
    { region: 'wgn', expected: { region: true, city: true, postcode: true, fibre: false } },
    { region: 'wc', expected: { region: true, city: false, postcode: true, fibre: false } },
  ])('asks for region $region → $expected', ({ region, expected }) => {
    expect(standardAsks(PROGRAMME, { region })).toEqual(expected)
  })

  it('asks for no region when the programme has none', () => {
    expect(standardAsks({ ...PROGRAMME, regions: [] }, { region: '' }).region).toBe(false)
  })

  it('builds the seeds 3 payload: other with its text, unknown as null, honeypot null', () => {
    const values = {
      ...emptyStandardValues(158),
      first_name: ' Aroha ',
      last_name: 'Wilson',
      email: 'aroha@example.com ',
      password: 'Kia-ora-2026',
      region: 'wgn',
      city: 'Wellington',
      post_code: '6011',
      fibre_availability: 'yes' as const,
      isp: '0',
      isp_other: 'Local fibre co-op',
      package: '-1',
      package_other: 'typed then changed',
      tos: true,
    }
    const asks = standardAsks(PROGRAMME, values)
    expect(standardPayload('nz', values, asks, { honeypot: '', locale: 'ar_SA' })).toEqual({
      owner: 'nz',
      first_name: 'Aroha',
      last_name: 'Wilson',
      email: 'aroha@example.com',
      password: 'Kia-ora-2026',
      country: 158,
      region: 'wgn',
      city: 'Wellington',
      postcode: '6011',
      isp: 0,
      package: null,
      ispOther: 'Local fibre co-op',
      packageOther: null,
      other: null,
      tos: true,
      locale: 'ar_SA',
      mobile_number: null,
      // Not asked by this programme: not sent.
      fibre_availability: null,
    })
  })

  it('sends what a robot typed into the honeypot (the server ignores the application)', () => {
    const values = emptyStandardValues(158)
    const payload = standardPayload('nz', values, standardAsks(PROGRAMME, values), {
      honeypot: 'http://spam.example',
      locale: 'en_GB',
    })
    expect(payload.other).toBe('http://spam.example')
  })

  it('restores a draft: wrong types fall back, the password is never restored', () => {
    expect(
      standardValuesFromDraft(
        {
          first_name: 'Aroha',
          password: 'should-not-come-back',
          fibre_availability: 'maybe',
          tos: 'yes',
          isp: 3,
          country: '',
        },
        158,
      ),
    ).toEqual({ ...emptyStandardValues(158), first_name: 'Aroha' })
  })
})
