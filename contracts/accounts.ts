import * as v from 'valibot'
import { int4IdParam, jsonBounds, storable } from './primitives.ts'

/** How deep and how large a preferences object may be (JSON values counted: see JsonBounds). */
export const PREFERENCES_BOUNDS = { depth: 16, size: 2_000 }

/**
 * Seeds 3: one preferences object per user, fetched and updated whole (kept small): free-form
 * JSON, within PREFERENCES_BOUNDS and storable as jsonb (no NUL or lone surrogate in its text).
 */
export const PreferencesSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  jsonBounds<Record<string, unknown>>(PREFERENCES_BOUNDS),
)
export type Preferences = v.InferOutput<typeof PreferencesSchema>
export const PreferencesResponseSchema = v.object({ data: PreferencesSchema })

export const LocaleCodeSchema = v.picklist(['en_GB', 'ar_SA', 'fr_CA'])

export const PersonalInformationSchema = v.object({
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  default_locale: v.nullable(LocaleCodeSchema),
})
export type PersonalInformation = v.InferOutput<typeof PersonalInformationSchema>
export const PersonalInformationResponseSchema = v.object({ data: PersonalInformationSchema })
const PersonName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(50), storable())

/**
 * PUT users/{sub}/personal_information: the default locale (seeds 7.2) and/or the names (seeds 2.4,
 * at most 50 characters each). A body with none of them reports default_locale as missing, as
 * before the names were accepted.
 */
export const PersonalInformationUpdateSchema = v.pipe(
  v.object({
    default_locale: v.optional(LocaleCodeSchema),
    first_name: v.optional(PersonName),
    last_name: v.optional(PersonName),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const { default_locale, first_name, last_name } = dataset.value
    if (default_locale !== undefined || first_name !== undefined || last_name !== undefined) return
    addIssue({
      message: 'nothing to update',
      input: undefined,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: dataset.value,
          key: 'default_locale',
          value: undefined,
        },
      ],
    })
  }),
)
export type PersonalInformationUpdate = v.InferOutput<typeof PersonalInformationUpdateSchema>

export const OrganisationSchema = v.object({ id: v.number(), name: v.string() })
export type Organisation = v.InferOutput<typeof OrganisationSchema>
export const OrganisationResponseSchema = v.object({ data: OrganisationSchema })

export const IdParamSchema = v.object({ id: int4IdParam() })
