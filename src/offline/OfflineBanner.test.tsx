import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { BACK_ONLINE_MS, OfflineBanner } from './OfflineBanner'
import { reportNetworkFailure, reportNetworkSuccess } from './online-state'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const OFFLINE_TEXT =
  'You are offline. Showing saved data; changes will be sent when you are back online.'
const UNREACHABLE_TEXT =
  'Whitebox cannot be reached right now. Showing saved data; changes will be sent once it can.'

function renderBanner(signedIn = true) {
  render(
    <I18nProvider i18n={i18n}>
      <OfflineBanner signedIn={signedIn} />
    </I18nProvider>,
  )
  return screen.getByRole('status')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('OfflineBanner', () => {
  it.each([
    { deviceOnline: false, text: /^You are offline\.$/ },
    { deviceOnline: true, text: /^Whitebox cannot be reached right now\.$/ },
  ])(
    'tells a signed-out visitor only why (device online: $deviceOnline; no saved data, no queued changes)',
    ({ deviceOnline, text }) => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(deviceOnline)
      const banner = renderBanner(false)
      act(() => {
        reportNetworkFailure()
      })
      expect(banner).toHaveTextContent(text)
      act(() => {
        reportNetworkSuccess()
      })
      vi.restoreAllMocks()
    },
  )

  it('is an empty polite status while online', () => {
    const banner = renderBanner()
    expect(banner).toHaveAttribute('aria-live', 'polite')
    expect(banner).toBeEmptyDOMElement()
  })

  it('says Whitebox cannot be reached when requests fail, then "Back online" for a moment', () => {
    vi.useFakeTimers()
    const banner = renderBanner()
    act(() => {
      reportNetworkFailure()
    })
    expect(banner).toHaveTextContent(UNREACHABLE_TEXT)
    act(() => {
      reportNetworkSuccess()
    })
    expect(banner).toHaveTextContent('Back online')
    act(() => {
      vi.advanceTimersByTime(BACK_ONLINE_MS - 1)
    })
    expect(banner).toHaveTextContent('Back online')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(banner).toBeEmptyDOMElement()
  })

  it('follows the browser: offline at first render shows the banner at once', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const banner = renderBanner()
    expect(banner).toHaveTextContent(OFFLINE_TEXT)
    vi.restoreAllMocks()
  })

  it('going offline again during "Back online" shows the offline message', () => {
    const banner = renderBanner()
    act(() => {
      reportNetworkFailure()
    })
    act(() => {
      reportNetworkSuccess()
    })
    act(() => {
      reportNetworkFailure()
    })
    expect(banner).toHaveTextContent(UNREACHABLE_TEXT)
    act(() => {
      reportNetworkSuccess()
    })
  })

  it('shows one short line that folds into a small indicator; the full message stays announced', async () => {
    const user = userEvent.setup()
    const banner = renderBanner()
    act(() => {
      reportNetworkFailure()
    })
    // On screen: the short line (the live region says it in full).
    expect(screen.getByText('Whitebox can’t be reached · showing saved data')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hide the offline notice' }))
    expect(
      screen.queryByText('Whitebox can’t be reached · showing saved data'),
    ).not.toBeInTheDocument()
    const indicator = screen.getByRole('button', { name: 'Not connected' })
    expect(indicator).toHaveAttribute('aria-expanded', 'false')
    expect(banner).toHaveTextContent(UNREACHABLE_TEXT)
    await user.click(indicator)
    expect(screen.getByText('Whitebox can’t be reached · showing saved data')).toBeInTheDocument()
    // Folded, then the connection comes and goes: the line shows again.
    await user.click(screen.getByRole('button', { name: 'Hide the offline notice' }))
    act(() => {
      reportNetworkSuccess()
    })
    act(() => {
      reportNetworkFailure()
    })
    expect(screen.getByRole('button', { name: 'Hide the offline notice' })).toBeInTheDocument()
    act(() => {
      reportNetworkSuccess()
    })
  })
})
