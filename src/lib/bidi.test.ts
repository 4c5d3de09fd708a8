import { describe, expect, it } from 'vitest'
import { inputDir, isolate, isolateLtr } from './bidi'

describe('bidi isolates', () => {
  it.each([
    { fn: isolate, text: 'Living room', out: '\u2068Living room\u2069' },
    { fn: isolate, text: 'غرفة', out: '\u2068غرفة\u2069' },
    { fn: isolateLtr, text: 'nora@example.com', out: '\u2066nora@example.com\u2069' },
    { fn: isolateLtr, text: '00:1A:2B:3C:4D:5E', out: '\u206600:1A:2B:3C:4D:5E\u2069' },
  ])('$fn.name($text)', ({ fn, text, out }) => {
    expect(fn(text)).toBe(out)
  })

  it.each([
    { type: 'email', dir: 'ltr' },
    { type: 'url', dir: 'ltr' },
    { type: 'tel', dir: 'ltr' },
    { type: 'text', dir: undefined },
    { type: 'password', dir: undefined },
    { type: undefined, dir: undefined },
  ])('inputDir($type) is $dir', ({ type, dir }) => {
    expect(inputDir(type)).toBe(dir)
  })
})
