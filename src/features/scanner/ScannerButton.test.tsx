import { StrictMode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { CAMERA_CHOICE_KEY, serializeCameraChoice } from '../../lib/scanner'
import type { Code128Decoder } from './decoders'
import { ScannerButton } from './ScannerButton'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const decoders = vi.hoisted(() => ({
  /** What the fake decoder reads on each frame; the last entry repeats. */
  reads: [[]] as string[][],
  fail: false,
}))

vi.mock('./decoders', () => ({
  loadCode128Decoder: (): Promise<Code128Decoder> => {
    if (decoders.fail) return Promise.reject(new Error('chunk failed'))
    let frame = 0
    return Promise.resolve({
      kind: 'zxing',
      decode: () => {
        const values = decoders.reads[Math.min(frame, decoders.reads.length - 1)] ?? []
        frame += 1
        return Promise.resolve(values)
      },
    })
  },
}))

// jsdom draws nothing: every frame has a region crop to decode.
vi.mock('./frame', () => ({ grabRegion: () => document.createElement('canvas') }))

type FakeTrack = {
  kind: 'video'
  stop: Mock<() => void>
  getSettings: () => MediaTrackSettings
  getCapabilities: () => Record<string, unknown>
  applyConstraints: Mock<(constraints: MediaTrackConstraints) => Promise<void>>
}

/** Every track any getUserMedia call handed out, to check each one is stopped. */
let tracks: FakeTrack[]
let capabilities: Record<string, unknown>
let devices: string[]
let getUserMedia: ReturnType<
  typeof vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>
>

function fakeStream(deviceId = 'rear'): MediaStream {
  const track: FakeTrack = {
    kind: 'video',
    stop: vi.fn(),
    getSettings: () => ({ deviceId, facingMode: deviceId === 'front' ? 'user' : 'environment' }),
    getCapabilities: () => capabilities,
    applyConstraints: vi.fn(() => Promise.resolve()),
  }
  tracks.push(track)
  return {
    getTracks: () => [track],
    getVideoTracks: () => [track],
  } as unknown as MediaStream
}

function deviceOf(constraints: MediaStreamConstraints): string {
  const video = constraints.video as { deviceId?: { exact: string } }
  return video.deviceId?.exact ?? 'rear'
}

beforeAll(() => {
  // jsdom has <dialog> and <video> without their behaviour.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
  HTMLMediaElement.prototype.play = () => Promise.resolve()
})

beforeEach(() => {
  tracks = []
  capabilities = {}
  devices = ['rear']
  decoders.reads = [[]]
  decoders.fail = false
  getUserMedia = vi.fn((constraints: MediaStreamConstraints) =>
    Promise.resolve(fakeStream(deviceOf(constraints))),
  )
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true })
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: () =>
        Promise.resolve(
          devices.map((deviceId) => ({ kind: 'videoinput', deviceId, label: deviceId })),
        ),
    },
  })
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

function renderScanner(onDecoded = vi.fn(), { strict = false } = {}) {
  const tree = (
    <I18nProvider i18n={i18n}>
      <ScannerButton onDecoded={onDecoded} />
    </I18nProvider>
  )
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  return { ...view, onDecoded }
}

async function openScanner() {
  await userEvent.click(screen.getByRole('button', { name: 'Scan a unit label' }))
}

const scanning = () => screen.findByText(/^Scanning\./)
const allStopped = () => tracks.every((track) => track.stop.mock.calls.length > 0)

describe('ScannerButton', () => {
  it.each([
    {
      intent: 'hover',
      act: async (button: HTMLElement) => {
        await userEvent.hover(button)
      },
    },
    {
      intent: 'focus',
      act: (button: HTMLElement) => {
        button.focus()
        return Promise.resolve()
      },
    },
    {
      intent: 'press',
      act: async (button: HTMLElement) => {
        await userEvent.pointer({ keys: '[MouseLeft>]', target: button })
      },
    },
  ])('tells of the intent to scan on $intent, before any tap', async ({ act: show }) => {
    const onIntent = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <ScannerButton onDecoded={vi.fn()} onIntent={onIntent} />
      </I18nProvider>,
    )
    expect(onIntent).not.toHaveBeenCalled()
    await act(() => show(screen.getByRole('button', { name: 'Scan a unit label' })))
    expect(onIntent).toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens the rear camera and says it is scanning', async () => {
    renderScanner()
    await openScanner()
    expect(screen.getByRole('dialog', { name: 'Scan a unit label' })).toBeInTheDocument()
    // Announced: the status line is a live region.
    expect(await scanning()).toHaveAttribute('role', 'status')
    expect(getUserMedia.mock.calls[0]?.[0]).toEqual({
      audio: false,
      video: {
        width: { ideal: 1280 },
        height: { ideal: 720 },
        facingMode: { ideal: 'environment' },
      },
    })
    expect(allStopped()).toBe(false)
  })

  it('releases the camera and returns to the button when closed', async () => {
    renderScanner()
    await openScanner()
    await scanning()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(tracks).toHaveLength(1)
    expect(allStopped()).toBe(true)
    expect(screen.getByRole('button', { name: 'Scan a unit label' })).toHaveFocus()
  })

  it('releases every camera StrictMode opened when unmounted', async () => {
    const { unmount } = renderScanner(vi.fn(), { strict: true })
    await openScanner()
    await scanning()
    // StrictMode runs the effect, cleans it up and runs it again: two camera requests.
    await waitFor(() => {
      expect(tracks.length).toBeGreaterThanOrEqual(2)
    })
    expect(tracks.filter((track) => track.stop.mock.calls.length === 0)).toHaveLength(1)
    unmount()
    expect(allStopped()).toBe(true)
  })

  it('stops a camera that arrives after the scanner was closed', async () => {
    let resolve: (stream: MediaStream) => void = () => undefined
    getUserMedia.mockImplementationOnce(() => new Promise<MediaStream>((done) => (resolve = done)))
    renderScanner()
    await openScanner()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await act(async () => {
      resolve(fakeStream())
      await Promise.resolve()
    })
    expect(tracks).toHaveLength(1)
    expect(allStopped()).toBe(true)
  })

  it('closes and releases the camera on Back (a route change)', async () => {
    renderScanner()
    await openScanner()
    await scanning()
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(allStopped()).toBe(true)
  })

  it('hands over a value read on two consecutive frames, then releases the camera', async () => {
    decoders.reads = [[], ['WB00000035']]
    const { onDecoded } = renderScanner()
    await openScanner()
    await waitFor(() => {
      expect(onDecoded).toHaveBeenCalledWith('WB00000035')
    })
    expect(onDecoded).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(allStopped()).toBe(true)
    expect(screen.getByText('Label read: WB00000035')).toBeInTheDocument()
  })

  it.each([
    {
      name: 'a value that changes every frame',
      reads: [['WB00000035'], ['WB00000036'], ['WB00000035'], []],
    },
    { name: 'two codes in the region', reads: [['WB00000035', 'WB00000036']] },
  ])('takes no value from $name', async ({ reads }) => {
    decoders.reads = reads
    const { onDecoded } = renderScanner()
    await openScanner()
    await scanning()
    // Several decode rounds (66 ms apart without requestVideoFrameCallback).
    await act(() => new Promise((done) => setTimeout(done, 400)))
    expect(onDecoded).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it.each([
    {
      name: 'NotAllowedError',
      title: 'Camera access is blocked',
      fix: /Site settings, set Camera to Allow/,
    },
    { name: 'NotFoundError', title: 'No camera found', fix: /type the unit’s ID, MAC or serial/ },
    {
      name: 'NotReadableError',
      title: 'The camera is in use',
      fix: /Another app or tab is using the camera/,
    },
    {
      name: 'OverconstrainedError',
      title: 'This camera cannot be used for scanning',
      fix: /default camera/,
    },
  ])('shows $name with how to fix it, and tries again', async ({ name, title, fix }) => {
    getUserMedia.mockRejectedValueOnce(new DOMException('camera', name))
    renderScanner()
    await openScanner()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(title)
    expect(alert).toHaveTextContent(fix)
    const retry = screen.getByRole('button', { name: 'Try again' })
    expect(retry).toHaveFocus()
    await userEvent.click(retry)
    await scanning()
    expect(getUserMedia).toHaveBeenCalledTimes(2)
  })

  it('explains an insecure page without asking for the camera', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true })
    renderScanner()
    await openScanner()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera needs a secure connection',
    )
    expect(getUserMedia).not.toHaveBeenCalled()
  })

  it('reports a scanner that could not be loaded', async () => {
    decoders.fail = true
    renderScanner()
    await openScanner()
    expect(await screen.findByRole('alert')).toHaveTextContent('The scanner could not be loaded')
    expect(allStopped()).toBe(true)
  })

  it('switches camera, remembers it and releases the previous one', async () => {
    devices = ['rear', 'front']
    renderScanner()
    await openScanner()
    await userEvent.click(await screen.findByRole('button', { name: 'Switch camera' }))
    await waitFor(() => {
      expect(getUserMedia.mock.calls.map(([constraints]) => deviceOf(constraints))).toEqual([
        'rear',
        'front',
      ])
    })
    expect(localStorage.getItem(CAMERA_CHOICE_KEY)).toBe(serializeCameraChoice('front'))
    expect(tracks[0]?.stop).toHaveBeenCalledOnce()
    expect(tracks[1]?.stop).not.toHaveBeenCalled()
    await scanning()
  })

  it('opens the remembered camera, and the rear one when it is gone', async () => {
    localStorage.setItem(CAMERA_CHOICE_KEY, serializeCameraChoice('usb-camera'))
    getUserMedia.mockRejectedValueOnce(new DOMException('gone', 'OverconstrainedError'))
    renderScanner()
    await openScanner()
    await scanning()
    expect(getUserMedia.mock.calls.map(([constraints]) => deviceOf(constraints))).toEqual([
      'usb-camera',
      'rear',
    ])
    expect(localStorage.getItem(CAMERA_CHOICE_KEY)).toBeNull()
  })

  it('offers the torch only when the camera has one', async () => {
    capabilities = { torch: true, focusMode: ['continuous', 'single-shot'] }
    renderScanner()
    await openScanner()
    const torch = await screen.findByRole('button', { name: 'Torch on' })
    await userEvent.click(torch)
    expect(tracks[0]?.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] })
    expect(await screen.findByRole('button', { name: 'Torch off' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(screen.getByTestId('scanner-stage'))
    expect(tracks[0]?.applyConstraints).toHaveBeenLastCalledWith({
      advanced: [{ focusMode: 'single-shot' }],
    })
  })

  it('has no torch button without a torch', async () => {
    renderScanner()
    await openScanner()
    await scanning()
    expect(screen.queryByRole('button', { name: /Torch/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Switch camera' })).not.toBeInTheDocument()
  })

  it('can be disabled', () => {
    render(
      <I18nProvider i18n={i18n}>
        <ScannerButton onDecoded={vi.fn()} disabled />
      </I18nProvider>,
    )
    expect(screen.getByRole('button', { name: 'Scan a unit label' })).toBeDisabled()
  })
})
