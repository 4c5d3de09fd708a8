import { describe, expect, it } from 'vitest'
import { panelLogoTypeOf } from './panel-logo.ts'

/** Bytes from numbers and ASCII text, in order. */
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'number' ? [value] : Array.from(new TextEncoder().encode(value)),
    ),
  )

describe('panelLogoTypeOf (the type the first bytes say)', () => {
  it.each([
    { name: 'PNG', file: bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), type: 'image/png' },
    { name: 'JPEG', file: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), type: 'image/jpeg' },
    { name: 'WebP', file: bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), type: 'image/webp' },
    {
      name: 'a RIFF that is not WebP (WAV)',
      file: bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '),
      type: null,
    },
    { name: 'SVG', file: bytes('<svg xmlns="http://www.w3.org/2000/svg">'), type: null },
    { name: 'GIF', file: bytes('GIF89a'), type: null },
    { name: 'a PNG cut short', file: bytes(0x89, 'PN'), type: null },
    { name: 'nothing', file: bytes(), type: null },
  ])('$name → $type', ({ file, type }) => {
    expect(panelLogoTypeOf(file)).toBe(type)
  })
})
