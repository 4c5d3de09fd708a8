import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'ar-SA', 'fr-CA'],
  fallbackLocales: { default: 'en-GB' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
  format: formatter({ lineNumbers: false }),
})
