import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { intsOfArrayTexts } from './pg-int-arrays.ts'

describe('intsOfArrayTexts', () => {
  it.each([
    ['', []],
    ['{}', []],
    ['{}{}', []],
    ['{7}', [7]],
    ['{10003,10007}{10005}{}', [10003, 10007, 10005]],
    ['{-10002,0,3}{-1}', [-10002, 0, 3, -1]],
  ])('reads %j', (text, ints) => {
    expect(intsOfArrayTexts(text)).toEqual(ints)
  })

  it.each(['{NULL}', '{1,NULL}', '{{1,2}}x', '{1,}', '{,1}', '{1-2}', '{-}', '{12', '{1}{2'])(
    'refuses %j',
    (text) => {
      expect(() => intsOfArrayTexts(text)).toThrow(SyntaxError)
    },
  )

  it('reads back what PostgreSQL writes for any int[] (property)', () => {
    const int4 = fc.integer({ min: -2_147_483_648, max: 2_147_483_647 })
    fc.assert(
      fc.property(fc.array(fc.array(int4, { maxLength: 8 }), { maxLength: 8 }), (arrays) => {
        const text = arrays.map((a) => `{${a.join(',')}}`).join('')
        expect(intsOfArrayTexts(text)).toEqual(arrays.flat())
      }),
    )
  })
})
