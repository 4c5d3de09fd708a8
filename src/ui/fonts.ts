import { findLocale, type LocaleCode } from '#contracts/locales.ts'

/** The faces (CSS font shorthand) and a sample of their text that a locale's pages open with. */
export const FIRST_FACES: Record<'ltr' | 'rtl', { fonts: string[]; sample: string }> = {
  // Inter for Latin pages (global.css).
  ltr: { fonts: ['1em "Inter Variable"'], sample: 'a' },
  // Arabic pages: IBM Plex Sans Arabic's Arabic subset in the body's and the headings' weights.
  rtl: {
    fonts: ['400 1em "IBM Plex Sans Arabic"', '600 1em "IBM Plex Sans Arabic"'],
    sample: 'ع',
  },
}

/**
 * Asks for the web fonts the first page's text is laid out in, as the app starts (global.css
 * names them). A browser asks for a font only when a layout first meets text in it: the first
 * page was laid out in the fallback, then all over again when the font came (/dashboard at 4×
 * CPU: a second layout of the whole page, 100–150 ms). Asked for here, beside the entry's first
 * requests, a font is there (or in the service worker's cache) before React's first layout.
 * Not a `<link rel="preload">` in the page: measured, the first paint came later, after every
 * hinted script had arrived, and Lighthouse counted them all as render-blocking (FCP 0.95 → 2.4 s).
 */
export function loadFirstFonts(
  code: LocaleCode,
  // Null where the CSS Font Loading API is missing (jsdom).
  fonts: FontFaceSet | null = 'fonts' in document ? document.fonts : null,
): void {
  if (fonts === null) return
  const { fonts: faces, sample } = FIRST_FACES[findLocale(code)?.rtl === true ? 'rtl' : 'ltr']
  // A font that cannot load leaves the fallback in place, as before: nothing to report.
  for (const face of faces) fonts.load(face, sample).catch(() => undefined)
}
