import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useMapThresholds } from './map-thresholds-store'

beforeEach(() => {
  localStorage.clear()
})

describe('useMapThresholds', () => {
  it('starts from the defaults, keeps a saved change on the device, and restores', () => {
    const { result } = renderHook(() => useMapThresholds('udpLatency'))
    expect(result.current.thresholds).toEqual({ better: 'lower', good: 30, fair: 60 })
    expect(result.current.customised).toBe(false)

    act(() => {
      result.current.save({ better: 'lower', good: 20, fair: 40 })
    })
    expect(result.current.thresholds).toEqual({ better: 'lower', good: 20, fair: 40 })
    expect(result.current.customised).toBe(true)
    // Another map of the same metric (or a reload) reads the same.
    expect(renderHook(() => useMapThresholds('udpLatency')).result.current.thresholds?.good).toBe(
      20,
    )
    // Other metrics keep theirs.
    expect(renderHook(() => useMapThresholds('httpgetmt')).result.current.customised).toBe(false)

    act(() => {
      result.current.restore()
    })
    expect(result.current.thresholds).toEqual({ better: 'lower', good: 30, fair: 60 })
    expect(result.current.customised).toBe(false)
  })

  it('ignores what it cannot read', () => {
    localStorage.setItem('wb.map-thresholds', '{"udpLatency":{"better":"sideways"}}')
    const { result } = renderHook(() => useMapThresholds('udpLatency'))
    expect(result.current.thresholds?.good).toBe(30)
    localStorage.setItem('wb.map-thresholds', 'not json')
    expect(renderHook(() => useMapThresholds('httpgetmt')).result.current.thresholds?.good).toBe(
      100,
    )
  })
})
