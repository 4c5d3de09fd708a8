import { useEffect, useEffectEvent, useReducer } from 'react'
import { useLingui } from '@lingui/react/macro'
import { SCANNER_NEW, scannerReducer } from '../../lib/scanner'
import { ScannerDialog } from './ScannerDialog'
import styles from './ScannerButton.module.css'

export type ScannerButtonProps = {
  /** A label's value, read as one Code 128 (the unit's serial number on Whitebox labels). */
  onDecoded: (value: string) => void
  disabled?: boolean
  /** The engineer is about to scan (pointer over or down on the button, or focus on it). */
  onIntent?: () => void
}

/** A barcode, drawn as bars of the widths Code 128 uses. */
function BarcodeIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M2 4h2v16H2zM5 4h1v16H5zM8 4h3v16H8zM12 4h1v16h-1zM15 4h2v16h-2zM18 4h1v16h-1zM20 4h2v16h-2z"
      />
    </svg>
  )
}

/**
 * The scanner in the unit search box (seeds 001 §2.4): a button that opens the full-screen
 * Code 128 scanner and hands the value read to `onDecoded`. The caller decides whether to show
 * it (canUseScanner: under 768 px, barcode_scanner grant).
 */
export function ScannerButton({ onDecoded, disabled = false, onIntent }: ScannerButtonProps) {
  const { t } = useLingui()
  const [state, dispatch] = useReducer(scannerReducer, SCANNER_NEW)
  const deliver = useEffectEvent(onDecoded)
  const result = state.status === 'new' ? state.result : null

  useEffect(() => {
    if (result !== null) deliver(result)
  }, [result])

  return (
    <>
      <button
        type="button"
        className={styles.button}
        disabled={disabled}
        aria-label={t`Scan a unit label`}
        title={t`Scan a unit label`}
        // Stable for the e2e and bench, whatever the language.
        data-testid="scanner-button"
        onPointerEnter={onIntent}
        onPointerDown={onIntent}
        onFocus={onIntent}
        onClick={() => {
          dispatch({ type: 'open' })
        }}
      >
        <BarcodeIcon />
      </button>
      <span className="wb-visually-hidden" role="status">
        {result !== null ? t`Label read: ${result}` : ''}
      </span>
      {state.status !== 'new' ? <ScannerDialog state={state} dispatch={dispatch} /> : null}
    </>
  )
}
