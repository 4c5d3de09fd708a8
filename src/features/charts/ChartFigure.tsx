import { useId, type CSSProperties, type ReactNode } from 'react'
import styles from './Chart.module.css'

/**
 * A chart's frame: the box its canvas fills (`height`, default 12rem) and the summary screen
 * readers hear after the chart's name. `children` gets the summary's id for `aria-describedby`.
 * `drawn` marks the box once the chart worker has drawn in it.
 */
export function ChartFigure({
  height,
  description,
  drawn,
  children,
}: {
  height?: string | undefined
  description?: string | undefined
  drawn?: boolean
  children: (describedBy: string | undefined) => ReactNode
}) {
  const descriptionId = useId()
  const style =
    height === undefined ? undefined : ({ '--wb-chart-height': height } as CSSProperties)
  return (
    <figure className={styles.figure}>
      <div className={styles.canvasBox} style={style} data-drawn={drawn === true ? '' : undefined}>
        {children(description === undefined ? undefined : descriptionId)}
      </div>
      {description === undefined ? null : (
        <p id={descriptionId} className="wb-visually-hidden">
          {description}
        </p>
      )}
    </figure>
  )
}
