import { lazy, Suspense, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { PanelScope } from '../../api/units.api'
import { suggestUnits } from '../../lib/unit-match'
import { SearchField, type SearchSuggestion } from '../../ui'
import { useCachedUnits } from './cached-units'
import { formatIdNumber } from '../../lib/number-format'
import { useScanWarmUp } from './useScanWarmUp'
import { useScannerAllowed } from './useScannerAllowed'
import { useUnitLookup } from './useUnitLookup'

// The scanner (camera, decoder) is its own chunk, loaded only where it may be shown.
const ScannerButton = lazy(() =>
  import('../scanner').then((module) => ({ default: module.ScannerButton })),
)

export type UnitSearchBoxProps = {
  /** The selected panel ('all' for global access): the search and its suggestions are of it only. */
  panelId: PanelScope
  /** The term to start with (the page's `q`). */
  initialTerm?: string
  /** 'nav' is the navigation bar's compact box; 'page' the unit search page's. */
  variant: 'page' | 'nav'
  autoFocus?: boolean
}

/**
 * The unit search box (seeds 001 §2.4, 000 §2.2): id, email, MAC or the serial on the label;
 * suggestions are the units opened on this device that contain what is typed; the scanner on
 * phones with the barcode_scanner grant. A search or a scan with one match opens the unit.
 */
export function UnitSearchBox({
  panelId,
  initialTerm = '',
  variant,
  autoFocus = false,
}: UnitSearchBoxProps) {
  const { i18n, t } = useLingui()
  const navigate = useNavigate()
  const [value, setValue] = useState(initialTerm)
  const cached = useCachedUnits(panelId)
  const { lookup, pending } = useUnitLookup(panelId)
  const scannerAllowed = useScannerAllowed()
  const warmUpScan = useScanWarmUp()

  const suggestions: SearchSuggestion[] = suggestUnits(cached, value).map((unit) => {
    const unitNumber = formatIdNumber(i18n.locale, unit.id)
    return {
      id: String(unit.id),
      label: t`Unit ${unitNumber}`,
      detail: [unit.serial, unit.mac, unit.email].filter((part) => part !== null).join(' · '),
    }
  })

  const handleSearch = (term: string) => {
    void lookup(term)
  }

  return (
    <SearchField
      label={variant === 'nav' ? t`Search units` : t`Unit ID, email, MAC address or serial`}
      hideLabel={variant === 'nav'}
      compact={variant === 'nav'}
      value={value}
      onValueChange={setValue}
      onSearch={handleSearch}
      trim
      suggestions={suggestions}
      suggestionsLabel={t`Units opened on this device`}
      onSuggestionSelect={(suggestion) => {
        void navigate({
          to: '/units/$unitId/test-results',
          params: { unitId: suggestion.id },
        })
      }}
      placeholder={variant === 'nav' ? t`Search units` : t`e.g. WB00001042`}
      submitLabel={t`Search`}
      clearLabel={t`Clear search`}
      busy={pending}
      autoFocus={autoFocus}
      actions={
        scannerAllowed ? (
          <Suspense fallback={null}>
            <ScannerButton
              disabled={pending}
              onIntent={warmUpScan}
              onDecoded={(decoded) => {
                setValue(decoded)
                void lookup(decoded)
              }}
            />
          </Suspense>
        ) : null
      }
    />
  )
}
