import * as v from 'valibot'

/** Seeds 3: one preferences object per user, fetched and updated whole (kept small). */
export const PreferencesSchema = v.record(v.string(), v.unknown())
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
export const PersonalInformationUpdateSchema = v.object({ default_locale: LocaleCodeSchema })

export const OrganisationSchema = v.object({ id: v.number(), name: v.string() })
export type Organisation = v.InferOutput<typeof OrganisationSchema>
export const OrganisationResponseSchema = v.object({ data: OrganisationSchema })

export const IdParamSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number)),
})
