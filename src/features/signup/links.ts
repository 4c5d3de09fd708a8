/**
 * Seeds 2.5 "need answers now": the mobile apps and the web test. Each can be set per deployment
 * through a VITE_ variable at build time; the defaults are placeholders until the real ones are known.
 */
const env: Record<string, unknown> = import.meta.env

function configured(name: string, fallback: string): string {
  const value = env[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const ANSWERS_NOW_LINKS = {
  ios: configured('VITE_IOS_APP_URL', 'https://whitebox.example/app/ios'),
  android: configured('VITE_ANDROID_APP_URL', 'https://whitebox.example/app/android'),
  webTest: configured('VITE_WEB_TEST_URL', 'https://whitebox.example/speed-test'),
} as const
