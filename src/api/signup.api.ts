import * as v from 'valibot'
import {
  CountryDataResponseSchema,
  SignupAcceptedResponseSchema,
  SignupMetadataResponseSchema,
  SignupProfileResponseSchema,
  type CountryData,
  type SaudiSignup,
  type SignupProfile,
  type SignupProfileUpdate,
  type SignupProgramme,
  type StandardSignup,
} from '#contracts/signup.ts'
import { request } from './http'

// The Saudi service's answer is not part of the contract; only its status matters.
const AnyBodySchema = v.unknown()

/** GET zeus signups/metadata (no auth): every study that recruits volunteers. */
export async function getSignupMetadata(signal?: AbortSignal): Promise<SignupProgramme[]> {
  return (
    await request('zeus', '/signups/metadata', {
      schema: SignupMetadataResponseSchema,
      auth: false,
      signal,
    })
  ).data.programmes
}

/** GET zeus signups/countries/{countryId} (no auth): a country with its ISPs and their packages. */
export async function getSignupCountryData(
  countryId: number,
  signal?: AbortSignal,
): Promise<CountryData> {
  return (
    await request('zeus', `/signups/countries/${countryId}`, {
      schema: CountryDataResponseSchema,
      auth: false,
      signal,
    })
  ).data.countryData
}

/** POST zeus signups (no auth): the standard form. */
export async function postStandardSignup(body: StandardSignup): Promise<void> {
  await request('zeus', '/signups', {
    method: 'POST',
    body,
    schema: SignupAcceptedResponseSchema,
    auth: false,
  })
}

/** POST signup-sa /signup (no auth): the Saudi study's form. */
export async function postSaudiSignup(body: SaudiSignup): Promise<void> {
  await request('signup-sa', '/signup', {
    method: 'POST',
    body,
    schema: AnyBodySchema,
    auth: false,
  })
}

/** GET zeus users/{userId}/signup: the signed-in volunteer's own record. */
export async function getSignupProfile(
  userId: number,
  signal?: AbortSignal,
): Promise<SignupProfile> {
  return (
    await request('zeus', `/users/${userId}/signup`, {
      schema: SignupProfileResponseSchema,
      signal,
    })
  ).data
}

/** PUT zeus users/{userId}/signup/{id}: the parts a volunteer may change before shipping. */
export async function putSignupProfile(
  userId: number,
  signupId: number,
  update: SignupProfileUpdate,
): Promise<SignupProfile> {
  return (
    await request('zeus', `/users/${userId}/signup/${signupId}`, {
      method: 'PUT',
      body: update,
      schema: SignupProfileResponseSchema,
    })
  ).data
}
