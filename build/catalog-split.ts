import { existsSync } from 'node:fs'
import path from 'node:path'
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs, type CatalogType } from '@lingui/cli/api'
import type { Plugin, Rolldown } from 'vite'
import {
  CORE_ROUTE_IDS,
  isEnterpriseRoute,
  routeIdOfFile,
  SIGNUP_ROUTE_IDS,
} from '../contracts/pages/core-routes.ts'

/**
 * Each locale's catalog as four modules, `virtual:wb-catalog/<locale>/core`, `…/signup`, `…/rest`
 * and `…/enterprise`.
 *
 * Core holds the messages whose `.po` origins are bundled in the entry chunk or in a core route's
 * chunks (contracts/pages/core-routes.ts); signup those of the sign-up's chunks that core does not hold
 * (a volunteer's first page, which needs no other page's words); rest holds every message core
 * does not, the sign-up's too, except enterprise's: the words only enterprise pages' chunks hold
 * (contracts/pages/core-routes.ts), loaded on those pages beside the rest. A page beyond the
 * sign-up loads core and rest, one request. Only the chunk graph says which modules
 * end up there, so the modules are emitted with a placeholder and filled in at `renderChunk`,
 * before the file hashes are computed. In dev there is no chunk graph: core is the whole catalog.
 */

const SPECIFIER =
  /^virtual:wb-catalog\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\/(core|signup|rest|enterprise)$/
// No `\0` and no extension: the chunk name and the manifest key then read `catalog-<locale>-<part>`
// (Rolldown names a `\0` module's chunk `_catalog-…`), and no file-type plugin matches it.
const RESOLVED = /^catalog-([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)-(core|signup|rest|enterprise)$/
const PLACEHOLDER = /(["'`])__WB_CATALOG__([A-Za-z0-9-]+)__(core|signup|rest|enterprise)__\1/g

export const CATALOG_PARTS = ['core', 'signup', 'rest', 'enterprise'] as const
export type CatalogPart = (typeof CATALOG_PARTS)[number]

/** The chunk facts the split reads (a subset of Rolldown's RenderedChunk). */
export type ChunkFacts = Pick<
  Rolldown.RenderedChunk,
  'isEntry' | 'moduleIds' | 'imports' | 'dynamicImports'
>

/** The resolved id of a catalog part's module. */
export function catalogModuleId(locale: string, part: CatalogPart): string {
  return `catalog-${locale}-${part}`
}

/** The file of a flat file route (`/login` → `src/routes/login.tsx`, `/a/b` → `src/routes/a.b.tsx`). */
export function routeFileOf(routeId: string): string {
  return `src/routes/${routeId.replace(/^\//, '').replaceAll('/', '.')}.tsx`
}

/** A module id as a `.po` origin names it: relative to the root, without `\0` or query. */
export function originOf(moduleId: string, root: string): string {
  const file = moduleId.replace(/^\0/, '').split('?')[0] ?? ''
  return path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join('/') : file
}

/**
 * The app's two starts (src/main.tsx): the sign-in page opened first, whose words are core, and
 * the router's start, which holds every route's rules and the root route's error pages.
 */
export const SIGN_IN_START_FILE = 'src/navigation/sign-in-start.tsx'
export const APP_START_FILE = 'src/app-start.tsx'

/**
 * The chunks whose messages are core: the entries and the sign-in page's start with their static
 * imports, and the core routes' chunks with their static imports and their dynamic imports except
 * into other route chunks and catalog chunks (a dialog a core page opens lazily still has its
 * words; another page does not drag its own in). The entry's own lazy chunks are signed-in
 * features: the rest covers them. The router's start counts with its own modules (the root
 * route's error pages) but not what it imports: that is loaded for every page under the router,
 * whatever its words (the data layer's are not the core's).
 */
export function coreChunkNames(
  chunks: Readonly<Record<string, ChunkFacts>>,
  root: string,
  coreRouteFiles: ReadonlySet<string>,
): Set<string> {
  const origins = (chunk: ChunkFacts) => chunk.moduleIds.map((id) => originOf(id, root))
  const isCatalog = (chunk: ChunkFacts) => chunk.moduleIds.some((id) => RESOLVED.test(id))
  // A page's own chunk: TanStack Router splits each route's component out of its route file.
  const pageFiles = (chunk: ChunkFacts) =>
    chunk.moduleIds.filter((id) => id.includes('?tsr-split=')).map((id) => originOf(id, root))
  const isRoute = (chunk: ChunkFacts) =>
    pageFiles(chunk).some((file) => file.startsWith('src/routes/'))
  const isCoreRoute = (chunk: ChunkFacts) =>
    pageFiles(chunk).some((file) => coreRouteFiles.has(file))
  const holds = (file: string) => (chunk: ChunkFacts) => origins(chunk).includes(file)
  const isAppStart = holds(APP_START_FILE)

  const reach = (seeds: string[], lazy: boolean): Set<string> => {
    const found = new Set<string>()
    const queue = [...seeds]
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const chunk = chunks[name]
      if (chunk === undefined || found.has(name)) continue
      found.add(name)
      if (isAppStart(chunk)) continue
      queue.push(...chunk.imports)
      // A route chunk imports the entry for what they share: its lazy chunks stay out all the same.
      if (!lazy || chunk.isEntry) continue
      for (const target of chunk.dynamicImports) {
        const next = chunks[target]
        if (next && !isCatalog(next) && (!isRoute(next) || isCoreRoute(next))) queue.push(target)
      }
    }
    return found
  }
  const named = (test: (chunk: ChunkFacts) => boolean) =>
    Object.entries(chunks).flatMap(([name, chunk]) => (test(chunk) ? [name] : []))
  return new Set([
    ...reach(
      named((chunk) => chunk.isEntry || holds(SIGN_IN_START_FILE)(chunk)),
      false,
    ),
    ...reach(named(isCoreRoute), true),
  ])
}

/**
 * The chunks only enterprise pages load (contracts/pages/core-routes.ts): those reached, by static
 * or dynamic import, from an enterprise route's chunks and from no entry and no other route's
 * chunks. Catalog chunks are not followed; a chunk holding any other page is not an enterprise one.
 */
export function enterpriseChunkNames(
  chunks: Readonly<Record<string, ChunkFacts>>,
  root: string,
  isEnterpriseFile: (file: string) => boolean,
): Set<string> {
  const isCatalog = (chunk: ChunkFacts) => chunk.moduleIds.some((id) => RESOLVED.test(id))
  const pageFiles = (chunk: ChunkFacts) =>
    chunk.moduleIds
      .filter((id) => id.includes('?tsr-split='))
      .map((id) => originOf(id, root))
      .filter((file) => file.startsWith('src/routes/'))
  const isEnterprisePage = (chunk: ChunkFacts) => {
    const files = pageFiles(chunk)
    return files.length > 0 && files.every(isEnterpriseFile)
  }
  const isOtherPage = (chunk: ChunkFacts) => pageFiles(chunk).length > 0 && !isEnterprisePage(chunk)

  const reach = (seeds: string[], stopAt: (chunk: ChunkFacts) => boolean): Set<string> => {
    const found = new Set<string>()
    const queue = [...seeds]
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const chunk = chunks[name]
      if (chunk === undefined || found.has(name) || isCatalog(chunk)) continue
      found.add(name)
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
        const target = chunks[next]
        if (target && !stopAt(target)) queue.push(next)
      }
    }
    return found
  }
  const named = (test: (chunk: ChunkFacts) => boolean) =>
    Object.entries(chunks).flatMap(([name, chunk]) => (test(chunk) ? [name] : []))
  const enterprise = reach(named(isEnterprisePage), isOtherPage)
  const others = reach(
    named((chunk) => chunk.isEntry || isOtherPage(chunk)),
    isEnterprisePage,
  )
  return new Set([...enterprise].filter((name) => !others.has(name)))
}

/**
 * Splits message ids: core when one of its origins is a core module; else enterprise when all
 * its origins are enterprise modules, else rest, and also signup when one of its origins is a
 * sign-up module.
 */
export function splitIds(
  catalog: Readonly<CatalogType>,
  coreModules: ReadonlySet<string>,
  signupModules: ReadonlySet<string> = new Set(),
  enterpriseModules: ReadonlySet<string> = new Set(),
): Record<CatalogPart, string[]> {
  const parts: Record<CatalogPart, string[]> = { core: [], signup: [], rest: [], enterprise: [] }
  for (const [id, message] of Object.entries(catalog)) {
    // A message with no recorded origin cannot be placed: core keeps it safe.
    const origins = message.origin ?? []
    const from = (modules: ReadonlySet<string>) => origins.some(([file]) => modules.has(file))
    if (origins.length === 0 || from(coreModules)) {
      parts.core.push(id)
      continue
    }
    if (origins.every(([file]) => enterpriseModules.has(file))) {
      parts.enterprise.push(id)
      continue
    }
    parts.rest.push(id)
    if (from(signupModules)) parts.signup.push(id)
  }
  return parts
}

type LocaleCatalog = {
  /** Translations by message id, with lingui's fallback to the source locale applied. */
  messages: Record<string, string>
  /** Origins by message id (the source locale's and this locale's `#:` lines). */
  origins: CatalogType
}

/** Compiles messages exactly as @lingui/vite-plugin does; returns the `messages` object's JSON. */
function compileJson(
  config: LinguiConfigNormalized,
  locale: string,
  messages: Record<string, string>,
  warn: (message: string) => void,
): string {
  const pseudo = config.pseudoLocale.find((item) => item.locale === locale)
  const { source, errors } = createCompiledCatalog(locale, messages, {
    namespace: 'json',
    pseudoLocale: pseudo?.locale,
    pseudoLocaleOptions: pseudo?.options,
  })
  for (const error of errors) warn(`${locale}: message ${error.id} does not compile`)
  return JSON.stringify((JSON.parse(source) as { messages: unknown }).messages)
}

function pick(messages: Record<string, string>, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    ids.flatMap((id) => {
      const message = messages[id]
      return message === undefined ? [] : [[id, message] as const]
    }),
  )
}

async function readCatalogs(
  config: LinguiConfigNormalized,
  addWatchFile: (file: string) => void = () => undefined,
): Promise<Map<string, LocaleCatalog>> {
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('catalog-split: lingui.config has no catalog')
  const source = (await catalog.read(config.sourceLocale)) ?? {}
  const result = new Map<string, LocaleCatalog>()
  for (const locale of config.locales) {
    addWatchFile(catalog.getFilename(locale))
    const own = (await catalog.read(locale)) ?? {}
    const { messages } = await catalog.getTranslations(locale, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    })
    const origins: CatalogType = {}
    for (const id of Object.keys(messages)) {
      origins[id] = { origin: [...(source[id]?.origin ?? []), ...(own[id]?.origin ?? [])] }
    }
    result.set(locale, { messages, origins })
  }
  return result
}

/** A part of the catalog as the module code dev serves (no chunk graph: core is everything). */
function devModule(json: string, part: CatalogPart): string {
  return `export const messages = JSON.parse(${JSON.stringify(part === 'core' ? json : '{}')})`
}

/** The Vite plugin: see the comment at the top of this file. */
export function catalogSplit(): Plugin {
  let root = process.cwd()
  let isBuild = false
  let config: LinguiConfigNormalized | undefined
  let catalogs: Promise<Map<string, LocaleCatalog>> | undefined
  // Per output: the compiled parts by `<locale>/<part>`, decided once from the first chunk graph.
  let parts: Promise<Map<string, string>> | undefined

  const lingui = (): LinguiConfigNormalized => (config ??= getConfig({ cwd: root }))

  async function splitCatalogs(
    chunks: Readonly<Record<string, ChunkFacts>>,
    log: (message: string) => void,
    warn: (message: string) => void,
  ): Promise<Map<string, string>> {
    const modulesOf = (routeIds: readonly string[]): Set<string> => {
      const routeFiles = new Set(routeIds.map(routeFileOf))
      for (const file of routeFiles) {
        if (!existsSync(path.join(root, file))) {
          throw new Error(`catalog-split: core route file ${file} does not exist`)
        }
      }
      const names = coreChunkNames(chunks, root, routeFiles)
      if (process.env.CATALOG_SPLIT_DEBUG) log([...names].join(' '))
      return new Set(
        [...names].flatMap((name) => chunks[name]?.moduleIds ?? []).map((id) => originOf(id, root)),
      )
    }
    const coreModules = modulesOf(CORE_ROUTE_IDS)
    const signupModules = modulesOf(SIGNUP_ROUTE_IDS)
    const enterpriseNames = enterpriseChunkNames(chunks, root, (file) => {
      const id = routeIdOfFile(file)
      return id !== null && isEnterpriseRoute(id)
    })
    if (process.env.CATALOG_SPLIT_DEBUG) log(`enterprise: ${[...enterpriseNames].join(' ')}`)
    const enterpriseModules = new Set(
      [...enterpriseNames]
        .flatMap((name) => chunks[name]?.moduleIds ?? [])
        .map((id) => originOf(id, root)),
    )
    catalogs ??= readCatalogs(lingui())
    const result = new Map<string, string>()
    for (const [locale, catalog] of await catalogs) {
      const ids = splitIds(catalog.origins, coreModules, signupModules, enterpriseModules)
      for (const part of CATALOG_PARTS) {
        const messages = pick(catalog.messages, ids[part])
        result.set(`${locale}/${part}`, compileJson(lingui(), locale, messages, warn))
        log(`catalog-${locale}-${part}: ${Object.keys(messages).length} messages`)
      }
    }
    return result
  }

  return {
    name: 'whitebox:catalog-split',
    enforce: 'pre',
    configResolved(resolved) {
      root = resolved.root
      isBuild = resolved.command === 'build'
    },
    buildStart() {
      catalogs = undefined
      parts = undefined
    },
    renderStart() {
      parts = undefined
    },
    resolveId(id) {
      if (RESOLVED.test(id)) return id
      const match = SPECIFIER.exec(id)
      if (!match?.[1] || !match[2]) return null
      if (!lingui().locales.includes(match[1])) {
        throw new Error(`catalog-split: ${match[1]} is not a locale of lingui.config`)
      }
      return catalogModuleId(match[1], match[2] as CatalogPart)
    },
    async load(id) {
      const match = RESOLVED.exec(id)
      if (!match?.[1] || !match[2]) return null
      const [, locale, part] = match
      if (isBuild) {
        return `export const messages = JSON.parse("__WB_CATALOG__${locale}__${part}__")`
      }
      // Read on each load: an edited .po reloads the parts that watch it.
      const fresh = await readCatalogs(lingui(), (file) => {
        this.addWatchFile(file)
      })
      const catalog = fresh.get(locale)
      if (!catalog) return null
      const json = compileJson(lingui(), locale, catalog.messages, (m) => {
        this.warn(m)
      })
      return devModule(json, part as CatalogPart)
    },
    async renderChunk(code, _chunk, _options, meta) {
      if (!code.includes('__WB_CATALOG__')) return null
      // Chunks render concurrently: the first one with a catalog decides the split for all.
      parts ??= splitCatalogs(
        meta.chunks,
        (m) => {
          this.info(m)
        },
        (m) => {
          this.warn(m)
        },
      )
      const compiled = await parts
      const filled = code.replace(
        PLACEHOLDER,
        (placeholder, _quote, locale: string, part: string) => {
          const json = compiled.get(`${locale}/${part}`)
          if (json === undefined) throw new Error(`catalog-split: no catalog for ${placeholder}`)
          return JSON.stringify(json)
        },
      )
      // The chunk is not minified yet: the literal ends its line, so no mapped code moves and the
      // existing source map still holds (`map: null` keeps it).
      return { code: filled, map: null }
    },
  }
}
