import { MAX_ALERT_PAUSE_DAYS } from '#contracts/settings.ts'

const DAY_MS = 86_400_000

/** Seeds 2.4 temporary pause of alerts: the choices the page offers. */
export const PAUSE_CHOICES = ['none', 'day', 'week', 'twoWeeks', 'untilResumed'] as const
export type PauseChoice = (typeof PAUSE_CHOICES)[number]

const PAUSE_DAYS: Record<Exclude<PauseChoice, 'none'>, number> = {
  day: 1,
  week: 7,
  twoWeeks: 14,
  // "Until I resume" is bounded like every pause, so alerts never stay off for good by mistake.
  untilResumed: MAX_ALERT_PAUSE_DAYS,
}

/** The ISO time alerts are paused until for a choice made at `now`, or null for no pause. */
export function pauseUntil(choice: PauseChoice, now: number): string | null {
  if (choice === 'none') return null
  return new Date(now + PAUSE_DAYS[choice] * DAY_MS).toISOString()
}

/** Whether a stored pause still holds at `now`. */
export function isPaused(until: string | null, now: number): boolean {
  if (until === null) return false
  const time = Date.parse(until)
  return !Number.isNaN(time) && time > now
}
