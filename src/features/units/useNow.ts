import { useEffect, useState } from 'react'

const TICK_MS = 60_000

/** The current time, refreshed every minute ("5 min ago" keeps up with the clock). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now())
    }, TICK_MS)
    return () => {
      clearInterval(timer)
    }
  }, [])
  return now
}
