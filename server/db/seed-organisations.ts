import { organisations, owners, panels } from './schema.ts'
import type { SeedTx } from './seed-context.ts'

const ORGANISATIONS = [
  { id: 1, name: 'Aotearoa Broadband Study' },
  { id: 2, name: 'Southern Cross Networks' },
  { id: 3, name: 'Gulf Connectivity Programme' },
  { id: 123, name: 'Whitebox Staff' },
]

const PANELS = [
  { pid: 1, frontName: 'New Zealand Broadband Study', organisationId: 1 },
  { pid: 2, frontName: 'Southern Cross Multiview', organisationId: 2 },
  { pid: 3, frontName: 'Southern Cross Constant Care', organisationId: 2 },
  { pid: 4, frontName: 'Oman Broadband Study', organisationId: 3 },
  { pid: 5, frontName: 'Saudi Broadband Study', organisationId: 3 },
]

/** Owners 1..n, one per organisation, come first; the users' owners follow (seed-accounts.ts). */
export const ORGANISATION_OWNER_COUNT = ORGANISATIONS.length

/** The organisations, their owners and their panels. */
export async function seedOrganisations(tx: SeedTx): Promise<void> {
  await tx.insert(owners).values(ORGANISATIONS.map((org, i) => ({ id: i + 1, name: org.name })))
  await tx.insert(organisations).values(ORGANISATIONS.map((org, i) => ({ ...org, ownerId: i + 1 })))
  await tx.insert(panels).values(PANELS)
}
