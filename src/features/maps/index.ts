export { MapChart } from './lazy-map-chart'
export type { MapChartProps } from './MapChart'
export { MapPanel, type MapPanelProps } from './MapPanel'
export { useMapThresholds } from './map-thresholds-store'
