import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createQueryPersistence,
  PERSIST_MAX_AGE,
  shouldPersistQuery,
  userPersister,
  wipePersistedCaches,
} from './persistence'

const DAY = 24 * 60 * 60 * 1000

async function settle(): Promise<void> {
  // persistQueryClientSubscribe saves on cache events without throttling; let the IDB write land.
  await new Promise((resolve) => setTimeout(resolve, 50))
}

afterEach(async () => {
  await wipePersistedCaches()
})

describe('shouldPersistQuery', () => {
  const now = Date.UTC(2026, 10, 21)
  it.each([
    { status: 'success', meta: { persist: 'results' }, age: 29 * DAY, expected: true },
    { status: 'success', meta: { persist: 'results' }, age: 31 * DAY, expected: false },
    { status: 'success', meta: undefined, age: PERSIST_MAX_AGE.default - 1, expected: true },
    { status: 'success', meta: undefined, age: PERSIST_MAX_AGE.default + 1, expected: false },
    { status: 'success', meta: { persist: false }, age: 0, expected: false },
    { status: 'error', meta: { persist: 'results' }, age: 0, expected: false },
    { status: 'pending', meta: undefined, age: 0, expected: false },
  ] as const)('$status, $meta, age $age → $expected', ({ status, meta, age, expected }) => {
    const client = new QueryClient()
    const query = client
      .getQueryCache()
      .build(client, { queryKey: ['q'] as readonly unknown[], meta })
    query.setState({ status, dataUpdatedAt: now - age, data: status === 'success' ? 1 : undefined })
    expect(shouldPersistQuery(query, now)).toBe(expected)
  })
})

describe('createQueryPersistence', () => {
  it('leaves one saver for two restores of one user, and the wipe stops it', async () => {
    const client = new QueryClient()
    const persistence = createQueryPersistence(client)
    await Promise.all([persistence.restoreFor(7), persistence.restoreFor(7)])
    await persistence.wipe()
    client.setQueryData(['unit', 1], { name: 'Living room' })
    await settle()
    expect(await userPersister(7).restoreClient()).toBeUndefined()
  })

  it('does not save, nor keep in memory, what a restore overtaken by a sign-out brought back', async () => {
    const earlier = new QueryClient()
    await createQueryPersistence(earlier).restoreFor(7)
    earlier.setQueryData(['unit', 1], { name: 'Living room' })
    await settle()

    const client = new QueryClient()
    const persistence = createQueryPersistence(client)
    const restore = persistence.restoreFor(7)
    await persistence.wipe()
    await restore
    expect(client.getQueryData(['unit', 1])).toBeUndefined()
    client.setQueryData(['unit', 2], { name: 'Kitchen' })
    await settle()
    expect(await userPersister(7).restoreClient()).toBeUndefined()
  })

  it('saves successful queries for the user and restores them into a new client', async () => {
    const first = new QueryClient()
    const persistence = createQueryPersistence(first)
    await persistence.restoreFor(7)
    first.setQueryData(['unit', 1], { name: 'Living room' })
    await settle()

    const stored = await userPersister(7).restoreClient()
    expect(stored?.clientState.queries.map((q) => q.queryKey)).toEqual([['unit', 1]])

    const second = new QueryClient()
    await createQueryPersistence(second).restoreFor(7)
    expect(second.getQueryData(['unit', 1])).toEqual({ name: 'Living room' })
  })

  it('keeps users apart and wipes the previous user on a switch', async () => {
    const client = new QueryClient()
    const persistence = createQueryPersistence(client)
    await persistence.restoreFor(1)
    client.setQueryData(['mine'], 'user one')
    await settle()
    expect(await userPersister(2).restoreClient()).toBeUndefined()

    await persistence.restoreFor(2)
    expect(await userPersister(1).restoreClient()).toBeUndefined()
  })

  it('wipe removes the cache and stops saving', async () => {
    const client = new QueryClient()
    const persistence = createQueryPersistence(client)
    await persistence.restoreFor(3)
    client.setQueryData(['a'], 1)
    await settle()
    await persistence.wipe()
    client.setQueryData(['b'], 2)
    await settle()
    expect(await userPersister(3).restoreClient()).toBeUndefined()
  })
})

describe('mutations in the persisted cache', () => {
  it('stores a registered change still in flight as paused, and leaves unregistered ones out', async () => {
    const client = new QueryClient()
    client.setMutationDefaults(['preferences', 'save'], { mutationFn: () => new Promise(() => {}) })
    const persistence = createQueryPersistence(client)
    await persistence.restoreFor(11)
    void client
      .getMutationCache()
      .build(client, { mutationKey: ['preferences', 'save'] })
      .execute({ theme: 'dark' })
    void client
      .getMutationCache()
      .build(client, { mutationKey: ['sign-in'], mutationFn: () => new Promise(() => {}) })
      .execute({})
    await settle()

    const stored = await userPersister(11).restoreClient()
    expect(stored?.clientState.mutations.map((m) => [m.mutationKey, m.state.isPaused])).toEqual([
      [['preferences', 'save'], true],
    ])
  })
})
