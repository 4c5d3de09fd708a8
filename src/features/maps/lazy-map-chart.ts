import { lazy } from 'react'

/** The map of a metric, loaded only where a map is shown (Leaflet and the base layer with it). */
export const MapChart = lazy(() => import('./MapChart'))
