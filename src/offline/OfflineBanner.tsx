import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useOfflineCause, useOnline } from './online-state'
import styles from './OfflineBanner.module.css'

/** How long "Back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 4_000

/**
 * Under the navbar: says the app is offline (the device has no network) or cannot reach the server
 * (it has one, yet requests fail), and what that means (saved data and queued changes only for a
 * signed-in user), then briefly "Back online". The
 * live region is always mounted (empty while online) so each change is announced politely.
 */
export function OfflineBanner({ signedIn = true }: { signedIn?: boolean }) {
  const online = useOnline()
  const cause = useOfflineCause()
  const [previous, setPrevious] = useState(online)
  const [backOnline, setBackOnline] = useState(false)
  // Adjusted while rendering (not in an effect), so the banner never shows a stale state for a frame.
  if (online !== previous) {
    setPrevious(online)
    setBackOnline(online)
  }

  useEffect(() => {
    if (!backOnline) return
    const timer = setTimeout(() => {
      setBackOnline(false)
    }, BACK_ONLINE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [backOnline])

  const state = online ? (backOnline ? 'back' : 'online') : 'offline'
  return (
    <div
      role="status"
      aria-live="polite"
      className={state === 'online' ? undefined : `${styles.banner} ${styles[state]}`}
    >
      {state === 'offline' && cause === 'device' && signedIn ? (
        <Trans>
          You are offline. Showing saved data; changes will be sent when you are back online.
        </Trans>
      ) : null}
      {state === 'offline' && cause === 'device' && !signedIn ? (
        <Trans>You are offline.</Trans>
      ) : null}
      {/* The device has a network, yet requests fail: a network without data, or our server. */}
      {state === 'offline' && cause !== 'device' && signedIn ? (
        <Trans>
          Whitebox cannot be reached right now. Showing saved data; changes will be sent once it
          can.
        </Trans>
      ) : null}
      {state === 'offline' && cause !== 'device' && !signedIn ? (
        <Trans>Whitebox cannot be reached right now.</Trans>
      ) : null}
      {state === 'back' ? <Trans>Back online</Trans> : null}
    </div>
  )
}
