import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderHook } from '@testing-library/react'
import type { SignupProgramme, SignupRegion } from '#contracts/signup.ts'
import { useRegionName, useStudyName } from './names'
import { SA } from './testing/fixtures'

const riyadh: SignupRegion = {
  id: 'SA-01',
  name: 'Riyadh',
  cities: [],
  name_translations: { 'ar-SA': 'الرياض', 'fr-CA': 'Riyad' },
}
const saudi: SignupProgramme = {
  ...SA,
  study_name_translations: { 'ar-SA': 'دراسة الألياف الثابتة' },
  regions: [riyadh],
}

function inLocale(locale: string) {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  return ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  )
}

describe('sign-up names in the page language', () => {
  it.each([
    { locale: 'ar-SA', study: 'دراسة الألياف الثابتة', region: 'الرياض' },
    { locale: 'fr-CA', study: SA.study_name, region: 'Riyad' },
    { locale: 'en-GB', study: SA.study_name, region: 'Riyadh' },
  ])('$locale: $study, $region', ({ locale, study, region }) => {
    const { result } = renderHook(() => ({ study: useStudyName(saudi), region: useRegionName() }), {
      wrapper: inLocale(locale),
    })
    expect(result.current.study).toBe(study)
    expect(result.current.region(riyadh)).toBe(region)
  })

  it('names no study before the studies are known', () => {
    const { result } = renderHook(() => useStudyName(undefined), { wrapper: inLocale('ar-SA') })
    expect(result.current).toBe('')
  })
})
