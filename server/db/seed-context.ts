import type { Db } from './client.ts'
import type { DemoAccount } from './demo-accounts.ts'

/** The transaction the demo data's areas are inserted in, one after the other. */
export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** An ISP's first package, by ISP name (what a demo unit or sign-up is on). */
export type PlanOf = (isp: string) => { ispId: number; packageId: number }

/** The id of a demo account. */
export type UserIdOf = (name: DemoAccount) => number

export const DAY_MS = 86_400_000
