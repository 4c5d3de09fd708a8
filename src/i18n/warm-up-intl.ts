import { afterNextPaint } from '../ui/after-next-paint'

/**
 * The first `Intl.NumberFormat` a page makes costs 30–40 ms of main thread at full speed (ICU
 * loads its number data; four times that on a slow phone), the first `DateTimeFormat` and
 * `ListFormat` a few ms more. Made inside the first render of a page of figures (the dashboard),
 * they lengthened its longest task. ICU keeps what it loaded for the page's life, so making one of
 * each while the start waits for its chunks and data leaves the render only the cheap ones.
 */
const WARM_UPS: readonly ((locale: string) => unknown)[] = [
  (locale) => new Intl.NumberFormat(locale).format(1.5),
  (locale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0),
  (locale) => new Intl.PluralRules(locale).select(1),
  (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(['1', '2']),
]

type Schedule = (work: () => void) => void

/**
 * Makes the first Intl formats of `locale`, each in a task of its own after a frame: never before
 * the page's first paint (it would hold it back), yet before the first render, which waits for
 * chunks and data. Not an idle callback: measured, the dashboard's first render began before the
 * browser called one (it then made the first format itself).
 */
export function warmUpIntl(locale: string, schedule: Schedule = afterNextPaint): void {
  const next = (index: number) => {
    const warmUp = WARM_UPS[index]
    if (warmUp === undefined) return
    schedule(() => {
      // Only a cost moved earlier: a format the engine lacks is the render's to report.
      try {
        warmUp(locale)
      } catch {
        // nothing to do
      }
      next(index + 1)
    })
  }
  next(0)
}
