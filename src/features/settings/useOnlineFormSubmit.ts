import { useState, type RefObject } from 'react'
import { useOnline } from '../../offline/online-state'
import { submitFailure, type FieldCodes } from './form-errors'
import { useFocusFirstError } from './useFocusFirstError'

/** Why the last submit did not go through, besides field errors. */
export type SubmitFailure = 'offline' | 'other' | null

/**
 * The submit flow of a settings form that needs a connection (name, email, password): field codes
 * found locally are shown without sending; offline it says so at once and keeps what was typed;
 * otherwise it sends, and a refusal puts the server's codes under their fields. Every refusal moves
 * focus to the first field in error.
 */
export function useOnlineFormSubmit(formRef: RefObject<HTMLFormElement | null>) {
  const online = useOnline()
  const [codes, setCodes] = useState<FieldCodes>({})
  const [failure, setFailure] = useState<SubmitFailure>(null)
  const [saving, setSaving] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useFocusFirstError(formRef, attempt)

  const refuse = (next: FieldCodes, reason: SubmitFailure) => {
    setCodes(next)
    setFailure(reason)
    setAttempt((n) => n + 1)
  }

  /** Refuses with `localCodes` when there are any, else sends (online only). */
  const submit = async (localCodes: FieldCodes, send: () => Promise<void>) => {
    if (Object.keys(localCodes).length > 0) {
      refuse(localCodes, null)
      return
    }
    if (!online) {
      refuse({}, 'offline')
      return
    }
    setSaving(true)
    try {
      await send()
    } catch (error) {
      const result = submitFailure(error)
      if (result.kind === 'fields') refuse(result.codes, null)
      else refuse({}, result.kind === 'offline' ? 'offline' : 'other')
    } finally {
      setSaving(false)
    }
  }

  return { online, codes, failure, saving, submit }
}
