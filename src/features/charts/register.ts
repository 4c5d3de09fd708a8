import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Decimation,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  TimeScale,
  Tooltip,
} from 'chart.js'
import { bandPlugin } from './band-plugin'
import { installDateAdapter } from './date-adapter'

let registered = false

/** Registers the chart.js parts our charts use (tree-shaken: nothing else is bundled). */
export function registerCharts(): void {
  if (registered) return
  registered = true
  installDateAdapter()
  Chart.register(
    LineController,
    LineElement,
    PointElement,
    ScatterController,
    BarController,
    BarElement,
    LinearScale,
    TimeScale,
    CategoryScale,
    Decimation,
    Tooltip,
    Legend,
    bandPlugin,
  )
}
