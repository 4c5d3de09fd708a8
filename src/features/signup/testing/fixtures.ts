import { http } from 'msw'
import {
  CountryDataResponseSchema,
  SignupMetadataResponseSchema,
  type CountryData,
  type SignupProgramme,
} from '#contracts/signup.ts'
import { apiUrl, contractJson } from '../../../api/testing/contract-handlers'

/** Test support: the studies and countries the sign-up tests use, through their contracts. */
export const NZ: SignupProgramme = {
  owner: 'nz',
  study_name: 'Measuring Broadband New Zealand',
  variant: 'general',
  form: 'standard',
  default_country_id: 158,
  country_ids: [158],
  branding: { logo: '/signup-logos/nz.svg', primary_colour: '#00247d' },
  links: {
    terms: 'https://example.com/nz/terms',
    faq: '/hc',
    reports: 'https://example.com/nz/reports',
    contact: 'mailto:nz@example.com',
  },
  regions: [
    { id: 'wgn', name: 'Wellington', cities: ['Wellington', 'Lower Hutt'] },
    { id: 'wtc', name: 'West Coast', cities: [] },
  ],
  asks: { postcode: true, phone: true, fibre_availability: false },
}

export const SA: SignupProgramme = {
  owner: 'sa',
  study_name: 'CST fixed-line fibre study',
  variant: 'fixed_line_fibre',
  form: 'saudi',
  default_country_id: 195,
  country_ids: [195],
  branding: { logo: '/signup-logos/sa.svg', primary_colour: '#006c35' },
  links: {
    terms: 'https://example.com/sa/terms',
    faq: '/hc',
    reports: 'https://example.com/sa/reports',
    contact: 'mailto:sa@example.com',
  },
  regions: [{ id: 'riyadh', name: 'Riyadh', cities: ['Riyadh', 'Al Kharj'] }],
  asks: { postcode: true, phone: true, fibre_availability: false },
}

const specials = [
  { id: 0, name: 'Other' },
  { id: -1, name: 'Unknown' },
]

export const NEW_ZEALAND: CountryData = {
  id: 158,
  name: 'New Zealand',
  code: 'NZ',
  isps: [
    { id: 3, name: 'Spark', packages: [{ id: 31, name: 'Fibre Max' }, ...specials] },
    { id: 4, name: 'One NZ', packages: [{ id: 41, name: 'Fibre 300' }, ...specials] },
    { id: 0, name: 'Other', packages: specials },
    { id: -1, name: 'Unknown', packages: [{ id: -1, name: 'Unknown' }] },
  ],
}

export const SAUDI_ARABIA: CountryData = {
  id: 195,
  name: 'Saudi Arabia',
  code: 'SA',
  isps: [
    // As seeded: stc sells a 5G plan too, Zain only 5G ones (the fibre study offers neither).
    {
      id: 7,
      name: 'stc',
      packages: [{ id: 71, name: 'Fibre 500' }, { id: 72, name: '5G Home' }, ...specials],
    },
    { id: 8, name: 'Mobily', packages: [{ id: 81, name: 'Fibre 1000' }, ...specials] },
    { id: 9, name: 'Zain KSA', packages: [{ id: 91, name: '5G Home 200' }, ...specials] },
    { id: 0, name: 'Other', packages: specials },
    { id: -1, name: 'Unknown', packages: [{ id: -1, name: 'Unknown' }] },
  ],
}

/** The public reference endpoints of the sign-up pages. */
export function signupReferenceHandlers(programmes: SignupProgramme[] = [NZ, SA]) {
  const countries = new Map([NEW_ZEALAND, SAUDI_ARABIA].map((c) => [c.id, c]))
  return [
    http.get(apiUrl('zeus', '/signups/metadata'), () =>
      contractJson(SignupMetadataResponseSchema, { data: { programmes } }),
    ),
    http.get(apiUrl('zeus', '/signups/countries/:id'), ({ params }) => {
      const country = countries.get(Number(params.id))
      return country
        ? contractJson(CountryDataResponseSchema, { data: { countryData: country } })
        : new Response(null, { status: 404 })
    }),
  ]
}
