import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { liveSend, startHelpRequestSend, wasStarted } from './queue'
import { draftKeyFor, loadDraft, peekDraft, subscribeDrafts } from './request-draft'

/**
 * Sends the requests that wait in drafts (a visitor's, and the signed-in user's) when no send of
 * them is under way: after a reload, or when the app's own replay could not take them (a visitor
 * has no persisted queue). Each is started once per page; a send that then fails stays for the
 * user to try again on the request page.
 */
export function useRequestOutbox(userId: number | undefined): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const keys = [...new Set([draftKeyFor(undefined), draftKeyFor(userId)])]
    let active = true
    const check = () => {
      if (!active) return
      for (const key of keys) {
        const pending = peekDraft(key)?.pending
        if (!pending || wasStarted(pending.clientId)) continue
        if (liveSend(queryClient, pending.clientId)) continue
        startHelpRequestSend(queryClient, {
          clientId: pending.clientId,
          draftKey: key,
          body: pending.request,
        })
      }
    }
    void Promise.all(keys.map(loadDraft)).then(check)
    const unsubscribe = subscribeDrafts(check)
    return () => {
      active = false
      unsubscribe()
    }
  }, [queryClient, userId])
}
