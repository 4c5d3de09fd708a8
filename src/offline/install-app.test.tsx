import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  InstallAppMenuItem,
  InstallAppPanel,
  InstallInstructions,
  installMode,
  isIos,
  resetInstallStateForTests,
  startInstallCapture,
} from './install-app'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'

describe('isIos', () => {
  it.each([
    { name: 'iPhone Safari', ua: IPHONE, touch: 5, expected: true },
    { name: 'iPadOS (says Macintosh, has touch)', ua: MAC_SAFARI, touch: 5, expected: true },
    { name: 'a Mac', ua: MAC_SAFARI, touch: 0, expected: false },
    { name: 'Android Chrome', ua: ANDROID_CHROME, touch: 5, expected: false },
  ])('$name → $expected', ({ ua, touch, expected }) => {
    expect(isIos(ua, touch)).toBe(expected)
  })
})

describe('installMode', () => {
  const base = { standalone: false, installed: false, hasPrompt: false, ios: false }
  it.each([
    { facts: { ...base, hasPrompt: true }, expected: 'prompt' },
    { facts: { ...base, ios: true }, expected: 'ios' },
    { facts: base, expected: 'none' },
    { facts: { ...base, hasPrompt: true, standalone: true }, expected: 'none' },
    { facts: { ...base, ios: true, standalone: true }, expected: 'none' },
    { facts: { ...base, hasPrompt: true, installed: true }, expected: 'none' },
  ] as const)('$facts → $expected', ({ facts, expected }) => {
    expect(installMode(facts)).toBe(expected)
  })
})

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  })
  return event
}

function renderWithI18n(ui: React.ReactNode) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  stop = undefined
  act(() => {
    resetInstallStateForTests()
  })
  vi.restoreAllMocks()
})

describe('install entries', () => {
  it('offer nothing until the browser allows installing', () => {
    stop = startInstallCapture()
    const { container } = renderWithI18n(<InstallAppPanel />)
    expect(container).toBeEmptyDOMElement()
  })

  it('keep the browser prompt, show "Install app", and hide once accepted', async () => {
    const user = userEvent.setup()
    stop = startInstallCapture()
    renderWithI18n(<InstallAppPanel />)
    const event = promptEvent('accepted')
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Install app' }))
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('hide when the app gets installed another way (appinstalled)', () => {
    stop = startInstallCapture()
    renderWithI18n(<InstallAppPanel />)
    act(() => {
      window.dispatchEvent(promptEvent('dismissed'))
    })
    expect(screen.getByRole('button', { name: 'Install app' })).toBeInTheDocument()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('hide when the app already runs installed (display-mode standalone)', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)' })),
    )
    stop = startInstallCapture()
    renderWithI18n(<InstallAppPanel />)
    act(() => {
      window.dispatchEvent(promptEvent('accepted'))
    })
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it('on iOS the login page shows the Add to Home Screen steps', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    renderWithI18n(<InstallAppPanel />)
    await user.click(screen.getByText('Install app'))
    expect(screen.getByText('Choose "Add to Home Screen".')).toBeVisible()
    expect(screen.getByText(/Tap the Share button/)).toBeVisible()
  })

  it('on iOS the menu entry opens the steps in a dialog that closes again', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    renderWithI18n(
      <>
        <InstallAppMenuItem />
        <InstallInstructions />
      </>,
    )
    await user.click(screen.getByRole('menuitem', { name: 'Install app' }))
    const dialog = screen.getByRole('dialog', { name: 'Install Whitebox on this device' })
    expect(dialog).toHaveTextContent('Choose "Add to Home Screen".')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
