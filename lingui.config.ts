import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'ar-SA', 'fr-CA'],
  fallbackLocales: { default: 'en-GB' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      // Tests name message ids of their own (e.g. a stand-in catalog's), not words of the app.
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
