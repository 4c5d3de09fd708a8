import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { NetworkError } from '../../api/http'
import { searchUnits, type PanelScope } from '../../api/units.api'
import { matchUnits } from '../../lib/unit-match'
import { isOnline } from '../../offline/online-state'
import { readCachedUnits } from './cached-units'

/**
 * The search of a term from a search box or a scan (seeds 000 §2.2, 001 §2.4): one match opens
 * /units/{unitId}; otherwise /units/search?showResults=true&q=term. Offline, or when the request
 * cannot reach the server, the units saved on this device are searched by the same rules.
 */
export function useUnitLookup(panelId: PanelScope | null): {
  lookup: (term: string) => Promise<void>
  pending: boolean
} {
  const navigate = useNavigate()
  const client = useQueryClient()
  const [pending, setPending] = useState(false)
  const controller = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      controller.current?.abort()
    },
    [],
  )

  const lookup = useCallback(
    async (term: string) => {
      if (panelId === null || term.trim() === '') return
      const openUnit = (unitId: number) =>
        navigate({ to: '/units/$unitId/test-results', params: { unitId: String(unitId) } })
      const showResults = () =>
        navigate({ to: '/units/search', search: { q: term, showResults: true } })
      const searchOffline = async () => {
        const found = matchUnits(readCachedUnits(client, panelId), term, { trim: true })
        const only = found.length === 1 ? found[0] : undefined
        await (only ? openUnit(only.id) : showResults())
      }

      if (!isOnline()) {
        await searchOffline()
        return
      }
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setPending(true)
      try {
        const { data } = await searchUnits(panelId, term.trim(), current.signal)
        const only = data.length === 1 ? data[0] : undefined
        await (only ? openUnit(only.id) : showResults())
      } catch (error) {
        if (current.signal.aborted) return
        // No answer: the basement case. Anything else (refused, failed) shows on the results page.
        await (error instanceof NetworkError ? searchOffline() : showResults())
      } finally {
        if (controller.current === current) setPending(false)
      }
    },
    [client, navigate, panelId],
  )
  return { lookup, pending }
}
