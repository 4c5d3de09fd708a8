import * as v from 'valibot'

// Its own module: the sign-up route checks the owner before its page loads, and importing all of
// contracts/signup.ts there put every sign-up schema in the app's first chunk.

/** The studies that recruit volunteers: four regulator programmes and an internal testing one. */
export const SIGNUP_OWNERS = ['nz', 'au', 'om', 'sa', 'internal'] as const
export const SignupOwnerSchema = v.picklist(SIGNUP_OWNERS)
export type SignupOwner = v.InferOutput<typeof SignupOwnerSchema>
