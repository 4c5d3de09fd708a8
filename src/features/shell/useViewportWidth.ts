import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange)
  return () => {
    window.removeEventListener('resize', onChange)
  }
}

const width = () => window.innerWidth

/** The viewport width in CSS pixels, updated on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, width, width)
}
