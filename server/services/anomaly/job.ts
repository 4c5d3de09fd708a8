/**
 * The detector job: every hour (first a minute after start), the detector over every panel with
 * areas. Runs of several instances do not collide: each panel's run holds an advisory lock and
 * the others skip it. A failing panel is logged and tried again at the next run.
 */
import type { Db } from '../../db/client.ts'
import { detectAll } from './detector.ts'

export const DETECT_EVERY_MS = 60 * 60 * 1000
const FIRST_RUN_MS = 60 * 1000

export function startAnomalyDetector(
  db: Db,
  onError: (error: unknown, panelId?: number) => void,
  timing = { everyMs: DETECT_EVERY_MS, firstMs: FIRST_RUN_MS },
): () => void {
  let running = false
  let stopped = false
  const tick = async () => {
    if (running || stopped) return
    running = true
    try {
      await detectAll(db, onError)
    } catch (error) {
      onError(error)
    } finally {
      running = false
    }
  }
  const first = setTimeout(() => void tick(), timing.firstMs)
  const timer = setInterval(() => void tick(), timing.everyMs)
  first.unref()
  timer.unref()
  return () => {
    stopped = true
    clearTimeout(first)
    clearInterval(timer)
  }
}
