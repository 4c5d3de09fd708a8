import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLingui } from '@lingui/react/macro'
import styles from './Toast.module.css'

export type ToastOptions = {
  message: ReactNode
  variant?: 'success' | 'info' | 'error'
  /** One action, e.g. Undo: running it also closes the toast. */
  action?: { label: ReactNode; onAction: () => void }
  /** How long it shows, in ms, while not hovered or focused (5 s; 8 s with an action). */
  duration?: number
}

export type ToastApi = {
  /** Queues a toast (one shows at a time, in order); returns its id. */
  show: (options: ToastOptions) => number
  dismiss: (id: number) => void
}

type QueuedToast = ToastOptions & { id: number }

export const TOAST_DURATION = 5000
export const TOAST_DURATION_WITH_ACTION = 8000

const ToastContext = createContext<ToastApi | null>(null)

/** The app frame's toasts (src/app-frame.tsx); outside a provider, toasts are not shown. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? NO_TOASTS
}

const NO_TOASTS: ToastApi = { show: () => 0, dismiss: () => undefined }

/**
 * Confirmations that need no answer ("Saved"): one at a time, announced politely, gone by
 * themselves unless the pointer or the keyboard is on them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly QueuedToast[]>([])
  const nextId = useRef(0)
  const dismiss = useCallback((id: number) => {
    setQueue((current) => current.filter((toast) => toast.id !== id))
  }, [])
  const api = useMemo<ToastApi>(
    () => ({
      show: (options) => {
        nextId.current += 1
        const id = nextId.current
        setQueue((current) => [...current, { ...options, id }])
        return id
      },
      dismiss,
    }),
    [dismiss],
  )
  const shown = queue[0]
  return (
    <ToastContext value={api}>
      {children}
      {/* Always in the page: a live region added with its content is not announced. */}
      <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
        {shown ? <Toast key={shown.id} toast={shown} onDismiss={dismiss} /> : null}
      </div>
    </ToastContext>
  )
}

function Toast({ toast, onDismiss }: { toast: QueuedToast; onDismiss: (id: number) => void }) {
  const { t } = useLingui()
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const remaining = useRef(
    toast.duration ?? (toast.action ? TOAST_DURATION_WITH_ACTION : TOAST_DURATION),
  )
  const { id } = toast

  useEffect(() => {
    if (hovered || focused) return
    const started = Date.now()
    const timer = setTimeout(() => {
      onDismiss(id)
    }, remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [hovered, focused, id, onDismiss])

  return (
    <div
      className={`${styles.toast} ${styles[toast.variant ?? 'success']}`}
      onMouseEnter={() => {
        setHovered(true)
      }}
      onMouseLeave={() => {
        setHovered(false)
      }}
      onFocus={() => {
        setFocused(true)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss(id)
      }}
    >
      <p className={styles.message}>{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            toast.action?.onAction()
            onDismiss(id)
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.close}
        aria-label={t`Close`}
        onClick={() => {
          onDismiss(id)
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  )
}
