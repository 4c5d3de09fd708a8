import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { UpdatePrompt } from './UpdatePrompt'
import {
  registerServiceWorker,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerHost,
} from './register-sw'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

function setup({ waitingAtRegister = false, online = true } = {}) {
  let fireWaiting: () => void = () => undefined
  const update = vi.fn(() => Promise.resolve())
  const messageSkipWaiting = vi.fn()
  const host: ServiceWorkerHost = {
    register: () =>
      Promise.resolve(
        waitingAtRegister ? ({ waiting: {} } as unknown as ServiceWorkerRegistration) : undefined,
      ),
    update,
    messageSkipWaiting,
    onWaiting: (listener) => {
      fireWaiting = listener
    },
  }
  const container = new EventTarget()
  const reload = vi.fn()
  const state = { online }
  stop = registerServiceWorker({ host, container, reload, online: () => state.online })
  render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt />
    </I18nProvider>,
  )
  return {
    update,
    messageSkipWaiting,
    reload,
    state,
    waiting: () => {
      act(fireWaiting)
    },
    controllerChange: () => {
      act(() => {
        container.dispatchEvent(new Event('controllerchange'))
      })
    },
  }
}

let stop: (() => void) | undefined
afterEach(() => {
  act(() => stop?.())
  stop = undefined
  vi.useRealTimers()
})

describe('UpdatePrompt', () => {
  it('stays quiet until a new version is waiting, then says so', () => {
    const { waiting } = setup()
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
    waiting()
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available')
    expect(screen.getByRole('region', { name: 'A new version is available' })).toBeInTheDocument()
  })

  it('shows the prompt when a version was already waiting at registration', async () => {
    setup({ waitingAtRegister: true })
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })

  it('never reloads by itself, even when another tab activates the new worker', () => {
    const { waiting, controllerChange, reload } = setup()
    waiting()
    controllerChange()
    expect(reload).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })

  it('Reload sends SKIP_WAITING and reloads once the new worker controls the page', async () => {
    const user = userEvent.setup()
    const { waiting, controllerChange, reload, messageSkipWaiting } = setup()
    waiting()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled()
    controllerChange()
    controllerChange()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('Later hides the prompt until a newer version is waiting', async () => {
    const user = userEvent.setup()
    const { waiting, messageSkipWaiting, reload } = setup()
    waiting()
    await user.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
    expect(messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
    waiting()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})

describe('update checks', () => {
  it('looks for a new version every hour while online', () => {
    vi.useFakeTimers()
    const { update, state } = setup()
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1)
    expect(update).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(update).toHaveBeenCalledTimes(1)
    state.online = false
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS)
    expect(update).toHaveBeenCalledTimes(1)
  })

  it.each([
    { visibility: 'visible', checks: 1 },
    { visibility: 'hidden', checks: 0 },
  ] as const)('on visibilitychange to $visibility: $checks check(s)', ({ visibility, checks }) => {
    const { update } = setup()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(update).toHaveBeenCalledTimes(checks)
  })
})
