import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useFormValues } from './useFormValues'

const EMPTY = { line1: '', city: '' }
const STORED = { line1: '12 Karaka Street', city: 'Wellington' }

function setup() {
  return renderHook(({ initial }) => useFormValues(initial), { initialProps: { initial: EMPTY } })
}

describe('useFormValues', () => {
  it('starts from the initial values', () => {
    const { result } = renderHook(() => useFormValues(STORED))
    expect(result.current[0]).toEqual(STORED)
  })

  it('takes later initial values while the user has changed nothing', () => {
    const { result, rerender } = setup()
    rerender({ initial: STORED })
    expect(result.current[0]).toEqual(STORED)
    // The same values rebuilt (a new object each render) change nothing.
    rerender({ initial: { ...STORED } })
    expect(result.current[0]).toEqual(STORED)
  })

  it('never overwrites what the user typed', () => {
    const { result, rerender } = setup()
    act(() => {
      result.current[1]('line1', '4 Beach Road')
    })
    rerender({ initial: STORED })
    expect(result.current[0]).toEqual({ line1: '4 Beach Road', city: '' })
  })

  it('keeps the user’s values after an update of the initial ones they had edited from', () => {
    const { result, rerender } = renderHook(({ initial }) => useFormValues(initial), {
      initialProps: { initial: STORED },
    })
    act(() => {
      result.current[1]('city', 'Napier')
    })
    rerender({ initial: { line1: '1 Other Street', city: 'Auckland' } })
    expect(result.current[0]).toEqual({ line1: '12 Karaka Street', city: 'Napier' })
  })
})
