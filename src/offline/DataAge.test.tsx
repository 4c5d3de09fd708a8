import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { DataAge } from './DataAge'
import { reportNetworkFailure } from './online-state'

/** Matches the age paragraph as a whole: its time sits in a child `<time>`. */
function ageLabel(pattern: RegExp) {
  return (_: string, element: Element | null) =>
    element?.tagName === 'P' && pattern.test(element.textContent)
}

function renderAge(updatedAt: number, locale = 'en-GB', always = false) {
  i18n.loadAndActivate({ locale, messages: {} })
  return render(
    <I18nProvider i18n={i18n}>
      <DataAge updatedAt={updatedAt} always={always} />
    </I18nProvider>,
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('DataAge', () => {
  it('says when the data is from and how old, with a machine-readable time', () => {
    const updatedAt = Date.now() - 5 * 60_000
    renderAge(updatedAt)
    const label = screen.getByText(ageLabel(/^Data from .+, 5 min ago$/))
    expect(label.querySelector('time')).toHaveAttribute(
      'dateTime',
      new Date(updatedAt).toISOString(),
    )
  })

  it('keeps up with the clock every minute', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12, 0), toFake: ['Date', 'setInterval'] })
    renderAge(Date.now() - 5 * 60_000)
    expect(screen.getByText(ageLabel(/5 min ago$/))).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(screen.getByText(ageLabel(/6 min ago$/))).toBeInTheDocument()
  })

  it('stays hidden for fresh data while online', () => {
    const { container } = renderAge(Date.now() - 10_000)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows even fresh data is from the device when offline', () => {
    // Midday on the device's clock: 10 s earlier is still today (just past midnight it was
    // yesterday, and the label rightly carries the date).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 21, 12, 0).getTime() })
    reportNetworkFailure()
    renderAge(Date.now() - 10_000)
    // Under a minute old: the time alone, not "…, now".
    expect(screen.getByText(ageLabel(/^Data from \d\d:\d\d$/))).toBeInTheDocument()
  })

  it('uses the active locale', () => {
    renderAge(Date.now() - 3 * 3_600_000, 'fr-CA', true)
    expect(screen.getByText(ageLabel(/il y a 3\u00a0h$/))).toBeInTheDocument()
  })

  it('shows nothing before the first fetch', () => {
    const { container } = renderAge(0, 'en-GB', true)
    expect(container).toBeEmptyDOMElement()
  })
})
