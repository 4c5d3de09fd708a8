import { useLingui } from '@lingui/react'
import { nameIn, type SignupProgramme, type SignupRegion } from '#contracts/signup.ts'

/** The study's name in the page's language (the Saudi and Omani studies have Arabic names). */
export function useStudyName(programme: SignupProgramme | undefined): string {
  const { i18n } = useLingui()
  return programme
    ? nameIn(programme.study_name, programme.study_name_translations, i18n.locale)
    : ''
}

/** A region's name in the page's language; its id stays the value sent. */
export function useRegionName(): (region: SignupRegion) => string {
  const { i18n } = useLingui()
  return (region) => nameIn(region.name, region.name_translations, i18n.locale)
}
