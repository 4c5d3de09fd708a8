import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, renderHook, screen } from '@testing-library/react'
import type { SignupProgramme, SignupRegion } from '#contracts/signup.ts'
import { useRegionName, useStudyName } from './names'
import { StepProgress } from './saudi/StepProgress'
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

describe('the Saudi step count in the page digits', () => {
  it.each([
    { locale: 'ar-SA', text: 'Step ٢ of ٤' },
    { locale: 'en-GB', text: 'Step 2 of 4' },
  ])('$locale: $text', ({ locale, text }) => {
    const Wrapper = inLocale(locale)
    render(
      <Wrapper>
        <StepProgress step={2} />
      </Wrapper>,
    )
    // The catalog is empty here: the source words, with the numbers as the locale writes them.
    expect(screen.getByText(text)).toBeInTheDocument()
  })
})
