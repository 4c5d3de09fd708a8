import type { Plugin, Rolldown } from 'vite'

/**
 * V8's explicit compile hint (Chrome 136+): a file that opens with this comment has every function
 * compiled eagerly, on the background thread that streams the script in, instead of lazily on the
 * main thread the first time each is called.
 * https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * The chunks every start runs most of (vite.config.ts's groups): the entry (React, the session,
 * the core words), the shell, the shared parts, the two starts (the sign-in page's, the router's
 * with every route's rules) and the data layer. Page chunks are left lazy: a page calls a part of
 * its journey's chunk only.
 */
export const EAGER_CHUNKS: ReadonlySet<string> = new Set([
  'index',
  'shell',
  'parts',
  'sign-in-start',
  'app-start',
  'data-layer',
])

type Bundle = Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>

/**
 * Opens each chunk named in `eager` with the compile hint and moves its source map down the line
 * the hint takes. Runs after every other plugin's generateBundle: Vite writes its preload map
 * (`const __vite__mapDeps=…`) at the top of a chunk there, and the hint must come first.
 */
export function addCompileHints(bundle: Bundle, eager: ReadonlySet<string>): string[] {
  const hinted: string[] = []
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || !eager.has(file.name) || file.code.startsWith(COMPILE_HINT)) {
      continue
    }
    file.code = COMPILE_HINT + file.code
    // In a source map, each `;` of the mappings starts the next generated line.
    if (file.map) file.map.mappings = `;${file.map.mappings}`
    const mapFile = bundle[`${file.fileName}.map`]
    if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
      const map = JSON.parse(mapFile.source) as { mappings: string }
      map.mappings = `;${map.mappings}`
      mapFile.source = JSON.stringify(map)
    }
    hinted.push(file.fileName)
  }
  return hinted
}

/** The build's compile hints (addCompileHints on EAGER_CHUNKS). */
export function compileHints(eager: ReadonlySet<string> = EAGER_CHUNKS): Plugin {
  return {
    name: 'wb-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle, eager)
        // A renamed group would silently lose its hint: the build says so instead.
        const missing = [...eager].filter((name) =>
          Object.values(bundle).every((file) => file.type !== 'chunk' || file.name !== name),
        )
        if (missing.length > 0) {
          this.error(`compile hints: no chunk named ${missing.join(', ')}`)
        }
      },
    },
  }
}
