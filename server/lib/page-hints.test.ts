import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogModuleId } from '../../build/catalog-split.ts'
import { routeIdOf } from '../../contracts/pages/core-routes.ts'
import {
  catalogKey,
  APP_START_CHUNK,
  DATA_LAYER_CHUNK,
  matchesPath,
  PAGE_DATA,
  PAGE_REDIRECTS,
  pageHintsFrom,
  requestLocale,
  routeSegments,
  SIGN_IN_START_CHUNK,
  SIGNED_IN_CHROME,
  withHints,
} from './page-hints.ts'

const split = (path: string) => path.split('/').filter(Boolean)

describe('routeSegments + matchesPath', () => {
  it.each([
    ['login', '/login', true],
    ['login', '/login/x', false],
    ['_authed/dashboard.whitebox-tests', '/dashboard/whitebox-tests', true],
    ['_authed/dashboard.whitebox-tests', '/dashboard', false],
    ['_authed/dashboard', '/dashboard', true],
    ['_authed/dashboard.index', '/dashboard', true],
    ['_authed/dashboard.index', '/dashboard/x', false],
    ['_authed/units.$unitId.test-results', '/units/35/test-results', true],
    ['_authed/units.$unitId.test-results', '/units/test-results', false],
    ['signup.$owner.{-$country}', '/signup/sa', true],
    ['signup.$owner.{-$country}', '/signup/nz/nz', true],
    ['signup.$owner.{-$country}', '/signup', false],
    ['signup.$owner.{-$country}', '/signup/nz/nz/x', false],
    ['hc.{-$locale}.articles.$articleId', '/hc/articles/7', true],
    ['hc.{-$locale}.articles.$articleId', '/hc/ar/articles/7', true],
    ['index', '/', true],
    ['index', '/login', false],
    ['files.$', '/files/a/b/c', true],
    ['(marketing)/about', '/about', true],
  ])('%s serves %s: %s', (name, path, expected) => {
    const segments = routeSegments(name)
    expect(segments).not.toBeNull()
    expect(matchesPath(segments ?? [], split(path))).toBe(expected)
  })

  it('ignores files the router ignores', () => {
    expect(routeSegments('-components/Thing')).toBeNull()
  })
})

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared-1.js'],
    css: ['assets/index-1.css'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_field-1.js': { file: 'assets/field-1.js', css: ['assets/field-1.css'] },
  'src/routes/login.tsx?tsr-split=component': {
    file: 'assets/login-1.js',
    imports: ['index.html', '_shared-1.js', '_field-1.js'],
  },
  'src/routes/_authed.tsx?tsr-split=component': { file: 'assets/authed-1.js' },
  'src/routes/_authed/dashboard.tsx?tsr-split=component': {
    file: 'assets/dashboard-1.js',
    imports: ['index.html'],
  },
  'src/routes/_authed/dashboard.whitebox-tests.tsx?tsr-split=component': {
    file: 'assets/whitebox-tests-1.js',
    imports: ['index.html', '_field-1.js'],
  },
  'src/routes/login.tsx': { file: 'assets/login-route-1.js' },
}

describe('pageHintsFrom', () => {
  const hints = pageHintsFrom(MANIFEST)

  it('names a page’s route chunk and what it imports, not what the entry loads', () => {
    expect(hints.filesFor('/login')).toEqual({
      scripts: ['assets/login-1.js', 'assets/field-1.js'],
      styles: ['assets/field-1.css'],
      data: [],
    })
  })

  it('adds the layouts the route file nests under', () => {
    expect(hints.filesFor('/dashboard/whitebox-tests').scripts).toEqual([
      'assets/authed-1.js',
      'assets/dashboard-1.js',
      'assets/whitebox-tests-1.js',
      'assets/field-1.js',
    ])
  })

  it('announces nothing behind the sign-in to a visitor who is signed out', () => {
    expect(hints.filesFor('/dashboard/whitebox-tests', false).scripts).toEqual([])
    expect(hints.filesFor('/login', false).scripts).toContain('assets/login-1.js')
  })

  it('does not take a pathless layout for the page at /', () => {
    expect(hints.filesFor('/').scripts).not.toContain('assets/authed-1.js')
  })

  it('names nothing for a path no route serves', () => {
    expect(hints.filesFor('/nowhere/at/all')).toEqual({ scripts: [], styles: [], data: [] })
  })
})

describe('the two starts', () => {
  // As in a real build: each start is a chunk of its codeSplitting group (no source key); both
  // import the shell, the router's start the sign-in page's too (the login route's rules).
  const hints = pageHintsFrom({
    ...MANIFEST,
    '_shell-1.js': {
      file: 'assets/shell-1.js',
      imports: ['index.html'],
      css: ['assets/shell-1.css'],
    },
    '_sign-in-start-1.js': {
      file: 'assets/sign-in-start-1.js',
      name: SIGN_IN_START_CHUNK,
      imports: ['index.html', '_shell-1.js', '_field-1.js'],
    },
    '_app-start-1.js': {
      file: 'assets/app-start-1.js',
      name: APP_START_CHUNK,
      imports: ['index.html', '_shell-1.js', '_sign-in-start-1.js'],
    },
  })

  it('announces a visitor’s /login with its start, no route’s code and no router', () => {
    expect(hints.filesFor('/login', false)).toEqual({
      scripts: ['assets/sign-in-start-1.js', 'assets/shell-1.js', 'assets/field-1.js'],
      styles: ['assets/shell-1.css', 'assets/field-1.css'],
      data: [],
    })
    expect(hints.filesFor('/login/', false).scripts).not.toContain('assets/app-start-1.js')
    // Seeds 2.3: `/` sends a visitor to /login, which the sign-in start renders in its place.
    expect(hints.filesFor('/', false).scripts[0]).toBe('assets/sign-in-start-1.js')
  })

  it.each([
    ['/login', true],
    ['/dashboard/whitebox-tests', true],
    ['/nowhere', false],
  ] as const)('announces the router’s start first for %s (signed in: %s)', (path, signedIn) => {
    expect(hints.filesFor(path, signedIn).scripts[0]).toBe('assets/app-start-1.js')
  })

  it('announces the page’s own chunks after the router’s start', () => {
    expect(hints.filesFor('/login', true).scripts).toContain('assets/login-1.js')
  })
})

describe('the parts the entry loads before a page renders', () => {
  // As in a real build: the data layer is a chunk of the `data-layer` group (no source key), the
  // shell's signed-in parts a dynamic entry with styles of its own.
  const hints = pageHintsFrom({
    ...MANIFEST,
    'src/routes/signup.$owner.{-$country}.tsx?tsr-split=component': {
      file: 'assets/signup-1.js',
      imports: ['index.html'],
    },
    '_data-layer-1.js': { file: 'assets/data-layer-1.js', name: DATA_LAYER_CHUNK },
    [SIGNED_IN_CHROME]: {
      file: 'assets/signed-in-chrome-1.js',
      imports: ['index.html', '_data-layer-1.js'],
      css: ['assets/signed-in-chrome-1.css'],
    },
  })
  const extras = (path: string, signedIn: boolean) =>
    hints
      .filesFor(path, signedIn)
      .scripts.filter((file) => file.includes('data-layer') || file.includes('signed-in'))

  it.each([
    // The sign-in pages do without both: a visitor's first page is the lightest.
    ['/login', false, []],
    ['/nowhere', false, []],
    // A public page that reads data: the data layer, not the account menu.
    ['/signup/sa', false, ['assets/data-layer-1.js']],
    // Signed in, every page: both.
    ['/dashboard/whitebox-tests', true, ['assets/data-layer-1.js', 'assets/signed-in-chrome-1.js']],
    ['/login', true, ['assets/data-layer-1.js', 'assets/signed-in-chrome-1.js']],
  ] as const)('%s (signed in: %s) announces %j', (path, signedIn, expected) => {
    expect(extras(path, signedIn).sort()).toEqual([...expected].sort())
  })

  it('announces the signed-in parts’ styles too', () => {
    expect(hints.filesFor('/dashboard/whitebox-tests', true).styles).toContain(
      'assets/signed-in-chrome-1.css',
    )
  })

  it.each([
    ['index', '/'],
    ['login', '/login'],
    ['reset-password.$userId.$token', '/reset-password/$userId/$token'],
    ['signup.$owner.{-$country}', '/signup/$owner/{-$country}'],
    ['hc.{-$locale}.index', '/hc/{-$locale}/'],
  ])('route file %s is route %s', (name, id) => {
    expect(routeIdOf(name)).toBe(id)
  })
})

describe('catalog parts', () => {
  // en-GB's core part is in the entry chunk (no manifest entry of its own), as in a real build.
  const hints = pageHintsFrom({
    ...MANIFEST,
    'src/routes/signup.$owner.{-$country}.tsx?tsr-split=component': {
      file: 'assets/signup-1.js',
      imports: ['index.html'],
    },
    'src/routes/request-password.tsx?tsr-split=component': {
      file: 'assets/request-password-1.js',
      imports: ['index.html'],
    },
    'catalog-en-GB-signup': { file: 'assets/catalog-en-GB-signup-1.js' },
    'catalog-en-GB-rest': { file: 'assets/catalog-en-GB-rest-1.js' },
    'catalog-ar-SA-core': { file: 'assets/catalog-ar-SA-core-1.js' },
    'catalog-ar-SA-signup': { file: 'assets/catalog-ar-SA-signup-1.js' },
    'catalog-ar-SA-rest': { file: 'assets/catalog-ar-SA-rest-1.js' },
    'src/routes/_authed/admin.agents.tsx?tsr-split=component': {
      file: 'assets/admin.agents-1.js',
      imports: ['index.html'],
    },
    'catalog-en-GB-enterprise': { file: 'assets/catalog-en-GB-enterprise-1.js' },
  })
  const catalogs = (path: string, signedIn: boolean, locale: 'en-GB' | 'ar-SA') =>
    hints.filesFor(path, signedIn, locale).scripts.filter((file) => file.includes('catalog-'))

  it.each([
    ['/login', false, 'en-GB', []],
    ['/login', false, 'ar-SA', ['assets/catalog-ar-SA-core-1.js']],
    // The sign-up's words are a part of their own: not the rest.
    ['/signup/sa', false, 'en-GB', ['assets/catalog-en-GB-signup-1.js']],
    [
      '/signup/sa',
      false,
      'ar-SA',
      ['assets/catalog-ar-SA-core-1.js', 'assets/catalog-ar-SA-signup-1.js'],
    ],
    [
      '/request-password',
      false,
      'ar-SA',
      ['assets/catalog-ar-SA-core-1.js', 'assets/catalog-ar-SA-rest-1.js'],
    ],
    ['/dashboard/whitebox-tests', true, 'en-GB', ['assets/catalog-en-GB-rest-1.js']],
    // An enterprise page's own words come beside the rest.
    [
      '/admin/agents',
      true,
      'en-GB',
      ['assets/catalog-en-GB-rest-1.js', 'assets/catalog-en-GB-enterprise-1.js'],
    ],
    ['/admin/agents', false, 'en-GB', []],
    // Signed in, even a core page loads the rest (the shell's signed-in parts use it).
    ['/login', true, 'en-GB', ['assets/catalog-en-GB-rest-1.js']],
    // Signed out, a page behind the sign-in leads to /login: the core is enough.
    ['/dashboard/whitebox-tests', false, 'en-GB', []],
    ['/nowhere', false, 'en-GB', []],
  ] as const)('%s (signed in: %s, %s) announces %j', (path, signedIn, locale, expected) => {
    expect(catalogs(path, signedIn, locale)).toEqual(expected)
  })

  it('names the parts as the build plugin does', () => {
    for (const part of ['core', 'signup', 'rest', 'enterprise'] as const) {
      expect(catalogKey('fr-CA', part)).toBe(catalogModuleId('fr-CA', part))
    }
  })
})

describe('requestLocale', () => {
  it.each([
    [undefined, undefined, 'en-GB'],
    ['wb_locale=ar-SA', 'fr-CA,fr;q=0.9', 'ar-SA'],
    ['other=1; wb_locale=fr-CA', undefined, 'fr-CA'],
    ['wb_locale=xx-XX', 'ar', 'ar-SA'],
    [undefined, 'fr-CA,fr;q=0.9,en;q=0.8', 'fr-CA'],
    [undefined, 'de-DE,ar;q=0.5', 'ar-SA'],
    [undefined, 'ar;q=0.2, fr-CA;q=0.8', 'fr-CA'],
    [undefined, 'ar;q=0, de', 'en-GB'],
    [undefined, 'ar-EG', 'ar-SA'],
    [undefined, 'fr', 'fr-CA'],
    [undefined, 'en-US,en;q=0.9', 'en-GB'],
  ] as const)('cookie %j, Accept-Language %j → %s', (cookie, accept, expected) => {
    expect(requestLocale(cookie, accept)).toBe(expected)
  })
})

describe('page redirects', () => {
  it('announces the code of the page a route always leads to', () => {
    // Like src/routes/_authed/dashboard.index.tsx: a beforeLoad only, so no chunk of its own.
    const hints = pageHintsFrom(
      MANIFEST,
      {},
      { '_authed/dashboard.index': '/dashboard/whitebox-tests' },
    )
    expect(hints.filesFor('/dashboard').scripts).toEqual([
      'assets/authed-1.js',
      'assets/dashboard-1.js',
      'assets/whitebox-tests-1.js',
      'assets/field-1.js',
    ])
    expect(hints.filesFor('/dashboard/agent-details').scripts).not.toContain(
      'assets/whitebox-tests-1.js',
    )
  })

  it('follows one hop only, so a loop in the table cannot hang a request', () => {
    const hints = pageHintsFrom(
      MANIFEST,
      {},
      { login: '/dashboard', '_authed/dashboard': '/login' },
    )
    expect(hints.filesFor('/login').scripts).toContain('assets/dashboard-1.js')
  })
})

describe('page data', () => {
  it('announces the public data a page asks for first, with its code', () => {
    const hints = pageHintsFrom(MANIFEST, { login: ['/api/public/thing'] })
    expect(hints.filesFor('/login').data).toEqual(['/api/public/thing'])
    expect(hints.filesFor('/dashboard').data).toEqual([])
  })

  it('names the sign-up study list, as the sign-up page asks for it', () => {
    expect(PAGE_DATA['signup.$owner.{-$country}']).toEqual(['/api/zeus/signups/metadata'])
  })
})

describe('withHints', () => {
  it('puts preload links before </head> and leaves a page without hints alone', () => {
    const html = '<html><head><title>x</title></head><body></body></html>'
    expect(withHints(html, { scripts: [], styles: [], data: [] })).toBe(html)
    expect(
      withHints(html, { scripts: ['assets/a.js'], styles: ['assets/a.css'], data: ['/api/d'] }),
    ).toBe(
      '<html><head><title>x</title><link rel="preload" as="fetch" crossorigin href="/api/d" />' +
        '<link rel="preload" as="style" crossorigin href="/assets/a.css" />' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js" /></head><body></body></html>',
    )
  })
})

describe('the hand-written tables', () => {
  it.each([...Object.keys(PAGE_DATA), ...Object.keys(PAGE_REDIRECTS)])(
    'name an existing route file: %s',
    (name) => {
      expect(existsSync(new URL(`../../src/routes/${name}.tsx`, import.meta.url))).toBe(true)
    },
  )
})
