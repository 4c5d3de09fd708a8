import { msg } from '@lingui/core/macro'
import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { HcRequestSchema } from '#contracts/help-centre.ts'
import { ApiError, isTransientError } from '../../api/http'
import { postHcRequest } from '../../api/help-centre.api'
import { defineQueueableMutation, type RegisteredMutation } from '../../offline/mutations'
import {
  EMPTY_FIELDS,
  VISITOR_DRAFT_KEY,
  updateDraft,
  type HcRequestBody,
  type Refusal,
} from './request-draft'

/** Key of the help centre's request send (POST requests, seeds 7.5). */
export const HC_REQUEST_SEND_KEY = ['help-centre', 'request', 'send'] as const

/** What a queued send carries: the request, and which draft it came from (to clear it after). */
export const HelpRequestSendSchema = v.object({
  clientId: v.string(),
  draftKey: v.string(),
  body: HcRequestSchema,
})
export type HelpRequestSend = v.InferOutput<typeof HelpRequestSendSchema>

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { status: 0, code: 'UNKNOWN', errors: {} }
  const errors: Record<string, string> = {}
  for (const [field, codes] of Object.entries(error.errors ?? {})) {
    const first = [codes].flat()[0]
    if (first !== undefined) errors[field] = first
  }
  return { status: error.status, code: error.code, errors }
}

/**
 * Sends a request and records the outcome in its draft, wherever the send runs (the page, a
 * replay after reload): success clears the draft and keeps the request id for the confirmation; a
 * refusal puts the request back into the form with the server's codes.
 */
export async function sendHelpRequest(send: HelpRequestSend) {
  try {
    // A visitor's draft is sent as a visitor's, whoever is signed in when it goes out.
    const created = await postHcRequest(send.body, send.draftKey !== VISITOR_DRAFT_KEY)
    await updateDraft(send.draftKey, (draft) => {
      const sent = { clientId: send.clientId, requestId: created.id, sentAt: Date.now() }
      if (draft.pending?.clientId !== send.clientId) return { ...draft, sent }
      return {
        ...EMPTY_FIELDS,
        pending: null,
        refusal: null,
        sent,
        updatedAt: sent.sentAt,
      }
    })
    return created
  } catch (error) {
    if (!isTransientError(error)) {
      await updateDraft(send.draftKey, (draft) =>
        draft.pending?.clientId === send.clientId
          ? { ...draft, pending: null, refusal: refusalOf(error), updatedAt: Date.now() }
          : draft,
      )
    }
    throw error
  }
}

/** The request send as a queueable change: in the pending changes panel, replayed after a reload. */
export const helpRequestSend = defineQueueableMutation({
  mutationKey: HC_REQUEST_SEND_KEY,
  label: msg`Help centre request`,
  variables: HelpRequestSendSchema,
  mutationFn: sendHelpRequest,
  summarize: ({ body: { request } }) => [
    { label: msg`Subject`, value: request.subject },
    { label: msg`Reply to`, value: request.requester.email },
  ],
  edit: () => ({ to: '/hc/requests/new' }),
  // The help centre is public: a visitor's request must not wait for a session to be sent.
  public: true,
})

/** The help centre's queueable changes: src/offline/start-data-layer.ts registers them before the cache is restored. */
export const HELP_CENTRE_MUTATIONS: readonly RegisteredMutation[] = [helpRequestSend]

const started = new Set<string>()

function clientIdOf(mutation: Mutation): string | null {
  const parsed = v.safeParse(v.object({ clientId: v.string() }), mutation.state.variables)
  return parsed.success ? parsed.output.clientId : null
}

function isSendKey(mutation: Mutation): boolean {
  return JSON.stringify(mutation.options.mutationKey) === JSON.stringify(HC_REQUEST_SEND_KEY)
}

/** The send of a request in the mutation cache that has not settled yet, if any. */
export function liveSend(queryClient: QueryClient, clientId: string): Mutation | undefined {
  return queryClient
    .getMutationCache()
    .getAll()
    .find((m) => isSendKey(m) && m.state.status === 'pending' && clientIdOf(m) === clientId)
}

/** Whether this page already started a send of the request (a restart is the user's choice then). */
export function wasStarted(clientId: string): boolean {
  return started.has(clientId)
}

/**
 * Starts sending a request as the registered queueable change (HELP_CENTRE_MUTATIONS must be
 * registered on `queryClient`): it pauses while offline and resumes on reconnect.
 */
export function startHelpRequestSend(queryClient: QueryClient, send: HelpRequestSend): void {
  started.add(send.clientId)
  const mutation = queryClient
    .getMutationCache()
    .build(queryClient, { mutationKey: [...HC_REQUEST_SEND_KEY] })
  mutation.execute(send).catch(() => undefined)
}

/**
 * Sends the request of a form. It is first saved as the draft's pending send (a reload or a lost
 * connection from here on never loses it). Online it is sent at once, so that a refusal comes back
 * to the form and not to the pending changes panel; offline, or when the connection or the server
 * fails on the way, it is queued and sent on reconnect. Never rejects.
 */
export async function submitHelpRequest(
  queryClient: QueryClient,
  draftKey: string,
  body: HcRequestBody,
): Promise<void> {
  const clientId = globalThis.crypto.randomUUID()
  // Marked before the draft changes: the outbox, which watches drafts, must not send it too.
  started.add(clientId)
  const now = Date.now()
  await updateDraft(draftKey, (draft) => ({
    ...draft,
    pending: { clientId, queuedAt: now, request: body },
    refusal: null,
    sent: null,
    updatedAt: now,
  }))
  const send = { clientId, draftKey, body }
  if (onlineManager.isOnline()) {
    try {
      await sendHelpRequest(send)
      return
    } catch (error) {
      if (!isTransientError(error)) return
    }
  }
  startHelpRequestSend(queryClient, send)
}

/** Test helper: forget which sends this page started. */
export function resetStartedSendsForTests(): void {
  started.clear()
}
