import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../ui'
import { MenuItem } from '../ui/MenuButton'
import styles from './install-app.module.css'

/** Chromium's install prompt event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function'
}

/** How the app can be installed here: the browser's prompt, iOS's share menu, or not at all. */
export type InstallMode = 'prompt' | 'ios' | 'none'

/** iPhone, iPod and iPad (iPadOS says "Macintosh" but has a touch screen): no install prompt there. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1
}

/** Which install entry to offer; none once the app is installed or already running installed. */
export function installMode(facts: {
  standalone: boolean
  installed: boolean
  hasPrompt: boolean
  ios: boolean
}): InstallMode {
  if (facts.standalone || facts.installed) return 'none'
  if (facts.hasPrompt) return 'prompt'
  return facts.ios ? 'ios' : 'none'
}

type InstallState = {
  deferred: BeforeInstallPromptEvent | null
  installed: boolean
  instructionsOpen: boolean
}

let state: InstallState = { deferred: null, installed: false, instructionsOpen: false }
const listeners = new Set<() => void>()

function update(patch: Partial<InstallState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  if (iosStandalone) return true
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false
}

/**
 * Boot: keeps the browser's install prompt for the "Install app" entries (instead of its own banner)
 * and notices when the app gets installed. Call before the first render: the event comes early.
 */
export function startInstallCapture(): () => void {
  const handlePrompt = (event: Event) => {
    if (!isInstallPromptEvent(event)) return
    event.preventDefault()
    update({ deferred: event })
  }
  const handleInstalled = () => {
    update({ deferred: null, installed: true })
  }
  window.addEventListener('beforeinstallprompt', handlePrompt)
  window.addEventListener('appinstalled', handleInstalled)
  return () => {
    window.removeEventListener('beforeinstallprompt', handlePrompt)
    window.removeEventListener('appinstalled', handleInstalled)
  }
}

/** Shows the browser's install dialog; the prompt can be used once, so it is dropped afterwards. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { deferred } = state
  if (!deferred) return 'unavailable'
  update({ deferred: null })
  await deferred.prompt()
  const { outcome } = await deferred.userChoice
  if (outcome === 'accepted') update({ installed: true })
  return outcome
}

/** Opens or closes the iOS "Add to Home Screen" instructions. */
export function setInstallInstructionsOpen(open: boolean): void {
  update({ instructionsOpen: open })
}

/** Test helper: back to the initial state. */
export function resetInstallStateForTests(): void {
  state = { deferred: null, installed: false, instructionsOpen: false }
}

/** React: the install entry to offer. */
export function useInstallMode(): InstallMode {
  const current = useSyncExternalStore(subscribe, () => state)
  return installMode({
    standalone: isStandalone(),
    installed: current.installed,
    hasPrompt: current.deferred !== null,
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints),
  })
}

function ShareIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** The three steps of iOS's "Add to Home Screen". */
export function IosInstallSteps() {
  return (
    <ol className={styles.steps}>
      <li>
        <Trans>
          Tap the Share button <ShareIcon /> in the browser toolbar.
        </Trans>
      </li>
      <li>
        <Trans>Choose "Add to Home Screen".</Trans>
      </li>
      <li>
        <Trans>Tap "Add". Whitebox then opens from its icon, even without a connection.</Trans>
      </li>
    </ol>
  )
}

/** The account-menu entry: the browser's install dialog, or the iOS instructions. */
export function InstallAppMenuItem() {
  const mode = useInstallMode()
  if (mode === 'none') return null
  return (
    <MenuItem
      onClick={() => {
        if (mode === 'prompt') void promptInstall()
        else setInstallInstructionsOpen(true)
      }}
    >
      <Trans>Install app</Trans>
    </MenuItem>
  )
}

function InstructionsDialog() {
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    // The menu that opened the dialog is gone by now: focus goes back to its button afterwards.
    const previous = document.activeElement
    if (dialog && typeof dialog.showModal === 'function') dialog.showModal()
    else dialog?.setAttribute('open', '')
    return () => {
      if (previous instanceof HTMLElement) previous.focus()
    }
  }, [])

  const handleClose = () => {
    setInstallInstructionsOpen(false)
  }

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={handleClose}>
      <h2 id={titleId} className={styles.title}>
        <Trans>Install Whitebox on this device</Trans>
      </h2>
      <IosInstallSteps />
      <Button variant="secondary" onClick={handleClose}>
        <Trans>Close</Trans>
      </Button>
    </dialog>
  )
}

/** Hosts the iOS instructions opened from the account menu (the menu closes when an item is chosen). */
export function InstallInstructions() {
  const open = useSyncExternalStore(subscribe, () => state.instructionsOpen)
  return open ? <InstructionsDialog /> : null
}

/** The login page's install offer: a button where the browser allows it, the steps on iOS. */
export function InstallAppPanel() {
  const mode = useInstallMode()
  if (mode === 'prompt') {
    return (
      <div className={styles.panel}>
        <p className={styles.text}>
          <Trans>
            Install Whitebox to open it from your home screen, even without a connection.
          </Trans>
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            void promptInstall()
          }}
        >
          <Trans>Install app</Trans>
        </Button>
      </div>
    )
  }
  if (mode === 'ios') {
    return (
      <details className={styles.panel}>
        <summary className={styles.summary}>
          <Trans>Install app</Trans>
        </summary>
        <IosInstallSteps />
      </details>
    )
  }
  return null
}
