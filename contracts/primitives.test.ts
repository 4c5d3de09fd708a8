import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  boundedJson,
  int4,
  int4Id,
  int4IdParam,
  isBoundedJson,
  isStorableText,
  text,
  trimmedText,
} from './primitives.ts'

describe('isStorableText', () => {
  it.each(['', 'plain', 'é', 'مرحبا', '😀', 'a\ud83d\ude00b', '\ufeff'])('takes %j', (value) => {
    expect(isStorableText(value)).toBe(true)
  })
  it.each([
    '\u0000',
    'a\u0000b',
    '\ud800',
    'a\ud800b',
    '\udc00',
    'x\ude00',
    '\ud83d',
    '\ude00\ud83d',
  ])('refuses %j', (value) => {
    expect(isStorableText(value)).toBe(false)
  })
})

describe('text and trimmedText', () => {
  it('refuses NUL and lone surrogates, and enforces the lengths', () => {
    expect(v.is(text(5), 'abc')).toBe(true)
    expect(v.is(text(5), 'abcdef')).toBe(false)
    expect(v.is(text(5), 'a\u0000')).toBe(false)
    expect(v.parse(trimmedText(5), '  abc ')).toBe('abc')
    expect(v.is(trimmedText(5), '   ')).toBe(false)
    expect(v.is(trimmedText(5, 0), '   ')).toBe(true)
    expect(v.is(trimmedText(5), '\ud800')).toBe(false)
  })
})

describe('int4 numbers', () => {
  it.each([1e308, -1e308, 2_147_483_648, -2_147_483_649, 1.5, Number.NaN, Infinity])(
    'int4 refuses %d',
    (value) => {
      expect(v.is(int4(), value)).toBe(false)
    },
  )
  it('takes the whole int4 range, ids from 1', () => {
    expect(v.is(int4(), -2_147_483_648)).toBe(true)
    expect(v.is(int4(), 2_147_483_647)).toBe(true)
    expect(v.is(int4Id(), 0)).toBe(false)
    expect(v.is(int4Id(), 2_147_483_647)).toBe(true)
  })
  it.each(['2147483648', '9999999999', '1e3', '-1', '１', '', '12345678901'])(
    'int4IdParam refuses %j',
    (value) => {
      expect(v.is(int4IdParam(), value)).toBe(false)
    },
  )
  it('int4IdParam reads digits', () => {
    expect(v.parse(int4IdParam(), '2147483647')).toBe(2_147_483_647)
    expect(v.parse(int4IdParam(), '0')).toBe(0)
  })
})

describe('boundedJson', () => {
  const bounds = { depth: 3, size: 10 }
  it('takes small JSON', () => {
    expect(isBoundedJson({ a: [1, { b: null }] }, bounds)).toBe(true)
    expect(isBoundedJson('x', bounds)).toBe(true)
    expect(v.is(boundedJson(bounds), { a: true })).toBe(true)
  })
  it('refuses JSON too deep or too large, without overflowing the stack', () => {
    expect(isBoundedJson({ a: [[[1]]] }, bounds)).toBe(false)
    expect(isBoundedJson([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], bounds)).toBe(false)
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i += 1) deep = [deep]
    expect(isBoundedJson(deep, { depth: 16, size: 1_000_000 })).toBe(false)
  })
  it('refuses what jsonb cannot hold', () => {
    expect(isBoundedJson({ 'a\u0000': 1 }, bounds)).toBe(false)
    expect(isBoundedJson({ a: '\ud800' }, bounds)).toBe(false)
    expect(isBoundedJson({ a: Infinity }, bounds)).toBe(false)
    expect(isBoundedJson({ a: new Date() }, bounds)).toBe(false)
    expect(isBoundedJson({ a: () => 1 }, bounds)).toBe(false)
  })
})
