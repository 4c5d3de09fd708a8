import { findLocale, type LocaleCode } from '#contracts/locales.ts'
import { afterLoad, whenIdle, type LoadTarget } from './when-idle'

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

function firstFaces(code: LocaleCode): { fonts: string[]; sample: string } {
  return FIRST_FACES[findLocale(code)?.rtl === true ? 'rtl' : 'ltr']
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
  const { fonts: faces, sample } = firstFaces(code)
  // A font that cannot load leaves the fallback in place, as before: nothing to report.
  for (const face of faces) fonts.load(face, sample).catch(() => undefined)
}

/** The root's class that names the web fonts in the font stacks (app-shell.css). */
export const WEB_FONTS_CLASS = 'wb-web-fonts'

/** Whether a first visit's web fonts have arrived and wait for the next page to be named. */
let webFontsWaiting = false

/**
 * Names the web fonts in the page's font stacks. A page the service worker serves has them in its
 * cache: named at once, the first layout uses them. A first visit asks for them only once the page
 * is up (after its load and an idle moment), so on a slow line their 50–100 KB do not share it
 * with the scripts the first render waits for; they are named when the next page is laid out
 * (`nameWebFontsIfLoaded`), so the text the user is reading never changes face under them. Until
 * then the text shows in the metric-matched fallback.
 */
export function startWebFonts(
  code: LocaleCode,
  fonts: FontFaceSet | null = 'fonts' in document ? document.fonts : null,
  controlled: boolean = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null,
  win: LoadTarget = window,
): void {
  if (controlled || fonts === null) {
    document.documentElement.classList.add(WEB_FONTS_CLASS)
    loadFirstFonts(code, fonts)
    return
  }
  const { fonts: faces, sample } = firstFaces(code)
  const fetchFaces = () => {
    void Promise.allSettled(faces.map((face) => fonts.load(face, sample))).then((loads) => {
      // A font that could not load (offline) stays unnamed: the fallback is what the user sees.
      webFontsWaiting = loads.some((load) => load.status === 'fulfilled')
    })
  }
  void afterLoad(win).then(() => {
    whenIdle(fetchFaces, 3_000)
  })
}

/**
 * Called as a new page is laid out (src/navigation/RouterShell.tsx): a first visit's web fonts,
 * once arrived, are named with a layout the page change makes anyway.
 */
export function nameWebFontsIfLoaded(root: Element = document.documentElement): void {
  if (!webFontsWaiting) return
  webFontsWaiting = false
  root.classList.add(WEB_FONTS_CLASS)
}
