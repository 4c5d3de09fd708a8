import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MutationKey, QueryClient, QueryKey } from '@tanstack/react-query'
import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import * as v from 'valibot'
import { LocaleCodeSchema, PreferencesSchema } from '#contracts/accounts.ts'
import { isTransientError, NetworkError } from '../api/http'
import { putDefaultLocale, putPreferences } from '../api/zeus.api'
import { findLocale } from '#contracts/locales.ts'
import { getSession } from '../session/store'
import { persistOptionsFor } from './persistence'

/** One line of "what was sent", shown in the pending changes panel (a raw label is a field name). */
export type SentValue = { label: MessageDescriptor | string; value: string }

/** Where a change is made, to edit a refused one with its values (`search` carries them). */
export type EditTarget = { to: string; search?: Record<string, string> }

/**
 * A change that can be made offline: it is paused while offline, persisted with the query cache,
 * and replayed after a reload because its function is found again by `mutationKey`.
 */
export type QueueableMutation<TSchema extends v.GenericSchema> = {
  mutationKey: readonly string[]
  /** What the change is, for people ("Language", "Support request"). */
  label: MessageDescriptor
  /** The variables as stored: they come back from IndexedDB or localStorage, so they are parsed. */
  variables: TSchema
  mutationFn: (variables: v.InferOutput<TSchema>) => Promise<unknown>
  /** What was sent, in a few labelled values. */
  summarize: (variables: v.InferOutput<TSchema>) => SentValue[]
  /** The screen where this change is made, filled with the values; absent when there is none. */
  edit?: (variables: v.InferOutput<TSchema>) => EditTarget
  /** Queries to refetch once the change has reached the server. */
  invalidates?: (variables: v.InferOutput<TSchema>) => QueryKey[]
  /** Whole-object saves: a later success of the same key makes earlier refused ones moot. */
  replacesEarlier?: boolean
  /**
   * Needs no session (a visitor can make it, e.g. a help-centre request): its replay does not
   * wait for the token renewal after a reconnect, and is not refused when nobody is signed in.
   */
  public?: boolean
}

/** A registered change with its variables type erased (they are checked by its schema on use). */
export type RegisteredMutation = {
  mutationKey: readonly string[]
  label: MessageDescriptor
  run(variables: unknown): Promise<unknown>
  summarize(variables: unknown): SentValue[] | null
  edit(variables: unknown): EditTarget | null
  invalidates(variables: unknown): QueryKey[]
  replacesEarlier: boolean
  public: boolean
}

/** Declares a queueable change (typed by its variables schema) for `registerQueueableMutations`. */
export function defineQueueableMutation<TSchema extends v.GenericSchema>(
  definition: QueueableMutation<TSchema>,
): RegisteredMutation {
  const parse = (variables: unknown) => v.safeParse(definition.variables, variables)
  return {
    mutationKey: definition.mutationKey,
    label: definition.label,
    run: (variables) => definition.mutationFn(v.parse(definition.variables, variables)),
    summarize: (variables) => {
      const parsed = parse(variables)
      return parsed.success ? definition.summarize(parsed.output) : null
    },
    edit: (variables) => {
      const parsed = parse(variables)
      return parsed.success && definition.edit ? definition.edit(parsed.output) : null
    },
    invalidates: (variables) => {
      const parsed = parse(variables)
      return parsed.success && definition.invalidates ? definition.invalidates(parsed.output) : []
    },
    replacesEarlier: definition.replacesEarlier ?? false,
    public: definition.public ?? false,
  }
}

/** Key of the whole-preferences PUT (seeds 7.2). */
export const PREFERENCES_SAVE_KEY = ['preferences', 'save'] as const
/** Key of the default-locale PUT of personal_information. */
export const LOCALE_SAVE_KEY = ['locale', 'save'] as const

const preferencesSave = defineQueueableMutation({
  mutationKey: PREFERENCES_SAVE_KEY,
  label: msg`Preferences`,
  variables: v.object({ userId: v.number(), preferences: PreferencesSchema }),
  mutationFn: ({ userId, preferences }) => putPreferences(userId, preferences),
  summarize: ({ preferences }) =>
    Object.entries(preferences).map(([name, value]) => ({
      label: name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    })),
  replacesEarlier: true,
})

const localeSave = defineQueueableMutation({
  mutationKey: LOCALE_SAVE_KEY,
  label: msg`Language`,
  variables: v.object({ sub: v.string(), locale: LocaleCodeSchema }),
  mutationFn: ({ sub, locale }) => putDefaultLocale(sub, locale),
  summarize: ({ locale }) => [
    { label: msg`Default language`, value: findLocale(locale)?.name ?? locale },
  ],
  replacesEarlier: true,
})

/** The changes of the foundation; later issues add theirs (settings, support requests, unit location). */
export const FOUNDATION_MUTATIONS: readonly RegisteredMutation[] = [preferencesSave, localeSave]

/** All queued changes run one after another, in the order they were made. */
export const OFFLINE_SCOPE = 'offline-changes'

// Server errors are retried a few times; a lack of network is retried until it pauses (offline).
const SERVER_RETRIES = 3
const MAX_RETRY_DELAY_MS = 30_000

const keyId = (key: MutationKey | readonly string[]) => JSON.stringify(key)

// Known from the start, so their labels and sending work before (or without) a registered client.
const registry = new Map<string, RegisteredMutation>(
  FOUNDATION_MUTATIONS.map((definition) => [keyId(definition.mutationKey), definition]),
)
let activeClient: QueryClient | null = null

/** The registered change for a mutation key, if any. */
export function findQueueableMutation(
  key: MutationKey | readonly string[] | undefined,
): RegisteredMutation | undefined {
  return key === undefined ? undefined : registry.get(keyId(key))
}

/** Whether a mutation in the cache is one of the queueable changes. */
export function isQueueable(mutation: { options: { mutationKey?: MutationKey } }): boolean {
  return findQueueableMutation(mutation.options.mutationKey) !== undefined
}

/** The client the changes were registered on (null before boot and in tests that do not register). */
export function queueClient(): QueryClient | null {
  return activeClient
}

/** Thrown instead of sending when the user signed out before a queued change could be replayed. */
export class SignedOutError extends Error {
  constructor() {
    super('Signed out before the change was sent')
    this.name = 'SignedOutError'
  }
}

type ReplayGate = () => Promise<void>
let replayGate: ReplayGate = () => Promise.resolve()

/** Installs what every queued change awaits before it is sent (the renewal after a reconnect). */
export function setReplayGate(gate: ReplayGate | null): void {
  replayGate = gate ?? (() => Promise.resolve())
}

/** Retry rule of queued changes: no network never gives up (it pauses); server errors a few times. */
export function shouldRetryChange(failureCount: number, error: unknown): boolean {
  if (error instanceof NetworkError) return true
  return isTransientError(error) && failureCount < SERVER_RETRIES
}

/**
 * Registers the queueable changes with `setMutationDefaults`. Call it BEFORE the persisted cache is
 * restored: a restored paused mutation without defaults has no function ("No mutationFn found").
 */
export function registerQueueableMutations(
  queryClient: QueryClient,
  laterIssues: readonly RegisteredMutation[] = [],
): void {
  activeClient = queryClient
  for (const definition of [...FOUNDATION_MUTATIONS, ...laterIssues]) {
    registry.set(keyId(definition.mutationKey), definition)
    queryClient.setMutationDefaults([...definition.mutationKey], {
      mutationFn: async (variables: unknown) => {
        if (!definition.public) await replayGate()
        return definition.run(variables)
      },
      networkMode: 'online',
      scope: { id: OFFLINE_SCOPE },
      retry: shouldRetryChange,
      retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
      onSuccess: (_data, variables) => {
        // Not awaited: a slow refetch must not hold up the next change in the queue.
        for (const queryKey of definition.invalidates(variables)) {
          void queryClient.invalidateQueries({ queryKey })
        }
      },
    })
  }
}

/** Writes the cache (with its paused mutations) for the signed-in user now, and waits for it. */
export async function persistQueueNow(queryClient: QueryClient): Promise<void> {
  const userId = getSession()?.userId
  if (userId === undefined) return
  // The same options as the subscriber of persistence.ts; the write resolves once committed.
  await persistQueryClientSave(persistOptionsFor(queryClient, userId))
}

/** How a change ended for its caller: sent, safely queued (persisted), or refused. */
export type QueueOutcome =
  { status: 'sent' } | { status: 'queued' } | { status: 'failed'; error: unknown }

/**
 * Sends a registered change, or queues it when it cannot be sent now. Resolves once it was sent,
 * refused, or is paused and written to IndexedDB (so a reload right after keeps it). Never rejects.
 */
export async function queueChange(
  mutationKey: readonly string[],
  variables: unknown,
): Promise<QueueOutcome> {
  const definition = findQueueableMutation(mutationKey)
  if (!definition) throw new Error(`No queueable change is registered as ${keyId(mutationKey)}`)
  const queryClient = activeClient
  if (!queryClient) {
    // Nothing registered (tests, code running before boot): send at once, as before the queue.
    try {
      await definition.run(variables)
      return { status: 'sent' }
    } catch (error) {
      return { status: 'failed', error }
    }
  }
  const cache = queryClient.getMutationCache()
  const mutation = cache.build(queryClient, { mutationKey: [...mutationKey] })
  const settled: Promise<QueueOutcome> = mutation.execute(variables).then(
    () => ({ status: 'sent' }),
    (error: unknown) => ({ status: 'failed', error }),
  )
  const paused = new Promise<QueueOutcome>((resolve) => {
    const check = () => {
      if (!mutation.state.isPaused) return
      unsubscribe()
      void persistQueueNow(queryClient)
        .catch(() => undefined)
        .then(() => {
          resolve({ status: 'queued' })
        })
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.mutation === mutation) check()
    })
    void settled.then(unsubscribe)
    check()
  })
  return Promise.race([settled, paused])
}
