import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { catalogSplit } from './build/catalog-split.ts'
import { appShellStyles } from './build/app-shell-css.ts'
import { compileHints } from './build/compile-hints.ts'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
}
const apiTarget = `http://localhost:${process.env.PORT ?? '8080'}`

const BARREL = /\/src\/(?:features\/[^/]+|ui|lib|session|offline|api)\/index\.ts$/
const REEXPORT = /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'[^']+'$/

/**
 * A module's public surface (`features/<area>/index.ts`) that only re-exports. Treated as free
 * of side effects, a route importing one page of an area no longer loads every page of it.
 */
function isReexportOnlyBarrel(id: string): boolean {
  if (!BARREL.test(id)) return false
  const code = readFileSync(id, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
  return code
    .split(/;|\n(?=export)/)
    .every((statement) => statement.trim() === '' || REEXPORT.test(statement.trim()))
}

/**
 * Chunks by journey. Left to the default, the code a page needs beyond the entry came out as one
 * chunk per set of routes sharing it: the dashboard's tab took 20 files of 0.1–4 KB and the
 * Saudi sign-up 12, each a request that a phone on a slow network (6 connections, 150 ms each)
 * waits for before the page shows. Route files stay their own chunks (the build manifest names
 * them, and server/lib/page-hints.ts announces each page's); the modules of one journey are one
 * chunk, and the small form and status parts most pages share are another. A journey takes only
 * the modules listed here, not what they import (includeDependenciesRecursively: false): a rule
 * or helper that another page needs too (password rules, country names) stays in a chunk of its
 * own instead of making that page load the journey. Modules loaded on demand (chart.js behind
 * lazy-charts, the scanner's decoder) are not listed, so they stay out. The data table (and
 * TanStack Table) is not a shared part: only the lists import it; nor is LinkButton (it needs the
 * router, which the sign-in page opened first does without).
 */
const SHARED_PARTS =
  /\/src\/(?:ui\/(?!SearchField|DataTable|SearchForm|useSearchForm|search-form-state|LinkButton|TabNav)|offline\/(?:QueryStatus|DataAge)\.tsx|lib\/(?:number-format|data-age)\.ts)/
// Named `data-layer`: server/lib/page-hints.ts announces the chunk by that name. The help
// centre's cache restore is in it: every help-centre page needs it first, with the data layer.
// The feature flags and the panel choice are read by every signed-in start (the shell, the
// dashboard's outage notice): in their own small chunks they were two more requests each time.
const DATA_LAYER =
  /\/(?:src\/(?:offline\/start-data-layer|features\/help-centre\/hc-cache|session\/flags|api\/flags\.api|features\/shell\/panel-choice)|contracts\/flags)\.ts$/
// With what both starts share: the frame around every page and the login route's search rules,
// read by the sign-in page with the router's own search parser.
const SHELL =
  /\/(?:src\/(?:(?:features\/shell\/ShellLayout|navigation\/navigation|app-frame)\.tsx|(?:features\/shell\/static-data|i18n\/link-locale|features\/auth\/login-search)\.ts)|@tanstack\/router-core\/dist\/esm\/(?:searchParams|qss)\.js)$/
const SIGN_IN_START = /\/src\/navigation\/sign-in-start\.tsx$/
const APP_START = /\/src\/app-start\.tsx$/
const JOURNEYS: Record<string, RegExp> = {
  consumer:
    /\/(?:src\/features\/(?:consumer|instant-test)\/|src\/features\/charts\/(?:(?:lazy-charts|DrawWhenNear|ChartFigure|series|useChartLocale|useChartSpec|WorkerCanvas|worker-charts)\.tsx?|Chart\.module\.css)$|src\/api\/(?:unit-analytics|instant-test)\.api\.ts$|contracts\/(?:unit-analytics|instant-test)\.ts$|src\/lib\/(?:unit-offline|metric-selection|instant-test-codes|disconnection-duration|value-format|video-quality|metric-quality|verdict|date-format|daily-summary|usage-context)\.ts$)/,
  signup: /\/src\/(?:features\/signup\/|lib\/signup-(?:errors|validation)\.ts$)/,
}
const journeyOf = (id: string): string | null =>
  Object.entries(JOURNEYS).find(([, test]) => test.test(id))?.[0] ?? null

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    // Each locale's catalog as a core part (/login and the entry) and a rest part.
    catalogSplit(),
    // The shell's styles inlined, the entry's stylesheet after it: the first paint waits for nothing.
    appShellStyles(new URL('./src/ui/app-shell.css', import.meta.url)),
    // The chunks every start runs compiled off the main thread as they download (V8 compile hints).
    compileHints(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Whitebox — internet performance',
        short_name: 'Whitebox',
        description:
          'See how your internet connection really performs: speed, latency, packet loss, disconnections and more, measured by your Whitebox.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b3d91',
        background_color: '#ffffff',
        categories: ['utilities', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Dashboard',
            url: '/dashboard',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Scan a unit',
            url: '/units/search',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          { name: 'Help', url: '/hc', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
        // Made by tests/e2e/pwa.spec.ts (PWA_SCREENSHOTS=1); Chromium's richer install dialog shows them.
        screenshots: [
          {
            src: '/screenshots/narrow-login.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Sign in to Whitebox on a phone',
          },
          {
            src: '/screenshots/narrow-dashboard.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Your Whitebox dashboard on a phone',
          },
          {
            src: '/screenshots/wide-dashboard.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Your Whitebox dashboard on a computer',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Store screenshots are for install dialogs, not for offline use.
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  // The chart worker (src/features/charts/chart-worker.ts) is a module worker, as the app is.
  worker: { format: 'es' },
  build: {
    target: 'es2023',
    // .vite/manifest.json: the server announces the route chunks of the page it opens
    // (server/lib/page-hints.ts).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // undefined: every other module keeps the default (package.json sideEffects, else true).
      treeshake: { moduleSideEffects: (id) => (isReexportOnlyBarrel(id) ? false : undefined) },
      output: {
        // Every module the entry needs in one chunk: left to the default, the entry's static graph
        // came out as ~25 chunks of 1–4 KB, each a round trip on a phone before the first paint.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The app's two starts (src/main.tsx) and what they share, each group with what it
            // needs that a higher one has not taken: every page's frame (the shell and the
            // navigation it reads), the small parts most pages share, the sign-in page opened
            // first, then the router with every route's rules. The data layer comes after the
            // router's start: what the routes' rules share with it stays in that start, so a
            // page that reads no data (a visitor sent to /login, /404) does not load the data layer.
            { name: 'shell', test: SHELL, priority: 2.4 },
            { name: 'parts', test: SHARED_PARTS, priority: 2.3 },
            { name: 'sign-in-start', test: SIGN_IN_START, priority: 2.2 },
            { name: 'app-start', test: APP_START, priority: 2.1 },
            // The data layer (query client, persistence, offline queue) and what only it needs: one
            // file, loaded beside the page's chunks (src/offline/data-layer.tsx).
            { name: 'data-layer', test: DATA_LAYER, priority: 2 },
            { name: journeyOf, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: apiTarget, ws: true } } },
})
