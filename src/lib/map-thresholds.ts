/**
 * Map colour thresholds (seeds 001 §9: "map thresholds can be restored to defaults"). An area or
 * point is good, fair or poor by its plotted value against two limits; which side is better
 * depends on the metric. The defaults (no package to judge a speed against on a map, so speeds
 * are absolute: 30 Mbps is the common "superfast" line, 100 Mbps fibre-class):
 *
 * | metric                          | better | good      | fair      |
 * |---------------------------------|--------|-----------|-----------|
 * | download (multi/single thread)  | higher | ≥ 100 Mbps| ≥ 30 Mbps |
 * | upload (multi/single thread)    | higher | ≥ 20 Mbps | ≥ 5 Mbps  |
 * | latency                         | lower  | ≤ 30 ms   | ≤ 60 ms   |
 * | jitter                          | lower  | ≤ 10 ms   | ≤ 30 ms   |
 * | packet loss                     | lower  | ≤ 0.5 %   | ≤ 2 %     |
 * | DNS lookup                      | lower  | ≤ 30 ms   | ≤ 100 ms  |
 * | web page load                   | lower  | ≤ 2000 ms | ≤ 5000 ms |
 * | video bitrates                  | higher | ≥ 5 Mbps  | ≥ 3 Mbps  |
 * | VoIP MOS                        | higher | ≥ 4       | ≥ 3.6     |
 * | responsiveness                  | higher | ≥ 800 RPM | ≥ 300 RPM |
 * | disconnections (count)          | lower  | ≤ 0       | ≤ 1       |
 * | disconnections (duration)       | lower  | ≤ 0 s     | ≤ 60 s    |
 * | consistency (80/80)             | higher | ≥ 80 %    | ≥ 50 %    |
 * | mobile signal strength          | higher | ≥ −85 dBm | ≥ −100 dBm|
 *
 * A user's own thresholds (per metric) are kept on the device; "restore defaults" drops them.
 */
import type { VerdictLevel } from './verdict'

export type MapThresholds = { better: 'higher' | 'lower'; good: number; fair: number }

const higher = (good: number, fair: number): MapThresholds => ({ better: 'higher', good, fair })
const lower = (good: number, fair: number): MapThresholds => ({ better: 'lower', good, fair })

export const DEFAULT_MAP_THRESHOLDS: Readonly<Record<string, MapThresholds>> = {
  httpgetmt: higher(100, 30),
  httpgetst: higher(100, 30),
  httppostmt: higher(20, 5),
  httppostst: higher(20, 5),
  udpLatency: lower(30, 60),
  udpJitter: lower(10, 30),
  udpPacketLoss: lower(0.5, 2),
  dns_resolution: lower(30, 100),
  web_page_load: lower(2000, 5000),
  video_netflix_bitrate: higher(5, 3),
  video_youtube_bitrate: higher(5, 3),
  voip_mos: higher(4, 3.6),
  responsiveness: higher(800, 300),
  disconnection_count: lower(0, 1),
  disconnection_duration: lower(0, 60),
  consistency_80_80: higher(80, 50),
  mobile_signal_strength: higher(-85, -100),
}

/** The default thresholds of a metric, or null when it is not judged (e.g. active agent count). */
export function defaultMapThresholds(metric: string): MapThresholds | null {
  return DEFAULT_MAP_THRESHOLDS[metric] ?? null
}

/** The level of a value, or null for no value (drawn as "no data"). */
export function mapLevel(value: number | null, thresholds: MapThresholds): VerdictLevel | null {
  if (value === null || !Number.isFinite(value)) return null
  if (thresholds.better === 'higher') {
    return value >= thresholds.good ? 'good' : value >= thresholds.fair ? 'fair' : 'poor'
  }
  return value <= thresholds.good ? 'good' : value <= thresholds.fair ? 'fair' : 'poor'
}

export type ThresholdField = 'good' | 'fair'
/** Why an edited threshold is refused: not a number, or on the wrong side of the other one. */
export type ThresholdError = 'NUMBER' | 'ORDER'

/**
 * Reads edited thresholds (what the user typed, kept as typed): both must be numbers (a comma
 * decimal separator is accepted), and good must be on the better side of fair (equal allowed).
 */
export function readThresholds(
  input: Record<ThresholdField, string>,
  better: MapThresholds['better'],
):
  | { ok: true; thresholds: MapThresholds }
  | { ok: false; errors: Partial<Record<ThresholdField, ThresholdError>> } {
  const parse = (text: string) => {
    const normalised = text.trim().replace(',', '.').replace('−', '-')
    return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : null
  }
  const good = parse(input.good)
  const fair = parse(input.fair)
  const errors: Partial<Record<ThresholdField, ThresholdError>> = {}
  if (good === null) errors.good = 'NUMBER'
  if (fair === null) errors.fair = 'NUMBER'
  if (good === null || fair === null) return { ok: false, errors }
  if (better === 'higher' ? good < fair : good > fair)
    return { ok: false, errors: { fair: 'ORDER' } }
  return { ok: true, thresholds: { better, good, fair } }
}

/** Whether thresholds differ from the metric's defaults (the "restore defaults" action shows). */
export function isCustomised(metric: string, thresholds: MapThresholds): boolean {
  const defaults = defaultMapThresholds(metric)
  return (
    defaults === null ||
    defaults.good !== thresholds.good ||
    defaults.fair !== thresholds.fair ||
    defaults.better !== thresholds.better
  )
}
