import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ChartBox, loadCharts } from './lazy-charts'
import { chartsInWorker } from './worker-charts'
import { afterNextPaint } from '../../ui'

/**
 * How far below the screen a chart starts drawing: the charts on screen, and the next one once it
 * is about to scroll in (96 px, a short flick on a phone). A quarter of a screen drew the second
 * chart while the page opened on a phone (the first sits at the bottom of the screen, the next
 * ~130 px below it), a long task of its own (~100 ms at Lighthouse's 4× CPU) before the user could
 * scroll to it; the lookahead and one chart per task keep scrolling smooth instead.
 */
const AHEAD = '0px 0px 96px 0px'

/**
 * One chart is created per task: charts that come near together (a fast scroll, a tall screen) are
 * drawn one after the other, each in its own task, so the page answers input between them instead
 * of freezing until the last one is drawn. A turn ends once its chart is committed (its effects,
 * chart.js's creation among them, have run); the next turn starts in a new task.
 */
const waiting: (() => void)[] = []
let drawing = false

function nextTurn(): void {
  const start = waiting.shift()
  drawing = start !== undefined
  start?.()
}

function takeTurn(start: () => void): void {
  waiting.push(start)
  if (!drawing) nextTurn()
}

function endTurn(): void {
  setTimeout(nextTurn, 0)
}

/**
 * Draws `children` (a chart) once its place comes near the screen, and keeps it from then on.
 * A phone shows one or two of the dashboard's charts: creating every chart at once is most of the
 * page's main-thread work on a slow CPU. Until then it holds the chart's height (no layout shift)
 * and gives screen readers the chart's summary. Without IntersectionObserver it draws at once.
 */
export function DrawWhenNear({
  children,
  summary,
  eager = false,
}: {
  children: ReactNode
  summary: string
  /**
   * Drawn after the first paint wherever it is (still one chart per task): the page's first
   * chart, which a headline above it may push just below a phone's screen.
   */
  eager?: boolean
}) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  /** Whether this chart holds the drawing turn (ended once it is committed, or if it goes away). */
  const holdsTurn = useRef(false)

  useEffect(() => {
    const element = place.current
    if (near || !element) return
    let live = true
    let asked = false
    const start = () => {
      if (!live) {
        nextTurn()
        return
      }
      holdsTurn.current = true
      setNear(true)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (asked || !(eager || entries.some((entry) => entry.isIntersecting))) return
        asked = true
        observer.disconnect()
        // Drawn on the page, chart.js first (once for all charts), then wait for this chart's
        // turn. A failed load still draws: the chart's own placeholder then tries the load again.
        // Drawn in the chart worker, chart.js is loaded there.
        afterNextPaint(() => {
          const ready = chartsInWorker() ? Promise.resolve() : loadCharts()
          void ready
            .catch(() => undefined)
            .then(() => {
              takeTurn(start)
            })
        })
      },
      { rootMargin: AHEAD },
    )
    observer.observe(element)
    return () => {
      live = false
      observer.disconnect()
    }
  }, [near, eager])

  useEffect(() => {
    if (!near || !holdsTurn.current) return
    holdsTurn.current = false
    endTurn()
  }, [near])

  useEffect(
    () => () => {
      if (!holdsTurn.current) return
      holdsTurn.current = false
      endTurn()
    },
    [],
  )

  if (near) return children
  // The chart's own box (chart.js draws a legend inside it): nothing moves when it is drawn.
  return <ChartBox ref={place} summary={summary} />
}
