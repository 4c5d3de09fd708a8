import { useEffect, useEffectEvent, useState, type RefObject } from 'react'
import { cameraErrorKind, cameraUnavailability, type ScannerErrorKind } from '../../lib/scanner'
import { cameraDeviceIds, openCamera, stopStream } from './camera'

/** The live camera: its video track and the cameras one can switch to. */
export type LiveCamera = { track: MediaStreamTrack; deviceIds: string[] }

export type UseCameraOptions = {
  videoRef: RefObject<HTMLVideoElement | null>
  /** The camera runs only while true (the scanning state). */
  active: boolean
  /** A new key restarts the camera (retry, camera switch). */
  restartKey: string
  onReady: () => void
  onError: (kind: ScannerErrorKind) => void
}

/**
 * Runs the camera into `videoRef` while `active`. Every stream it obtains is stopped on cleanup —
 * close, unmount, a restart — including one that arrives after its effect was cleaned up (React
 * StrictMode mounts effects twice; a slow permission prompt outlives a close).
 */
export function useCamera({
  videoRef,
  active,
  restartKey,
  onReady,
  onError,
}: UseCameraOptions): LiveCamera | null {
  const [live, setLive] = useState<(LiveCamera & { key: string }) | null>(null)
  const ready = useEffectEvent(onReady)
  const fail = useEffectEvent(onError)

  useEffect(() => {
    const video = videoRef.current
    if (!active || !video) return
    // Without a secure context the browser hides mediaDevices altogether.
    const media = (navigator as Partial<Navigator>).mediaDevices
    const unavailable = cameraUnavailability(window.isSecureContext, media !== undefined)
    if (unavailable !== null || media === undefined) {
      fail(unavailable ?? 'unsupported')
      return
    }
    const run = new AbortController()
    // A function, not a flag: each check must read the value after the awaits before it.
    const cancelled = () => run.signal.aborted
    let stream: MediaStream | null = null
    void (async () => {
      try {
        const opened = await openCamera(media)
        if (cancelled()) {
          stopStream(opened)
          return
        }
        stream = opened
        video.srcObject = opened
        // Muted inline playback may autoplay everywhere; a refused play() still shows frames.
        await video.play().catch(() => undefined)
        if (cancelled()) return
        const [track] = opened.getVideoTracks()
        if (!track) throw new DOMException('no video track', 'NotFoundError')
        const deviceIds = await cameraDeviceIds(media)
        if (cancelled()) return
        setLive({ key: restartKey, track, deviceIds })
        ready()
      } catch (error) {
        if (!cancelled()) fail(cameraErrorKind(error))
      }
    })()
    return () => {
      run.abort()
      if (stream) stopStream(stream)
      if (video.srcObject === stream) video.srcObject = null
    }
  }, [active, restartKey, videoRef])

  return active && live?.key === restartKey ? live : null
}
