/**
 * First-page hints: the code a page needs, announced in the HTML that opens it.
 *
 * The client's routes are split into chunks (TanStack Router's autoCodeSplitting): on a first visit
 * the browser learns that /login needs `login-*.js` only after it has downloaded and run the
 * entry. Vite's build manifest (`.vite/manifest.json`) names each route file's chunk, its imports
 * and its CSS; the route file's name (TanStack's file-route naming) says which paths it serves.
 * From both, index.html is answered with `<link rel="modulepreload">` for the route chunks of the
 * requested path, so they download beside the entry instead of after it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { catalogNeedOf, routeIdOf } from '../../contracts/pages/core-routes.ts'
import { needsDataLayer } from '../../contracts/pages/data-routes.ts'
import { opensWithoutRouter } from '../../contracts/pages/first-page.ts'
import {
  DEFAULT_LOCALE,
  findLocale,
  LOCALE_COOKIE,
  matchLanguage,
  type LocaleCode,
} from '../../contracts/locales.ts'

/** One entry of Vite's build manifest (the fields read here). */
type ManifestChunk = {
  file: string
  name?: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** One path segment of a route: literal text, a `$param`, an optional `{-$param}` or the `$` splat. */
type Segment =
  { kind: 'static'; text: string } | { kind: 'param' } | { kind: 'optional' } | { kind: 'splat' }

type RouteFile = {
  /** The route file's name under src/routes, without `.tsx` (e.g. `_authed/dashboard.index`). */
  name: string
  segments: Segment[]
  /** Script and style files of the route's code chunk and of the chunks it imports, entry excluded. */
  scripts: string[]
  styles: string[]
  /** Public GETs the page asks for first (PAGE_DATA). */
  data: string[]
}

/** What a page announces: its code, its styles and the public data it asks for first. */
export type HintFiles = { scripts: string[]; styles: string[]; data: string[] }

/**
 * Public, cacheable GETs a page asks for before it can show anything, by route file name: preloaded
 * with the page's code instead of after it has run. The URL must be the one the page fetches
 * (same query string), or the browser downloads it twice.
 */
export const PAGE_DATA: Record<string, string[]> = {
  // The study list that the sign-up page is drawn from (src/api/signup.api.ts, no auth).
  'signup.$owner.{-$country}': ['/api/zeus/signups/metadata'],
}

/**
 * Route files whose page always sends the user on to another path (a `redirect` in `beforeLoad`
 * with no condition): that path's code is announced too, as the browser will need it next.
 */
export const PAGE_REDIRECTS: Record<string, string> = {
  // Seeds 000 §2.6: /dashboard leads to the whitebox tests tab (src/routes/_authed/dashboard.index.tsx).
  '_authed/dashboard.index': '/dashboard/whitebox-tests',
}

const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/

/**
 * Loaded on demand by the entry, yet needed before the first render of most pages: the data layer
 * (the `data-layer` chunk of vite.config.ts; contracts/pages/data-routes.ts says which pages) and the
 * shell's signed-in parts (src/features/shell/signed-in-slot.ts).
 */
export const DATA_LAYER_CHUNK = 'data-layer'
/**
 * The app's two starts (codeSplitting groups of vite.config.ts, loaded by src/main.tsx): a
 * visitor's /login without the router (contracts/pages/first-page.ts), every other page under it.
 */
export const SIGN_IN_START_CHUNK = 'sign-in-start'
export const APP_START_CHUNK = 'app-start'
export const SIGNED_IN_CHROME = 'src/features/shell/signed-in-chrome.tsx'

/**
 * The path segments a route file serves, from its name (TanStack Router's file naming): `.` and
 * `/` separate segments, `_layout` and `(group)` segments add none, a trailing `index` or `route`
 * is the parent path itself, `$id` is a parameter, `{-$id}` an optional one and `$` the rest of
 * the path. Null for names the router ignores (a `-` prefix).
 */
export function routeSegments(name: string): Segment[] | null {
  const parts = name.split(/[./]/)
  if (parts.some((part) => part.startsWith('-') || part === '')) return null
  const last = parts.at(-1)
  if (last === 'index' || last === 'route') parts.pop()
  const segments: Segment[] = []
  for (const part of parts) {
    if (part.startsWith('_') || /^\(.+\)$/.test(part)) continue
    if (part === '$') segments.push({ kind: 'splat' })
    else if (/^\{-\$.+\}$/.test(part)) segments.push({ kind: 'optional' })
    else if (part.startsWith('$')) segments.push({ kind: 'param' })
    else segments.push({ kind: 'static', text: part.replace(/\[(.)\]/g, '$1') })
  }
  return segments
}

/** Whether `segments` match the whole of `path` (split on `/`, empty parts dropped). */
export function matchesPath(segments: Segment[], path: string[]): boolean {
  const [head, ...rest] = segments
  if (head === undefined) return path.length === 0
  if (head.kind === 'splat') return true
  if (head.kind === 'optional' && matchesPath(rest, path)) return true
  const [first, ...remaining] = path
  if (first === undefined) return false
  if (head.kind === 'static' && head.text !== first) return false
  return matchesPath(rest, remaining)
}

/** The hints of one build: which files each path should announce. */
export type PageHints = {
  /**
   * What `pathname` announces: its route chunks and their parents', in load order, its data, and
   * the parts of the `locale`'s catalog it renders with (build/catalog-split.ts: the core part,
   * unless it is in the entry, then the sign-up's part and the rest as contracts/pages/core-routes.ts
   * says the page needs them).
   * Signed out, a page behind the sign-in (`_authed/`) announces only the router's start: its guard
   * sends the visitor to /login. A visitor's /login (and `/`) announces the sign-in page's start
   * instead, and no route's code (contracts/pages/first-page.ts).
   */
  filesFor(pathname: string, signedIn?: boolean, locale?: LocaleCode): HintFiles
}

/** The parts of the catalog a page renders with, by what it needs (contracts/pages/core-routes.ts). */
const CATALOG_PARTS = {
  core: ['core'],
  signup: ['core', 'signup'],
  // The rest holds the sign-up's words too (build/catalog-split.ts).
  full: ['core', 'rest'],
  enterprise: ['core', 'rest', 'enterprise'],
} as const

/** The manifest key of a catalog part, as build/catalog-split.ts names its module. */
export function catalogKey(
  locale: LocaleCode,
  part: 'core' | 'signup' | 'rest' | 'enterprise',
): string {
  return `catalog-${locale}-${part}`
}

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`)

/**
 * The locale the client will render in, as src/i18n/i18n.ts chooses it: the one it last activated
 * (its cookie), else the browser's languages (Accept-Language, in order of preference), else en-GB.
 */
export function requestLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): LocaleCode {
  const cookie = LOCALE_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1]
  const chosen = findLocale(cookie)
  if (chosen) return chosen.code
  const languages = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((param) => param.trim().startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .filter(({ tag, q }) => tag !== '' && q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of languages) {
    const match = matchLanguage(tag)
    if (match) return match.code
  }
  return DEFAULT_LOCALE
}

/** Page hints from a parsed build manifest. */
export function pageHintsFrom(
  manifest: Manifest,
  pageData = PAGE_DATA,
  redirects = PAGE_REDIRECTS,
): PageHints {
  // What the entry loads anyway needs no hint.
  const loaded = new Set<string>()
  const collect = (key: string, into: Set<string>, styles: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file) || loaded.has(chunk.file)) return
    into.add(chunk.file)
    for (const css of chunk.css ?? []) styles.add(css)
    for (const imported of chunk.imports ?? []) collect(imported, into, styles)
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  // The entry's styles are linked by index.html itself: collected only to be dropped.
  if (entryKey !== undefined) collect(entryKey, loaded, new Set())
  const keyNamed = (name: string) =>
    Object.keys(manifest).find((key) => manifest[key]?.name === name)
  const dataLayerKey = keyNamed(DATA_LAYER_CHUNK)
  const signInStartKey = keyNamed(SIGN_IN_START_CHUNK)
  const appStartKey = keyNamed(APP_START_CHUNK)

  const routes = new Map<string, RouteFile>()
  for (const key of Object.keys(manifest)) {
    const name = ROUTE_CHUNK.exec(key)?.[1]
    const segments = name === undefined ? null : routeSegments(name)
    if (name === undefined || segments === null) continue
    const scripts = new Set<string>()
    const styles = new Set<string>()
    collect(key, scripts, styles)
    routes.set(name, {
      name,
      segments,
      scripts: [...scripts],
      styles: [...styles],
      data: pageData[name] ?? [],
    })
  }

  /** The route files that render for a leaf: the leaf and every layout its name nests it under. */
  const chain = (leaf: RouteFile): RouteFile[] => {
    const parts = leaf.name.split(/(?=[./])/)
    const found: RouteFile[] = []
    for (let i = 1; i <= parts.length; i += 1) {
      const prefix = parts.slice(0, i).join('').replace(/^[./]/, '')
      const route = routes.get(prefix) ?? routes.get(`${prefix}/route`)
      if (route && !found.includes(route)) found.push(route)
    }
    return found
  }

  const cache = new Map<string, HintFiles>()
  return {
    filesFor(pathname, signedIn = true, locale = DEFAULT_LOCALE) {
      const path = pathname.split('/').filter(Boolean).map(decodeURIComponentSafe)
      const key = `${signedIn ? '+' : '-'}${locale}:${path.join('/')}`
      const known = cache.get(key)
      if (known) return known
      const scripts = new Set<string>()
      const styles = new Set<string>()
      const data = new Set<string>()
      const matched = new Set<string>()
      const words = (routeIds: string[]) => {
        for (const part of CATALOG_PARTS[catalogNeedOf(routeIds, signedIn)]) {
          const file = manifest[catalogKey(locale, part)]?.file
          if (file !== undefined && !loaded.has(file)) scripts.add(file)
        }
      }
      const done = () => {
        const files = { scripts: [...scripts], styles: [...styles], data: [...data] }
        // Bounded: paths carry ids, and an unknown path costs one pass over ~100 routes.
        if (cache.size < 1_000) cache.set(key, files)
        return files
      }
      // A visitor's /login: the sign-in page's start and its words, no route's code.
      if (signInStartKey !== undefined && opensWithoutRouter(pathname, signedIn)) {
        collect(signInStartKey, scripts, styles)
        words(['/login'])
        return done()
      }
      // Every other page starts under the router: its start first, then the page's own code.
      if (appStartKey !== undefined) collect(appStartKey, scripts, styles)
      const add = (segments: string[], depth: number) => {
        for (const route of routes.values()) {
          // A pathless layout (`_authed`) renders only under one of its children.
          if (/(^|[./])_[^./]*$/.test(route.name)) continue
          if (!signedIn && route.name.startsWith('_authed/')) continue
          if (!matchesPath(route.segments, segments)) continue
          matched.add(route.name)
          for (const part of chain(route)) {
            for (const file of part.scripts) scripts.add(file)
            for (const file of part.styles) styles.add(file)
            for (const url of part.data) data.add(url)
          }
        }
        // One hop: the table is written by hand, and a loop in it must not hang a request.
        if (depth > 0) return
        for (const [name, next] of Object.entries(redirects)) {
          const from = routeSegments(name)
          if (from && matchesPath(from, segments)) add(next.split('/').filter(Boolean), 1)
        }
      }
      add(path, 0)
      // What the entry loads before the page renders: the data layer, the signed-in parts.
      if (dataLayerKey !== undefined && needsDataLayer([...matched].map(routeIdOf), signedIn)) {
        collect(dataLayerKey, scripts, styles)
      }
      if (signedIn) collect(SIGNED_IN_CHROME, scripts, styles)
      // Beside the page's code: the words it renders with (contracts/pages/core-routes.ts, same rule).
      words([...matched].map(routeIdOf))
      return done()
    },
  }
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** The hints of the build in `root`, or null when it has no manifest (a dev or test root). */
export function loadPageHints(root: string): PageHints | null {
  try {
    const text = readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')
    return pageHintsFrom(JSON.parse(text) as Manifest)
  } catch {
    return null
  }
}

/** Whether there is anything to announce. */
export function hasHints(files: HintFiles): boolean {
  return files.scripts.length + files.styles.length + files.data.length > 0
}

/** `html` with the hints for `files` before `</head>`; unchanged when there are none. */
export function withHints(html: string, files: HintFiles): string {
  if (!hasHints(files)) return html
  const links = [
    // crossorigin everywhere: fetch(), module scripts and Vite's CSS loader all ask in CORS mode
    // with same-origin credentials; a preload that differs is not used (and is downloaded twice).
    ...files.data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}" />`),
    ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" />`),
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('')
  return html.replace('</head>', `${links}</head>`)
}
