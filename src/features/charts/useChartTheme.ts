import { useSyncExternalStore } from 'react'
import type { ChartTheme } from './chart-options'

/** The theme the page is drawn in: `data-theme` on the root, set by the appearance setting. */
function currentTheme(): ChartTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => {
    observer.disconnect()
  }
}

/** The page's theme, for canvas colours: a chart is drawn again when the theme changes. */
export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light')
}
