import { useCallback, useReducer, useRef, type RefObject } from 'react'
import { useOnline } from '../offline/online-state'
import { refusalOf, type FieldCodes } from './form-codes'
import {
  INITIAL_SUBMIT_STATE,
  submitReducer,
  type SubmitFailure,
  type SubmitState,
} from './submit-machine'
import { useFocusFirstInvalid } from './useFocusFirstInvalid'

/** How a submit ended, for the form to act on (go to a step, close an editor, navigate). */
export type SubmitOutcome<F extends string = string> =
  | { status: 'sent' }
  | { status: 'queued' }
  | { status: 'invalid'; codes: FieldCodes<F> }
  | { status: 'failed'; failure: SubmitFailure }

export type SubmitRequest<F extends string> = {
  /** Codes found before sending; any means nothing is sent. */
  local?: FieldCodes<F>
  /**
   * Sends the form. Resolves 'queued' when the change was kept on this device to be sent later
   * (offline); any other value means sent. Throws the refusal (ApiError), or NetworkError when the line dropped.
   */
  send: () => Promise<unknown>
  /** The form field of a server error's name, or null when the form has no such field. */
  fieldOf?: (serverField: string) => F | null
  /** Rewrites the server's error map before it is matched to fields. */
  mapErrors?: (
    errors: Record<string, string | string[]> | undefined,
  ) => Record<string, string | readonly string[]> | undefined
}

export type FormSubmitOptions = {
  /** The form: after every refusal focus goes to its first invalid field, else its alert. */
  formRef: RefObject<HTMLElement | null>
  /** False for forms that queue offline: then offline is not a refusal before sending. */
  needsConnection?: boolean
  /** False while the part of the form holding the error is not on screen (a later step). */
  focusReady?: boolean
}

/**
 * The form layer's submit: local codes are shown without sending; a form that needs a connection
 * says so at once offline (what was typed stays); otherwise it sends, and a refusal puts the
 * server's codes under their fields, or becomes a failure with its code. Every refusal moves focus
 * to the first field in error (else the form's alert).
 */
export function useFormSubmit<F extends string = string>({
  formRef,
  needsConnection = true,
  focusReady = true,
}: FormSubmitOptions) {
  const online = useOnline()
  const [state, dispatch] = useReducer(submitReducer<F>, INITIAL_SUBMIT_STATE as SubmitState<F>)
  const busy = useRef(false)
  useFocusFirstInvalid(formRef, state.attempt, focusReady)

  const submit = async (request: SubmitRequest<F>): Promise<SubmitOutcome<F>> => {
    const local = request.local ?? {}
    if (Object.keys(local).length > 0) {
      dispatch({ type: 'invalid', codes: local })
      return { status: 'invalid', codes: local }
    }
    if (needsConnection && !online) {
      const failure: SubmitFailure = { kind: 'offline' }
      dispatch({ type: 'failed', failure })
      return { status: 'failed', failure }
    }
    if (busy.current) return { status: 'failed', failure: { kind: 'other' } }
    busy.current = true
    dispatch({ type: 'submit' })
    try {
      const result = await request.send()
      if (result === 'queued') {
        dispatch({ type: 'queued' })
        return { status: 'queued' }
      }
      dispatch({ type: 'sent' })
      return { status: 'sent' }
    } catch (error) {
      const refusal = refusalOf(
        error,
        request.fieldOf ?? ((name: string) => name as F),
        request.mapErrors,
      )
      if (refusal.kind === 'fields') {
        dispatch({ type: 'invalid', codes: refusal.codes })
        return { status: 'invalid', codes: refusal.codes }
      }
      dispatch({ type: 'failed', failure: refusal })
      return { status: 'failed', failure: refusal }
    } finally {
      busy.current = false
    }
  }

  /** Forgets the errors of fields whose answers changed. */
  const edited = useCallback((...fields: F[]) => {
    dispatch({ type: 'edit', fields })
  }, [])

  /** Shows codes found outside a submit (a step's Next) as a refusal. */
  const refuse = useCallback((codes: FieldCodes<F>) => {
    dispatch({ type: 'invalid', codes })
  }, [])

  return {
    ...state,
    online,
    submitting: state.status === 'submitting',
    /** Offline now, or the last submit failed for want of a connection. */
    offline: !online || state.failure?.kind === 'offline',
    submit,
    edited,
    refuse,
  }
}
