import type { RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { SignupCodes, type SignupProfile, type SignupProfileUpdate } from '#contracts/signup.ts'
import { putSignupProfile } from '../../api/signup.api'
import { useFormSubmit, type FieldCodes, type SubmitFailure } from '../../forms'
import { profileFieldOf } from './profile-form'
import { profileKeys } from './profile.queries'

/** Seeds 4.4: a 409 SIGNUP_SHIPPING means the Whitebox is on its way: the record is final. */
export function isShippingFailure(failure: SubmitFailure | null): boolean {
  return failure?.kind === 'other' && failure.code === SignupCodes.SIGNUP_SHIPPING
}

/**
 * Saves one part of the volunteer's record (PUT users/{userId}/signup/{id}) through the form
 * layer: local codes are shown without sending; offline it says a connection is needed (the edit
 * is kept on screen); once shipping, the record is reloaded read-only. `fields` lists the form's
 * fields: a server error on one of them shows under it.
 */
export function useProfileSave<F extends string>(
  profile: SignupProfile,
  userId: number,
  formRef: RefObject<HTMLFormElement | null>,
  fields: readonly F[],
) {
  const queryClient = useQueryClient()
  const form = useFormSubmit<F>({ formRef })

  /** Sends `update` unless `local` has codes; true once saved. */
  const save = async (
    local: FieldCodes<F>,
    update: SignupProfileUpdate,
    prefix?: string,
  ): Promise<boolean> => {
    const outcome = await form.submit({
      local,
      fieldOf: (name) => {
        const field = profileFieldOf(name, prefix)
        return (fields as readonly string[]).includes(field) ? (field as F) : null
      },
      send: async () => {
        const updated = await putSignupProfile(userId, profile.id, update)
        queryClient.setQueryData(profileKeys.signup(userId), updated)
      },
    })
    if (outcome.status === 'failed' && isShippingFailure(outcome.failure)) {
      void queryClient.invalidateQueries({ queryKey: profileKeys.signup(userId) })
    }
    return outcome.status === 'sent'
  }

  return { ...form, save }
}
