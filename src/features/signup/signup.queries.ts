import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  CountryDataSchema,
  SignupProgrammeSchema,
  type CountryData,
  type SignupProgramme,
} from '#contracts/signup.ts'
import { NetworkError } from '../../api/http'
import { STALE } from '../../api/query-client'
import { getSignupCountryData, getSignupMetadata } from '../../api/signup.api'
import type { PersistMeta } from '../../offline/persistence'
import { readStored, STORES, writeStored } from './signup-store'

/** Query keys of the sign-up pages: reference data, the same for every visitor. */
export const signupKeys = {
  metadata: () => ['reference', 'signup-metadata'] as const,
  country: (countryId: number) => ['reference', 'signup-country', countryId] as const,
}

const reference = { persist: 'reference' } satisfies PersistMeta

/**
 * Fetches, and keeps a copy in the sign-up database; without a network the last copy answers, so
 * a visitor (who has no persisted query cache) still gets the form after an offline reload.
 */
async function withStoredCopy<T>(
  key: string,
  schema: v.GenericSchema<unknown, T>,
  fetch: () => Promise<T>,
): Promise<T> {
  try {
    const fresh = await fetch()
    void writeStored(STORES.reference, key, fresh)
    return fresh
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error
    const stored = v.safeParse(schema, await readStored(STORES.reference, key))
    if (stored.success) return stored.output
    throw error
  }
}

const ProgrammesSchema = v.array(SignupProgrammeSchema)

/** GET signups/metadata: every study's name, branding, links, regions and questions. */
export function signupMetadataQueryOptions() {
  return queryOptions({
    queryKey: signupKeys.metadata(),
    queryFn: ({ signal }): Promise<SignupProgramme[]> =>
      withStoredCopy('metadata', ProgrammesSchema, () => getSignupMetadata(signal)),
    staleTime: STALE.HOURS.ONE,
    // Runs offline too: the stored copy answers when the network does not.
    networkMode: 'offlineFirst',
    meta: reference,
  })
}

/** GET signups/countries/{id}: the country with its ISPs and their packages. */
export function signupCountryQueryOptions(countryId: number) {
  return queryOptions({
    queryKey: signupKeys.country(countryId),
    queryFn: ({ signal }): Promise<CountryData> =>
      withStoredCopy(`country:${String(countryId)}`, CountryDataSchema, () =>
        getSignupCountryData(countryId, signal),
      ),
    staleTime: STALE.HOURS.ONE,
    networkMode: 'offlineFirst',
    meta: reference,
  })
}
