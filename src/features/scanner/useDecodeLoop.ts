import { useEffect, useEffectEvent, type RefObject } from 'react'
import type { Code128Decoder } from './decoders'
import { grabRegion } from './frame'

/** Without requestVideoFrameCallback (Firefox), how often the region is decoded. */
const FALLBACK_INTERVAL_MS = 66

export type UseDecodeLoopOptions = {
  videoRef: RefObject<HTMLVideoElement | null>
  decoder: Code128Decoder | null
  running: boolean
  /** The Code 128 values found in one frame's region. */
  onValues: (values: string[]) => void
}

/**
 * Decodes the scan region of each new video frame, one decode at a time: a slow phone skips
 * frames instead of queueing them. requestVideoFrameCallback makes each decode a new frame, so
 * two consecutive reads really are two frames.
 */
export function useDecodeLoop({
  videoRef,
  decoder,
  running,
  onValues,
}: UseDecodeLoopOptions): void {
  const report = useEffectEvent(onValues)

  useEffect(() => {
    const video = videoRef.current
    if (!running || !decoder || !video) return
    const loop = new AbortController()
    const stopped = () => loop.signal.aborted
    let timer: ReturnType<typeof setTimeout> | undefined
    let frameRequest: number | undefined
    const canvas = document.createElement('canvas')

    const tick = async () => {
      if (stopped()) return
      const crop = grabRegion(video, canvas)
      let values: string[] = []
      if (crop) {
        try {
          values = await decoder.decode(crop)
        } catch {
          // A decoder hiccup on one frame is not a read; the next frame tries again.
        }
      }
      if (stopped()) return
      if (crop) report(values)
      schedule()
    }
    const schedule = () => {
      if (stopped()) return
      if ('requestVideoFrameCallback' in video) {
        frameRequest = video.requestVideoFrameCallback(() => void tick())
      } else {
        timer = setTimeout(() => void tick(), FALLBACK_INTERVAL_MS)
      }
    }
    schedule()
    return () => {
      loop.abort()
      clearTimeout(timer)
      if (frameRequest !== undefined && 'cancelVideoFrameCallback' in video) {
        video.cancelVideoFrameCallback(frameRequest)
      }
    }
  }, [running, decoder, videoRef])
}
