import { useEffect } from 'react'
import { useRouter, type AnyRoute } from '@tanstack/react-router'

/** The routes a scan opens: the unit's layout and its test results. */
const UNIT_ROUTES = ['/_authed/units/$unitId', '/_authed/units/$unitId/test-results'] as const

/**
 * Where the scanner is offered, loads what a scan needs next while the engineer aims: the Code 128
 * decoder and the unit page's code. Done when the browser is idle, so the search box comes first;
 * a first scan then waits for the camera and the unit's data only (issue 6: scan to unit ≤ 1 s).
 * A failed load (offline without the worker) is left to the real use, which reports it.
 */
export function useScanWarmUp(enabled: boolean): void {
  const router = useRouter()
  useEffect(() => {
    if (!enabled) return
    const warm = () => {
      void import('../scanner/decoders')
        .then((module) => module.loadCode128Decoder())
        .catch(() => undefined)
      // A router without these routes (a test's) has nothing to warm.
      const routes = new Map<string, AnyRoute>(Object.entries(router.routesById))
      for (const id of UNIT_ROUTES) {
        const route = routes.get(id)
        if (route) void router.loadRouteChunk(route)?.catch(() => undefined)
      }
    }
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: 2_000 })
      return () => {
        window.cancelIdleCallback(handle)
      }
    }
    const handle = window.setTimeout(warm, 200)
    return () => {
      window.clearTimeout(handle)
    }
  }, [enabled, router])
}
