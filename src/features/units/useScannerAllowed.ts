import { useSyncExternalStore } from 'react'
import { canUseScanner } from '../../lib/scanner'
import { useSession } from '../../session'
import { hasScannerGrant } from './access'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange)
  return () => {
    window.removeEventListener('resize', onChange)
  }
}

const viewportWidth = () => window.innerWidth

/** Seeds 001 §2.4: the scanner shows under 768 px with barcode_scanner on the selected panel. */
export function useScannerAllowed(): boolean {
  const session = useSession()
  const width = useSyncExternalStore(subscribe, viewportWidth, viewportWidth)
  return canUseScanner(width, hasScannerGrant(session))
}
