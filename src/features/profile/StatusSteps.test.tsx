import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import { StatusSteps } from './StatusSteps'

function InLocale({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <I18nProvider i18n={setupI18n({ locale, messages: { [locale]: {} } })}>{children}</I18nProvider>
  )
}

describe('the profile status steps in the page digits', () => {
  it.each([
    { locale: 'ar-SA', markers: ['✓', '٢', '٣', '٤'] },
    { locale: 'en-GB', markers: ['✓', '2', '3', '4'] },
  ])('$locale: $markers', ({ locale, markers }) => {
    render(
      <InLocale locale={locale}>
        <StatusSteps status="waiting_list" />
      </InLocale>,
    )
    const steps = screen.getByRole('list')
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('[aria-hidden="true"]')?.textContent),
    ).toEqual(markers)
  })
})
