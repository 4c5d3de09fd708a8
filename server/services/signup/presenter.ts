import {
  OTHER_CHOICE,
  SIGNUP_OWNERS,
  UNKNOWN_CHOICE,
  type CountryData,
  type SignupIsp,
  type SignupOwner,
  type SignupProfile,
  type SignupProgramme,
} from '../../../contracts/signup.ts'
import type { SignupProfileRow } from './repository.ts'

/** GET signups/metadata. */
export function presentMetadata(programmes: readonly SignupProgramme[]) {
  return { data: { programmes: [...programmes] } }
}

/** The choices every list ends with; the client shows them translated by id. */
const OTHER = { id: OTHER_CHOICE, name: 'Other' }
const UNKNOWN = { id: UNKNOWN_CHOICE, name: 'Unknown' }

/** GET signups/countries/{countryId}: real ISPs (each with its packages), then other and unknown. */
export function presentCountryData(input: {
  country: { id: number; name: string; code: string }
  rows: {
    ispId: number
    ispName: string
    packageId: number | null
    packageName: string | null
  }[]
}): { data: { countryData: CountryData } } {
  const byIsp = new Map<number, SignupIsp>()
  for (const row of input.rows) {
    let isp = byIsp.get(row.ispId)
    if (!isp) {
      isp = { id: row.ispId, name: row.ispName, packages: [] }
      byIsp.set(row.ispId, isp)
    }
    if (row.packageId !== null && row.packageName !== null) {
      isp.packages.push({ id: row.packageId, name: row.packageName })
    }
  }
  const closing = () => [{ ...OTHER }, { ...UNKNOWN }]
  const isps: SignupIsp[] = [...byIsp.values()].map((isp) => ({
    ...isp,
    packages: [...isp.packages, ...closing()],
  }))
  isps.push({ ...OTHER, packages: closing() }, { ...UNKNOWN, packages: closing() })
  const { id, name, code } = input.country
  return { data: { countryData: { id, name, code, isps } } }
}

const isOwner = (owner: string): owner is SignupOwner =>
  (SIGNUP_OWNERS as readonly string[]).includes(owner)

/** GET/PUT users/{userId}/signup: the volunteer's record (not editable once shipping). */
export function presentSignupProfile(row: SignupProfileRow): { data: SignupProfile } {
  if (!isOwner(row.owner)) throw new Error(`sign-up ${row.id} has an unknown owner ${row.owner}`)
  return {
    data: {
      id: row.id,
      owner: row.owner,
      status: row.status,
      editable: row.status !== 'shipping',
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      mobile_number: row.mobileNumber,
      country:
        row.countryId !== null && row.countryName !== null && row.countryCode !== null
          ? { id: row.countryId, name: row.countryName, code: row.countryCode }
          : null,
      region: row.region,
      city: row.city,
      postcode: row.postcode,
      fibre_availability: row.fibreAvailability,
      isp: row.ispId !== null && row.ispName !== null ? { id: row.ispId, name: row.ispName } : null,
      isp_other: row.ispOther,
      package:
        row.packageId !== null && row.packageName !== null
          ? { id: row.packageId, name: row.packageName }
          : null,
      package_other: row.packageOther,
      installation_address: row.installationAddress,
      delivery_address: row.deliveryAddress,
      agreed_at: row.agreedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  }
}
