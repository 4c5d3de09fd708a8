import * as v from 'valibot'
import { LinkLocaleSearchSchema } from '../../i18n/link-locale'

/**
 * /login's search params, read by its route and by the sign-in page opened first
 * (src/navigation/sign-in-start.tsx). `lang`: the sign-up mail's link opens the page in the
 * applicant's language (?lang=ar-SA).
 */
export const LoginSearchSchema = v.object({
  ...LinkLocaleSearchSchema.entries,
  continue: v.fallback(v.optional(v.string()), undefined),
  accountMigrated: v.fallback(v.optional(v.union([v.literal(true), v.literal('true')])), undefined),
})

export type LoginSearch = v.InferOutput<typeof LoginSearchSchema>
