import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  INSTANT_TEST_CLOSE,
  InstantTestHistoryResponseSchema,
  ServerMessageSchema,
  type ClientMessage,
  type InstantTestHistoryResponse,
  type ServerMessage,
  type TestOrigin,
} from '#contracts/instant-test.ts'
import type { PersistMeta } from '../offline/persistence'
import { request, serviceBaseUrl } from './http'
import { STALE } from './query-client'

/** The websocket URL of the trigger-testing service (ws: or wss: like the page). */
export function instantTestSocketUrl(): string {
  const url = new URL(`${serviceBaseUrl('trigger-testing')}/ws`, globalThis.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** What a running test reports: the server's messages, or the socket closing before the end. */
export type InstantTestEvent =
  | ServerMessage
  | {
      type: 'closed'
      /** The close code (4401 refused token, 1006 no connection, …) and its reason. */
      code: number
      reason: string
    }

/** Whether a close means the server refused the token (renew and try again). */
export function isAuthRefusal(event: InstantTestEvent): boolean {
  return event.type === 'closed' && event.code === INSTANT_TEST_CLOSE.UNAUTHENTICATED
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null
  try {
    const parsed = v.safeParse(ServerMessageSchema, JSON.parse(data))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export type OpenInstantTestOptions = {
  unitId: number
  origin: TestOrigin
  /** A valid access token: the socket's first message (browsers cannot set headers on it). */
  token: string
  onEvent: (event: InstantTestEvent) => void
}

/**
 * Opens the trigger-testing socket, authenticates and starts one test; every message and an early
 * close are passed to `onEvent`. The socket closes itself after the result or an error. Returns a
 * function that closes it (the test itself carries on on the unit).
 */
export function openInstantTest(options: OpenInstantTestOptions): () => void {
  const socket = new WebSocket(instantTestSocketUrl())
  let finished = false

  const send = (message: ClientMessage) => {
    socket.send(JSON.stringify(message))
  }
  const finish = () => {
    finished = true
    socket.close(1000)
  }

  socket.addEventListener('open', () => {
    // The server handles messages in order, so the start need not wait for `authenticated`.
    send({ type: 'auth', token: options.token })
    send({ type: 'start', unitId: options.unitId, origin: options.origin })
  })
  socket.addEventListener('message', (event) => {
    if (finished) return
    // A message this version does not understand ends the test as an unknown failure.
    const message: ServerMessage = parseServerMessage(event.data) ?? {
      type: 'error',
      code: 'UNKNOWN',
    }
    options.onEvent(message)
    if (message.type === 'result' || message.type === 'error') finish()
  })
  socket.addEventListener('close', (event) => {
    if (finished) return
    finished = true
    options.onEvent({ type: 'closed', code: event.code, reason: event.reason })
  })

  return () => {
    if (finished) return
    finished = true
    socket.close(1000)
  }
}

/** Query keys of the trigger-testing service. */
export const instantTestKeys = {
  all: ['instant-tests'] as const,
  history: (unitId: number, page: number, perPage: number) =>
    [...instantTestKeys.all, 'history', unitId, page, perPage] as const,
}

/** GET /units/{unitId}/tests: a page of the unit's instant tests, newest first. */
export async function getInstantTestHistory(
  unitId: number,
  page: { page: number; perPage: number },
  signal?: AbortSignal,
): Promise<InstantTestHistoryResponse> {
  return request('trigger-testing', `/units/${unitId}/tests`, {
    schema: InstantTestHistoryResponseSchema,
    query: { page: page.page, per_page: page.perPage },
    signal,
  })
}

/** The unit's instant tests, kept on the device with the other results (persist 'results'). */
export function instantTestHistoryQueryOptions(unitId: number, page = 1, perPage = 10) {
  return queryOptions({
    queryKey: instantTestKeys.history(unitId, page, perPage),
    queryFn: ({ signal }) => getInstantTestHistory(unitId, { page, perPage }, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: { persist: 'results' } satisfies PersistMeta,
  })
}
