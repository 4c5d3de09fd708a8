import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useOfflineCause, useOnline } from './online-state'
import styles from './OfflineBanner.module.css'

/** How long "Back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 4_000

/**
 * Under the navbar: says the app is offline (the device has no network) or cannot reach the server
 * (it has one, yet requests fail), and what that means (saved data and queued changes only for a
 * signed-in user), then briefly "Back online". The live region is always mounted (empty while
 * online) so each change is announced politely, in full; on screen it is one short line, which the
 * user may fold into a small "Offline" indicator (issue 22 §4: a phone keeps its screen).
 */
export function OfflineBanner({ signedIn = true }: { signedIn?: boolean }) {
  const online = useOnline()
  const cause = useOfflineCause()
  const [previous, setPrevious] = useState(online)
  const [backOnline, setBackOnline] = useState(false)
  const [folded, setFolded] = useState(false)
  // Adjusted while rendering (not in an effect), so the banner never shows a stale state for a frame.
  if (online !== previous) {
    setPrevious(online)
    setBackOnline(online)
    // Each time the connection goes, the line shows again.
    setFolded(false)
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
    <>
      <div role="status" aria-live="polite" className="wb-visually-hidden">
        <OfflineMessage state={state} cause={cause} signedIn={signedIn} />
      </div>
      {state === 'online' ? null : (
        <OfflineLine
          state={state}
          unreachable={cause !== 'device'}
          signedIn={signedIn}
          folded={folded}
          onFold={setFolded}
        />
      )}
    </>
  )
}

/** The short line on screen (the live region above says it in full). */
function OfflineLine({
  state,
  unreachable,
  signedIn,
  folded,
  onFold,
}: {
  state: 'offline' | 'back'
  unreachable: boolean
  signedIn: boolean
  folded: boolean
  onFold: (folded: boolean) => void
}) {
  const { t } = useLingui()
  if (state === 'back') {
    return (
      <div className={`${styles.banner} ${styles.back}`} aria-hidden="true">
        <Trans>Back online</Trans>
      </div>
    )
  }
  if (folded) {
    return (
      <button
        type="button"
        className={styles.indicator}
        aria-expanded={false}
        onClick={() => {
          onFold(false)
        }}
      >
        <span className={styles.dot} aria-hidden="true" />
        {unreachable ? t`Not connected` : t`Offline`}
      </button>
    )
  }
  return (
    <div className={`${styles.banner} ${styles.offline}`}>
      <span className={styles.text} aria-hidden="true">
        {unreachable
          ? signedIn
            ? t`Whitebox can’t be reached · showing saved data`
            : t`Whitebox can’t be reached`
          : signedIn
            ? t`Offline · showing saved data`
            : t`You are offline.`}
      </span>
      <button
        type="button"
        className={styles.fold}
        aria-expanded={true}
        aria-label={t`Hide the offline notice`}
        onClick={() => {
          onFold(true)
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

/** The full message for screen readers, by state and cause. */
function OfflineMessage({
  state,
  cause,
  signedIn,
}: {
  state: 'online' | 'offline' | 'back'
  cause: ReturnType<typeof useOfflineCause>
  signedIn: boolean
}) {
  return (
    <>
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
    </>
  )
}
