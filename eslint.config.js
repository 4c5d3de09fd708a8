import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginRouter from '@tanstack/eslint-plugin-router'
import pluginQuery from '@tanstack/eslint-plugin-query'
import lingui from 'eslint-plugin-lingui'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'

/**
 * Import boundaries (issue 21 §5). The layers, top to bottom:
 *   app (src/*.tsx, src/routes, src/navigation) → features → platform (session, offline, forms,
 *   i18n) → ui | api | lib → contracts.
 * A layer imports only downwards; ui and lib import no product code; the server never imports
 * src/; contracts (shared by client and server) import neither; a feature uses another one only
 * through its index.ts (or, in tests, its testing/ helpers). Tests may reach upwards (a test of
 * the data layer renders the root route), but never across a feature's boundary.
 */
const FEATURES = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const ROOT = import.meta.dirname
// The app: its starts, the router and the routes. src/navigation/navigation.tsx is not in it: it is
// the navigation features read (AppLink, useNavigation), whichever start provides it.
const APP = [
  'src/*.{ts,tsx}',
  'src/routes/**',
  'src/navigation/{RouterShell,RouterNavigation,sign-in-start}.tsx',
]
const PRODUCT = ['src/features/**', ...APP]
const PLATFORM = ['src/session/**', 'src/offline/**', 'src/forms/**', 'src/i18n/**']
/**
 * A feature's public entries: its index.ts; parts.ts, the parts others reuse without the barrel
 * (whose pages and CSS would land in the importer's chunk); its testing/ helpers; and the modules
 * loaded on demand one at a time (a barrel would defeat the split): the signed-in chrome's slot,
 * the navbar's unit search, the scanner's decoders.
 */
const FEATURE_ENTRIES = [
  'src/features/*/{index,parts}.{ts,tsx}',
  'src/features/*/testing/**',
  'src/features/shell/signed-in-slot.ts*',
  'src/features/units/NavUnitSearch.ts*',
  'src/features/scanner/decoders.ts*',
].map((entry) => `${ROOT}/${entry}`)
const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except ? { except } : {}),
})
const SHARED_ZONES = [
  zone('server/**', ['src/**'], 'The server never imports src/: move what both use to contracts/.'),
  zone('contracts/**', ['src/**', 'server/**'], 'contracts/ is shared: it imports neither side.'),
  zone(
    'src/ui/**',
    [...PRODUCT, ...PLATFORM, 'src/api/**'],
    'ui/ imports no product code: pass text and data in as props.',
  ),
  zone(
    'src/lib/**',
    [...PRODUCT, ...PLATFORM, 'src/api/**', 'src/ui/**'],
    'lib/ holds pure rules: it imports contracts only.',
  ),
  ...FEATURES.map((feature) =>
    zone(
      `src/features/${feature}/**`,
      [`src/features/!(${feature})/**`],
      'A feature uses another feature only through its index.ts.',
      FEATURE_ENTRIES,
    ),
  ),
]
const LAYER_ZONES = [
  zone('src/features/**', APP, 'Features do not import routes or the app start.'),
  zone(
    [...PLATFORM.filter((dir) => dir !== 'src/offline/**'), 'src/offline/!(start-data-layer).*'],
    PRODUCT,
    'session, offline, forms and i18n import no feature, route or app start.',
  ),
  zone('src/navigation/navigation.tsx', APP, 'The navigation features read imports no app start.'),
  zone(
    'src/api/**',
    [...PRODUCT, 'src/session/**', 'src/forms/**', 'src/i18n/**', 'src/ui/**'],
    'api/ talks to the server: it imports contracts, lib and the offline cache only.',
  ),
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'coverage',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench-results',
      'src/routeTree.gen.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // TanStack Router's control flow: `throw redirect(…)` and `throw notFound()` in guards.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            {
              from: 'package',
              package: '@tanstack/router-core',
              name: ['Redirect', 'NotFoundError'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginRouter.configs['flat/recommended'],
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    ...lingui.configs['flat/recommended'],
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...SHARED_ZONES, ...LAYER_ZONES] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-utils.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SHARED_ZONES }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
