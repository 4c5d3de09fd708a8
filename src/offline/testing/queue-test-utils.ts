import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '../../api/query-client'
import { makeAccessToken } from '../../api/testing/contract-handlers'
import { FLAG_KEYS } from '../../session/local-flags'
import type { Session } from '../../session/session.types'
import { clearStore, loadFromStorage } from '../../session/store'
import { writeTokens } from '../../session/tokens'
import { registerQueueableMutations } from '../mutations'
import { wipePersistedCaches } from '../persistence'

/** The signed-in user of the queue tests. */
export const USER = { userId: 7, sub: 'sub-7' } as const

const session: Session = {
  ...USER,
  email: 'consumer@example.com',
  firstName: 'Sam',
  lastName: 'Jones',
  organisation: null,
  grants: {},
  accessibles: { apollo: [], units: [{ unitId: 11 }], volunteer: null, administration: null },
  preferences: {},
  view: { type: 'consumer', unitId: 11 },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: null,
  organisationOwnerId: null,
  migrated: false,
}

/** A browser signed in as USER (auth cookie + persisted session), as after an earlier visit. */
export function signInForTest(): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: {
      token: makeAccessToken({ user_id: USER.userId, sub: USER.sub }),
      expiresAt: now + 900,
    },
    refreshToken: { token: 'refresh-7', expiresAt: now + 86_400 },
  })
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
}

/** The app's query client with the queueable changes registered, as main.tsx makes it. */
export function queueTestClient(): QueryClient {
  const client = createQueryClient()
  registerQueueableMutations(client)
  return client
}

/** Back to a signed-out, online browser with no persisted cache. */
export async function resetQueueTest(): Promise<void> {
  onlineManager.setOnline(true)
  clearStore()
  await wipePersistedCaches()
}
