import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { useScanWarmUp } from './useScanWarmUp'

const loads = vi.hoisted(() => ({ decoder: vi.fn(), chunk: vi.fn() }))

vi.mock('../scanner/decoders', () => ({
  loadCode128Decoder: () => {
    loads.decoder()
    return Promise.resolve({ kind: 'zxing', decode: () => Promise.resolve([]) })
  },
}))

const unitRoute = { id: '/_authed/units/$unitId' }
const router = {
  routesById: { [unitRoute.id]: unitRoute },
  loadRouteChunk: (route: unknown) => {
    loads.chunk(route)
    return Promise.resolve()
  },
}
vi.mock('@tanstack/react-router', () => ({ useRouter: () => router }))

afterEach(() => {
  loads.decoder.mockClear()
  loads.chunk.mockClear()
})

describe('useScanWarmUp', () => {
  it('loads nothing of the scanner until the engineer shows the intent to scan', async () => {
    vi.useFakeTimers()
    try {
      const { result } = renderHook(() => useScanWarmUp())
      // Idle time and more: still nothing (it used to load at idle, before any scan).
      await vi.advanceTimersByTimeAsync(5_000)
      expect(loads.decoder).not.toHaveBeenCalled()
      expect(loads.chunk).not.toHaveBeenCalled()

      result.current()
      await vi.advanceTimersByTimeAsync(0)
      expect(loads.decoder).toHaveBeenCalledTimes(1)
      expect(loads.chunk).toHaveBeenCalledWith(unitRoute)

      // Hover, then press, then focus: one load.
      result.current()
      result.current()
      await vi.advanceTimersByTimeAsync(0)
      expect(loads.decoder).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
