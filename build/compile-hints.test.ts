import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { addCompileHints, COMPILE_HINT } from './compile-hints.ts'

type Bundle = Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>

function chunk(name: string, code: string): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    name,
    fileName: `assets/${name}-1.js`,
    code,
    map: { mappings: 'AAAA;AACA' },
  } as unknown as Rolldown.OutputChunk
}

function mapAsset(fileName: string, mappings: string): Rolldown.OutputAsset {
  return {
    type: 'asset',
    fileName,
    source: JSON.stringify({ version: 3, mappings }),
  } as unknown as Rolldown.OutputAsset
}

function bundleOf(): Bundle {
  return {
    'assets/index-1.js': chunk('index', 'const __vite__mapDeps=1;\nrun()'),
    'assets/index-1.js.map': mapAsset('assets/index-1.js.map', 'AAAA;AACA'),
    'assets/consumer-1.js': chunk('consumer', 'page()'),
    'assets/consumer-1.js.map': mapAsset('assets/consumer-1.js.map', 'AAAA'),
  }
}

const code = (bundle: Bundle, file: string) => (bundle[file] as Rolldown.OutputChunk).code
const mappings = (bundle: Bundle, file: string) =>
  (JSON.parse((bundle[file] as Rolldown.OutputAsset).source as string) as { mappings: string })
    .mappings

describe('addCompileHints', () => {
  it('opens the named chunks with the hint, before Vite’s preload map', () => {
    const bundle = bundleOf()
    expect(addCompileHints(bundle, new Set(['index']))).toEqual(['assets/index-1.js'])
    expect(code(bundle, 'assets/index-1.js')).toBe(`${COMPILE_HINT}const __vite__mapDeps=1;\nrun()`)
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n')
  })

  it('moves the chunk’s source map one line down, in the chunk and in its .map file', () => {
    const bundle = bundleOf()
    addCompileHints(bundle, new Set(['index']))
    expect((bundle['assets/index-1.js'] as Rolldown.OutputChunk).map?.mappings).toBe(';AAAA;AACA')
    expect(mappings(bundle, 'assets/index-1.js.map')).toBe(';AAAA;AACA')
  })

  it('leaves the other chunks and maps alone, and hints a chunk once', () => {
    const bundle = bundleOf()
    addCompileHints(bundle, new Set(['index']))
    expect(addCompileHints(bundle, new Set(['index']))).toEqual([])
    expect(code(bundle, 'assets/index-1.js').split(COMPILE_HINT)).toHaveLength(2)
    expect(code(bundle, 'assets/consumer-1.js')).toBe('page()')
    expect(mappings(bundle, 'assets/consumer-1.js.map')).toBe('AAAA')
  })
})
