import { useState } from 'react'
import { ApiError, NetworkError } from '../../api/http'
import { useOnline } from '../../offline/online-state'
import {
  resolveSignupErrors,
  type SignupField,
  type SignupFieldCodes,
  type SignupForm,
} from '../../lib/signup-errors'

/** Why the last submit did not go through, besides field errors (seeds 8.3 generic alert; offline). */
export type SignupFailure = 'offline' | 'generic' | null

/** How a submit ended, for the form to act on (the Saudi form goes to the step of `codes`). */
export type SignupSubmitOutcome =
  { status: 'sent' } | { status: 'refused'; codes: SignupFieldCodes } | { status: 'failed' }

type SubmitRequest = {
  /** Codes found before sending; any means nothing is sent. */
  local: SignupFieldCodes
  /** The fields on the form, in its order: server errors only count for these. */
  present: readonly SignupField[]
  send: () => Promise<void>
  /** Rewrites the server's error map before it is matched to fields. */
  mapErrors?: (
    errors: Record<string, string | string[]> | undefined,
  ) => Record<string, string | readonly string[]> | undefined
}

/**
 * The sign-up submit flow: local codes are shown without sending; offline it says a connection is
 * needed and keeps everything; a refusal puts the server's codes under their fields (seeds 5), or
 * the generic alert when none maps to one (8.3). `attempt` changes on every refusal so the form can
 * move focus again.
 */
export function useSignupSubmit(form: SignupForm) {
  const online = useOnline()
  const [codes, setCodes] = useState<SignupFieldCodes>({})
  const [failure, setFailure] = useState<SignupFailure>(null)
  const [sending, setSending] = useState(false)
  const [attempt, setAttempt] = useState(0)

  const refuse = (next: SignupFieldCodes, reason: SignupFailure) => {
    setCodes(next)
    setFailure(reason)
    setAttempt((n) => n + 1)
  }

  /** Forgets a field's error once its answer changes. */
  const clearCode = (field: SignupField) => {
    setCodes((current) => {
      if (current[field] === undefined) return current
      return Object.fromEntries(Object.entries(current).filter(([name]) => name !== field))
    })
  }

  const submit = async (request: SubmitRequest): Promise<SignupSubmitOutcome> => {
    if (Object.keys(request.local).length > 0) {
      refuse(request.local, null)
      return { status: 'refused', codes: request.local }
    }
    if (!online) {
      refuse({}, 'offline')
      return { status: 'failed' }
    }
    setSending(true)
    try {
      await request.send()
      setCodes({})
      setFailure(null)
      return { status: 'sent' }
    } catch (error) {
      if (error instanceof NetworkError) {
        refuse({}, 'offline')
        return { status: 'failed' }
      }
      const errors = error instanceof ApiError ? error.errors : undefined
      const resolution = resolveSignupErrors(
        form,
        request.mapErrors ? request.mapErrors(errors) : errors,
        request.present,
      )
      if (resolution.kind === 'fields') {
        refuse(resolution.codes, null)
        return { status: 'refused', codes: resolution.codes }
      }
      refuse({}, 'generic')
      return { status: 'failed' }
    } finally {
      setSending(false)
    }
  }

  return { online, codes, failure, sending, attempt, submit, refuse, clearCode }
}
