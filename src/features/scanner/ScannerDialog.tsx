import { useEffect, useId, useRef, useState, type ActionDispatch, type MouseEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Spinner } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import {
  fitContain,
  nextCamera,
  refocusMode,
  type ScannerEvent,
  type ScannerState,
  type Size,
} from '../../lib/scanner'
import { rememberCamera } from './camera'
import { SCANNER_ERROR_MESSAGES } from './scanner-messages'
import { useCamera, type LiveCamera } from './useCamera'
import { useCode128Decoder } from './useCode128Decoder'
import { useDecodeLoop } from './useDecodeLoop'
import styles from './ScannerDialog.module.css'

/** Image-capture controls the DOM types do not list yet. */
type ImageCapabilities = MediaTrackCapabilities & {
  torch?: boolean
  focusMode?: string[]
  pointsOfInterest?: unknown
}
type ImageConstraintSet = MediaTrackConstraintSet & {
  torch?: boolean
  focusMode?: string
  pointsOfInterest?: { x: number; y: number }[]
}

function capabilitiesOf(track: MediaStreamTrack | undefined): ImageCapabilities {
  // Firefox has no getCapabilities.
  return track && 'getCapabilities' in track ? track.getCapabilities() : {}
}

function applyImageConstraint(track: MediaStreamTrack, set: ImageConstraintSet): Promise<void> {
  return track.applyConstraints({ advanced: [set] })
}

/** The size of an element's box, followed with a ResizeObserver. */
function useBoxSize(ref: React.RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      const { width, height } = entry.contentRect
      setSize((old) => (old?.width === width && old.height === height ? old : { width, height }))
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [ref])
  return size
}

export type ScannerDialogProps = {
  state: Exclude<ScannerState, { status: 'new' }>
  dispatch: ActionDispatch<[event: ScannerEvent]>
}

/**
 * The full-screen scanner: the camera picture with the scan region drawn on it, camera switch,
 * torch and tap to refocus; or, in the error state, what went wrong and how to fix it. A native
 * modal <dialog>: the page behind is inert, Tab stays inside, Escape and Back close it.
 */
export function ScannerDialog({ state, dispatch }: ScannerDialogProps) {
  const { t, i18n } = useLingui()
  const videoRef = useRef<HTMLVideoElement>(null)
  const areaRef = useRef<HTMLDivElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const hintId = useId()
  const [cameraKey, setCameraKey] = useState(0)
  const [frame, setFrame] = useState<Size | null>(null)
  const [torch, setTorch] = useState<{ track: MediaStreamTrack; on: boolean } | null>(null)
  const area = useBoxSize(areaRef)
  const scanning = state.status === 'scanning'

  const camera: LiveCamera | null = useCamera({
    videoRef,
    active: scanning,
    restartKey: `${state.attempt}:${cameraKey}`,
    onReady: () => {
      dispatch({ type: 'camera-ready' })
    },
    onError: (error) => {
      dispatch({ type: 'fail', error })
    },
  })
  const decoder = useCode128Decoder(scanning, state.attempt, () => {
    dispatch({ type: 'fail', error: 'decoder' })
  })
  useDecodeLoop({
    videoRef,
    decoder,
    running: scanning && state.camera === 'live',
    onValues: (values) => {
      dispatch({ type: 'frame', values })
    },
  })

  const { close, dialogProps } = useModalDialog(() => {
    dispatch({ type: 'close' })
  })

  useEffect(() => {
    // Back (a route change) and leaving the app close the scanner, which releases the camera.
    const handleLeave = () => {
      dispatch({ type: 'close' })
    }
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') handleLeave()
    }
    window.addEventListener('popstate', handleLeave)
    document.addEventListener('visibilitychange', handleVisibility)
    return () => {
      window.removeEventListener('popstate', handleLeave)
      document.removeEventListener('visibilitychange', handleVisibility)
    }
  }, [dispatch])

  const errorKind = state.status === 'error' ? state.error : null
  useEffect(() => {
    // The way out of an error is the retry button: put the keyboard and screen reader there.
    if (errorKind !== null) problemRef.current?.querySelector('button')?.focus()
  }, [errorKind])

  const track = camera?.track
  const capabilities = capabilitiesOf(track)
  const torchOn = torch !== null && torch.track === track && torch.on
  const switchTo = camera ? nextCamera(camera.deviceIds, track?.getSettings().deviceId) : null
  const focusMode = refocusMode(capabilities.focusMode)
  const mirrored = track?.getSettings().facingMode === 'user'
  const stage = frame && area ? fitContain(frame, area) : null

  const handleSwitchCamera = () => {
    if (switchTo === null) return
    rememberCamera(switchTo)
    setCameraKey((key) => key + 1)
  }

  const handleTorch = () => {
    if (!track) return
    const on = !torchOn
    applyImageConstraint(track, { torch: on }).then(
      () => {
        setTorch({ track, on })
      },
      () => {
        setTorch({ track, on: false })
      },
    )
  }

  // Tap to refocus, on the tapped point where the camera takes one; a no-op without focus control.
  const handleRefocus = (event: MouseEvent<HTMLDivElement>) => {
    if (!track || focusMode === null) return
    const box = event.currentTarget.getBoundingClientRect()
    const set: ImageConstraintSet = { focusMode }
    if (capabilities.pointsOfInterest !== undefined && box.width > 0 && box.height > 0) {
      set.pointsOfInterest = [
        {
          x: (event.clientX - box.left) / box.width,
          y: (event.clientY - box.top) / box.height,
        },
      ]
    }
    applyImageConstraint(track, set).catch(() => undefined)
  }

  const handleVideoSize = () => {
    const video = videoRef.current
    if (video && video.videoWidth > 0) {
      setFrame({ width: video.videoWidth, height: video.videoHeight })
    }
  }

  const message = errorKind === null ? null : SCANNER_ERROR_MESSAGES[errorKind]

  return (
    <dialog
      {...dialogProps}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={hintId}
    >
      <div className={styles.layout}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            <Trans>Scan a unit label</Trans>
          </h2>
          <Button variant="secondary" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </div>
        <div ref={areaRef} className={styles.area}>
          {message === null ? (
            <div
              className={styles.stage}
              style={stage ? { inlineSize: stage.width, blockSize: stage.height } : undefined}
              onClick={handleRefocus}
              data-testid="scanner-stage"
            >
              <video
                ref={videoRef}
                className={mirrored ? `${styles.video} ${styles.mirrored}` : styles.video}
                aria-label={t`Camera picture`}
                muted
                playsInline
                disablePictureInPicture
                onLoadedMetadata={handleVideoSize}
                onResize={handleVideoSize}
              />
              <div className={styles.region} aria-hidden="true" />
              {state.status === 'scanning' && state.camera === 'starting' ? (
                <div className={styles.starting}>
                  <Spinner />
                </div>
              ) : null}
            </div>
          ) : (
            <div ref={problemRef} className={styles.problem}>
              <Alert variant="error" title={i18n._(message.title)}>
                <p className={styles.fix}>{i18n._(message.fix)}</p>
              </Alert>
              <div className={styles.problemActions}>
                <Button
                  onClick={() => {
                    dispatch({ type: 'retry' })
                  }}
                >
                  <Trans>Try again</Trans>
                </Button>
              </div>
            </div>
          )}
        </div>
        <div className={styles.footer}>
          <p id={hintId} className={styles.status} role="status">
            {state.status === 'scanning' ? (
              state.camera === 'live' ? (
                <Trans>Scanning. Hold the barcode on the label inside the frame.</Trans>
              ) : (
                <Trans>Starting the camera…</Trans>
              )
            ) : null}
          </p>
          {scanning && (switchTo !== null || capabilities.torch === true) ? (
            <div className={styles.controls}>
              {switchTo !== null ? (
                <Button variant="secondary" onClick={handleSwitchCamera}>
                  <Trans>Switch camera</Trans>
                </Button>
              ) : null}
              {capabilities.torch === true ? (
                <Button variant="secondary" aria-pressed={torchOn} onClick={handleTorch}>
                  {torchOn ? <Trans>Torch off</Trans> : <Trans>Torch on</Trans>}
                </Button>
              ) : null}
            </div>
          ) : null}
          {focusMode !== null && scanning ? (
            <p className={styles.tip}>
              <Trans>Tap the picture to focus.</Trans>
            </p>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
