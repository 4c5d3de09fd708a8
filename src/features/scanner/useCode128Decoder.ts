import { useEffect, useEffectEvent, useState } from 'react'
import { loadCode128Decoder, type Code128Decoder } from './decoders'

/** Loads the decoder while `active` (in parallel with the camera); reports a failed load. */
export function useCode128Decoder(
  active: boolean,
  attempt: number,
  onError: () => void,
): Code128Decoder | null {
  const [decoder, setDecoder] = useState<Code128Decoder | null>(null)
  const fail = useEffectEvent(onError)

  useEffect(() => {
    if (!active) return
    let cancelled = false
    loadCode128Decoder().then(
      (loaded) => {
        if (!cancelled) setDecoder(loaded)
      },
      () => {
        if (!cancelled) fail()
      },
    )
    return () => {
      cancelled = true
    }
  }, [active, attempt])

  return decoder
}
