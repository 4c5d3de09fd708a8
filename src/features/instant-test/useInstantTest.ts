import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { TestOrigin } from '#contracts/instant-test.ts'
import {
  instantTestKeys,
  isAuthRefusal,
  openInstantTest,
  type InstantTestEvent,
} from '../../api/instant-test.api'
import { isOnline } from '../../offline/online-state'
import { getTokens, renewNow } from '../../session'
import { INITIAL_STATE, instantTestReducer, type InstantTestState } from './instant-test-state'

/** Renew first when the access token has less than this left: a test takes about ten seconds. */
export const TOKEN_MARGIN_MS = 30_000

/** An access token good for the next half minute, renewing it first if needed; null if impossible. */
async function freshAccessToken(now: number): Promise<string | null> {
  const tokens = getTokens()
  if (!tokens) return null
  if (tokens.accessToken.expiresAt * 1000 - now > TOKEN_MARGIN_MS) return tokens.accessToken.token
  return (await renewNow())?.accessToken.token ?? null
}

function origin(): TestOrigin {
  // Embedded in another site's page (seeds 3 origins): the iframe origin.
  return globalThis.window.self === globalThis.window.top ? 'web_app' : 'web_iframe'
}

/**
 * One unit's instant test: `run` checks the connection (offline fails at once, nothing is
 * queued), renews the token if it is about to expire, opens the socket and follows the test.
 * A token the server refuses is renewed once and the test asked for again.
 */
export function useInstantTest(unitId: number): { state: InstantTestState; run: () => void } {
  const [state, dispatch] = useReducer(instantTestReducer, INITIAL_STATE)
  const queryClient = useQueryClient()
  const closeSocket = useRef<(() => void) | null>(null)
  // A run started after another (or after unmount) makes the older one's events irrelevant.
  const generation = useRef(0)

  useEffect(
    () => () => {
      generation.current += 1
      closeSocket.current?.()
    },
    [],
  )

  const run = useCallback(() => {
    const mine = ++generation.current
    closeSocket.current?.()
    closeSocket.current = null
    if (!isOnline()) {
      dispatch({ type: 'fail', code: 'OFFLINE', at: Date.now() })
      return
    }
    dispatch({ type: 'start' })

    const connect = (token: string, renewed: boolean) => {
      closeSocket.current = openInstantTest({
        unitId,
        origin: origin(),
        token,
        onEvent: (event: InstantTestEvent) => {
          if (generation.current !== mine) return
          if (isAuthRefusal(event)) {
            if (renewed) {
              dispatch({ type: 'fail', code: 'SESSION_ENDED', at: Date.now() })
              return
            }
            void renewNow().then((tokens) => {
              if (generation.current !== mine) return
              if (tokens) connect(tokens.accessToken.token, true)
              else dispatch({ type: 'fail', code: 'SESSION_ENDED', at: Date.now() })
            })
            return
          }
          dispatch({ type: 'event', event, at: Date.now() })
          if (event.type === 'result') {
            void queryClient.invalidateQueries({ queryKey: instantTestKeys.all })
          }
        },
      })
    }

    void freshAccessToken(Date.now()).then((token) => {
      if (generation.current !== mine) return
      if (token === null) {
        dispatch({
          type: 'fail',
          // A renewal that failed for lack of network keeps the session: say so, not "sign in".
          code: isOnline() ? 'SESSION_ENDED' : 'OFFLINE',
          at: Date.now(),
        })
        return
      }
      connect(token, false)
    })
  }, [unitId, queryClient])

  return { state, run }
}
