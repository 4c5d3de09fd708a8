import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { SignupCodes, type SignupProfile, type SignupProfileUpdate } from '#contracts/signup.ts'
import { ApiError, NetworkError } from '../../api/http'
import { putSignupProfile } from '../../api/signup.api'
import { isKnownSignupCode } from '../../lib/signup-errors'
import { useOnline } from '../../offline/online-state'
import { profileFieldOf, type ProfileCodes } from './profile-form'
import { profileKeys } from './profile.queries'

/** Why a save did not go through, besides field errors. */
export type ProfileSaveFailure = 'offline' | 'shipping' | 'generic' | null

/**
 * Saves one part of the volunteer's record (PUT users/{userId}/signup/{id}): local codes are shown
 * without sending; offline it says a connection is needed (the edit is kept on screen); a 409
 * SIGNUP_SHIPPING means the Whitebox is now on its way, so the record is reloaded read-only.
 * `fields` lists the form's fields: a server error on one of them shows under it.
 */
export function useProfileSave(profile: SignupProfile, userId: number, fields: readonly string[]) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [codes, setCodes] = useState<ProfileCodes>({})
  const [failure, setFailure] = useState<ProfileSaveFailure>(null)
  const [saving, setSaving] = useState(false)
  const [attempt, setAttempt] = useState(0)

  const refuse = (next: ProfileCodes, reason: ProfileSaveFailure) => {
    setCodes(next)
    setFailure(reason)
    setAttempt((n) => n + 1)
  }

  /** Sends `update` unless `local` has codes; true once saved. */
  const save = async (
    local: ProfileCodes,
    update: SignupProfileUpdate,
    prefix?: string,
  ): Promise<boolean> => {
    if (Object.keys(local).length > 0) {
      refuse(local, null)
      return false
    }
    if (!online) {
      refuse({}, 'offline')
      return false
    }
    setSaving(true)
    try {
      const updated = await putSignupProfile(userId, profile.id, update)
      queryClient.setQueryData(profileKeys.signup(userId), updated)
      setCodes({})
      setFailure(null)
      return true
    } catch (error) {
      if (error instanceof NetworkError) {
        refuse({}, 'offline')
      } else if (error instanceof ApiError && error.code === SignupCodes.SIGNUP_SHIPPING) {
        refuse({}, 'shipping')
        void queryClient.invalidateQueries({ queryKey: profileKeys.signup(userId) })
      } else {
        const found: ProfileCodes = {}
        const errors = error instanceof ApiError ? (error.errors ?? {}) : {}
        for (const [name, value] of Object.entries(errors)) {
          const field = profileFieldOf(name, prefix)
          const code = [value].flat().find(isKnownSignupCode)
          if (fields.includes(field) && code !== undefined) found[field] ??= code
        }
        refuse(found, Object.keys(found).length > 0 ? null : 'generic')
      }
      return false
    } finally {
      setSaving(false)
    }
  }

  return { online, codes, failure, saving, attempt, save }
}
