import * as v from 'valibot'

/**
 * Seeds 001 §9 chart settings, kept on the device (not in presets): the value axis from zero,
 * hide-insignificant (on by default) and zero values shown blank ("zero white") in tables.
 */
export const ChartSettingsSchema = v.object({
  zeroAxis: v.fallback(v.boolean(), true),
  hideInsignificant: v.fallback(v.boolean(), true),
  zeroWhite: v.fallback(v.boolean(), false),
})
export type ChartSettings = v.InferOutput<typeof ChartSettingsSchema>
export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  zeroAxis: true,
  hideInsignificant: true,
  zeroWhite: false,
}
export const CHART_SETTINGS_KEY = 'wb.chartSettings'

/** The device's chart settings; the defaults when none are kept or they cannot be read. */
export function readChartSettings(storage: Pick<Storage, 'getItem'> | undefined): ChartSettings {
  try {
    const text = storage?.getItem(CHART_SETTINGS_KEY)
    if (!text) return DEFAULT_CHART_SETTINGS
    const parsed = v.safeParse(ChartSettingsSchema, JSON.parse(text))
    return parsed.success ? parsed.output : DEFAULT_CHART_SETTINGS
  } catch {
    return DEFAULT_CHART_SETTINGS
  }
}

export function writeChartSettings(
  storage: Pick<Storage, 'setItem'> | undefined,
  settings: ChartSettings,
): void {
  try {
    storage?.setItem(CHART_SETTINGS_KEY, JSON.stringify(settings))
  } catch {
    // Storage full or blocked: the settings last for this visit.
  }
}

/** §9 presenter refresh: never more often than every 5 minutes. */
export const PRESENTER_MIN_REFRESH_MINUTES = 5
export const PRESENTER_REFRESH_CHOICES = [5, 10, 15, 30, 60] as const
export function presenterRefreshMs(minutes: number): number {
  return Math.max(PRESENTER_MIN_REFRESH_MINUTES, minutes) * 60_000
}

/** §8 slow-loading notice: shown once a chart has been loading this long. */
export const SLOW_LOADING_MS = 5000
