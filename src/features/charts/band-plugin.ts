import type { ChartType, Plugin } from 'chart.js'

/** A shaded band behind the lines: for each time, a low and a high value (a day's range). */
export type ChartBand = {
  id: string
  points: readonly { x: number; low: number; high: number }[]
  color?: string
}

declare module 'chart.js' {
  // The type parameter must match chart.js's own declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    /** The bands drawn behind a line chart's lines (see bandPlugin). */
    wbBands?: { bands: readonly ChartBand[]; color?: string } | false
  }
}

/** The band colour when the options name none: the light theme's first series colour, faint. */
export const BAND_COLOR = 'rgba(11, 87, 164, 0.16)'

/**
 * Draws each band of `options.plugins.wbBands` as a filled shape from its low edge to its high
 * edge, behind the lines. A plugin rather than two filled datasets: a band is not a line the
 * tooltip, the legend or a tap should find. A day without a value has no band point: the shape is
 * drawn per run of consecutive days, so it breaks where the line does.
 */
export const bandPlugin: Plugin<'line'> = {
  id: 'wbBands',
  beforeDatasetsDraw(
    chart,
    _args,
    options: { bands?: readonly ChartBand[]; color?: string } | undefined,
  ) {
    const bands = options?.bands
    if (!bands || bands.length === 0) return
    const fill = options.color ?? BAND_COLOR
    const x = chart.scales.x
    const y = chart.scales.y
    if (!x || !y) return
    const { ctx, chartArea } = chart
    ctx.save()
    ctx.beginPath()
    ctx.rect(
      chartArea.left,
      chartArea.top,
      chartArea.right - chartArea.left,
      chartArea.bottom - chartArea.top,
    )
    ctx.clip()
    for (const band of bands) {
      ctx.fillStyle = band.color ?? fill
      for (const run of runsOf(band.points)) {
        ctx.beginPath()
        run.forEach((p, i) => {
          const px = x.getPixelForValue(p.x)
          const py = y.getPixelForValue(p.high)
          if (i === 0) ctx.moveTo(px, py)
          else ctx.lineTo(px, py)
        })
        for (let i = run.length - 1; i >= 0; i -= 1) {
          const p = run[i]
          if (p) ctx.lineTo(x.getPixelForValue(p.x), y.getPixelForValue(p.low))
        }
        ctx.closePath()
        ctx.fill()
      }
    }
    ctx.restore()
  },
}

const DAY_MS = 24 * 3600 * 1000

/**
 * The band's points cut where more than a day and a half lies between two (a day without any
 * value): the band breaks there as the line does.
 */
export function runsOf<T extends { x: number }>(points: readonly T[]): T[][] {
  const runs: T[][] = []
  let run: T[] = []
  for (const point of points) {
    const last = run[run.length - 1]
    if (last && point.x - last.x > 1.5 * DAY_MS) {
      runs.push(run)
      run = []
    }
    run.push(point)
  }
  if (run.length > 0) runs.push(run)
  return runs
}
