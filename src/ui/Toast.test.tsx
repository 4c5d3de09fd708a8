import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  TOAST_DURATION,
  TOAST_DURATION_WITH_ACTION,
  ToastProvider,
  useToast,
  type ToastApi,
} from './Toast'

let api: ToastApi | null = null

function Capture({ onApi }: { onApi: (toasts: ToastApi) => void }) {
  const toasts = useToast()
  useEffect(() => {
    onApi(toasts)
  }, [toasts, onApi])
  return null
}

function renderToasts() {
  render(
    <I18nProvider i18n={i18n}>
      <ToastProvider>
        <Capture
          onApi={(toasts) => {
            api = toasts
          }}
        />
      </ToastProvider>
    </I18nProvider>,
  )
  const toasts = api
  if (!toasts) throw new Error('no toast api')
  return toasts
}

const show = (toasts: ToastApi, ...args: Parameters<ToastApi['show']>) => {
  let id = 0
  act(() => {
    id = toasts.show(...args)
  })
  return id
}

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  i18n.loadAndActivate({ locale: 'en-GB', messages: {} })
})

afterEach(() => {
  vi.useRealTimers()
  api = null
})

describe('Toast', () => {
  it('announces in a polite live region that is in the page before any toast', () => {
    const toasts = renderToasts()
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toBeEmptyDOMElement()
    show(toasts, { message: 'Saved' })
    expect(region).toHaveTextContent('Saved')
  })

  it('shows one at a time, in order, each going by itself', () => {
    const toasts = renderToasts()
    show(toasts, { message: 'First' })
    show(toasts, { message: 'Second' })
    expect(screen.getByRole('status')).toHaveTextContent('First')
    expect(screen.queryByText('Second')).toBeNull()
    advance(TOAST_DURATION - 1)
    expect(screen.getByText('First')).toBeInTheDocument()
    advance(1)
    expect(screen.queryByText('First')).toBeNull()
    expect(screen.getByText('Second')).toBeInTheDocument()
    advance(TOAST_DURATION)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('waits while hovered or focused, then takes only the time that was left', () => {
    const toasts = renderToasts()
    show(toasts, { message: 'Saved' })
    advance(TOAST_DURATION - 1000)
    const toast = screen.getByText('Saved').parentElement as HTMLElement
    fireEvent.mouseEnter(toast)
    advance(TOAST_DURATION * 3)
    expect(screen.getByText('Saved')).toBeInTheDocument()
    fireEvent.mouseLeave(toast)
    const close = screen.getByRole('button', { name: 'Close' })
    act(() => {
      close.focus()
    })
    advance(TOAST_DURATION * 3)
    expect(screen.getByText('Saved')).toBeInTheDocument()
    act(() => {
      close.blur()
    })
    advance(999)
    expect(screen.getByText('Saved')).toBeInTheDocument()
    advance(1)
    expect(screen.queryByText('Saved')).toBeNull()
  })

  it('runs its action (Undo) once, and closes', () => {
    const toasts = renderToasts()
    const onAction = vi.fn()
    show(toasts, { message: 'Deleted', action: { label: 'Undo', onAction } })
    advance(TOAST_DURATION)
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(onAction).toHaveBeenCalledOnce()
    expect(screen.queryByText('Deleted')).toBeNull()
  })

  it('gives a toast with an action longer, and closes with the close button or Escape', () => {
    const toasts = renderToasts()
    show(toasts, { message: 'Deleted', action: { label: 'Undo', onAction: vi.fn() } })
    advance(TOAST_DURATION_WITH_ACTION - 1)
    expect(screen.getByText('Deleted')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('Deleted')).toBeNull()
    show(toasts, { message: 'Again' })
    fireEvent.keyDown(screen.getByText('Again'), { key: 'Escape' })
    expect(screen.queryByText('Again')).toBeNull()
  })

  it('dismisses a queued toast by id before it shows', () => {
    const toasts = renderToasts()
    show(toasts, { message: 'First' })
    const second = show(toasts, { message: 'Second' })
    act(() => {
      toasts.dismiss(second)
    })
    advance(TOAST_DURATION)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})
