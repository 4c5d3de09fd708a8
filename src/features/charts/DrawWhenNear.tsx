import { useEffect, useRef, useState, type ReactNode } from 'react'
import styles from './Chart.module.css'

/**
 * How far below the screen a chart starts drawing, so it is ready before it scrolls in: a quarter
 * of a screen (~200 px on a phone). Half a screen drew a second and a third chart while the page
 * opened, each one a long task on a slow phone (~170 ms at Lighthouse's 4× CPU) before the user
 * could scroll to them.
 */
const AHEAD = '25% 0px'

/**
 * Draws `children` (a chart) once its place comes near the screen, and keeps it from then on.
 * A phone shows one or two of the dashboard's charts: creating every chart at once is most of the
 * page's main-thread work on a slow CPU. Until then it holds the chart's height (no layout shift)
 * and gives screen readers the chart's summary. Without IntersectionObserver it draws at once.
 */
export function DrawWhenNear({
  children,
  summary,
  legend = true,
}: {
  children: ReactNode
  summary: string
  /** Whether the chart has a legend under its canvas (the placeholder holds its height too). */
  legend?: boolean
}) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = place.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: AHEAD },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [near])

  if (near) return children
  return (
    <div
      ref={place}
      className={legend ? styles.placeholder : styles.canvasBox}
      data-chart-placeholder=""
    >
      <p className="wb-visually-hidden">{summary}</p>
    </div>
  )
}
