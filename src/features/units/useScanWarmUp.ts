import { useCallback, useRef } from 'react'
import { useRouter, type AnyRoute } from '@tanstack/react-router'

/** The routes a scan opens: the unit's layout and its test results. */
const UNIT_ROUTES = ['/_authed/units/$unitId', '/_authed/units/$unitId/test-results'] as const

/**
 * What a scan needs next — the Code 128 decoder (ZXing where the browser has no BarcodeDetector)
 * and the unit page's code — loaded on the engineer's intent: the returned function is given to
 * the scan button's pointer-enter, pointer-down and focus, so nothing of the scanner is fetched
 * for someone who never scans, and a tap still starts the load before the camera is up (issue 6:
 * scan to unit ≤ 1 s). Once per mount. The service worker precaches these chunks, so they also
 * load offline; a failed load is left to the real use, which reports it.
 */
export function useScanWarmUp(): () => void {
  const router = useRouter()
  const warmed = useRef(false)
  return useCallback(() => {
    if (warmed.current) return
    warmed.current = true
    void import('../scanner/decoders')
      .then((module) => module.loadCode128Decoder())
      .catch(() => undefined)
    // A router without these routes (a test's) has nothing to warm.
    const routes = new Map<string, AnyRoute>(Object.entries(router.routesById))
    for (const id of UNIT_ROUTES) {
      const route = routes.get(id)
      if (route) void router.loadRouteChunk(route)?.catch(() => undefined)
    }
  }, [router])
}
