/**
 * Whether a metric's figure is good, fair or poor, so that every metric card can say so in plain
 * words. Thresholds per metric, stated here (README-worthy; the table tests pin them):
 *
 * | metric                              | good          | fair          | poor beyond |
 * |-------------------------------------|---------------|---------------|-------------|
 * | download / upload speeds            | ≥ 80 % of the package | ≥ 50 % | (no package: not judged) |
 * | latency (udpLatency)                | ≤ 30 ms       | ≤ 60 ms       |             |
 * | jitter (web_jitter)                 | ≤ 10 ms       | ≤ 30 ms       |             |
 * | packet loss                         | ≤ 0.5 %       | ≤ 2 %         |             |
 * | gaming latency                      | ≤ 40 ms       | ≤ 80 ms       |             |
 * | responsiveness                      | ≥ 800 RPM     | ≥ 300 RPM     |             |
 * | DNS lookup                          | ≤ 30 ms       | ≤ 100 ms      |             |
 * | web page load                       | ≤ 2,000 ms    | ≤ 5,000 ms    |             |
 * | video bitrates                      | ≥ 5 Mbps (HD) | ≥ 3 Mbps      |             |
 * | speed consistency (80/80)           | ≥ 80 %        | ≥ 50 %        |             |
 * | mobile signal strength              | ≥ −85 dBm     | ≥ −100 dBm    |             |
 * | connection drops during tests       | 0             | ≤ 1           |             |
 */
import { CONSUMER_METRICS, type ConsumerMetricKey } from '#contracts/metrics.ts'
import { levelAtLeast, SPEED_THRESHOLDS, type VerdictLevel } from './verdict'

type Rule =
  | { kind: 'package' }
  | { kind: 'atLeast'; good: number; fair: number }
  | { kind: 'atMost'; good: number; fair: number }

const SPEED: Rule = { kind: 'package' }

/** The rule of every consumer metric (speeds are judged against the package). */
export const METRIC_QUALITY_RULES: Record<ConsumerMetricKey, Rule> = {
  httpgetmt: SPEED,
  httpgetst: SPEED,
  httpget: SPEED,
  httppostmt: SPEED,
  httppostst: SPEED,
  httppost: SPEED,
  udp_accelerated_dl: SPEED,
  udp_accelerated_ul: SPEED,
  udpLatency: { kind: 'atMost', good: 30, fair: 60 },
  web_jitter: { kind: 'atMost', good: 10, fair: 30 },
  udpPacketLoss: { kind: 'atMost', good: 0.5, fair: 2 },
  gaming_latency: { kind: 'atMost', good: 40, fair: 80 },
  responsiveness: { kind: 'atLeast', good: 800, fair: 300 },
  dns_resolution: { kind: 'atMost', good: 30, fair: 100 },
  web_page_load: { kind: 'atMost', good: 2000, fair: 5000 },
  video_netflix_bitrate: { kind: 'atLeast', good: 5, fair: 3 },
  video_youtube_bitrate: { kind: 'atLeast', good: 5, fair: 3 },
  video_iplayer_bitrate: { kind: 'atLeast', good: 5, fair: 3 },
  consistency_80_80: { kind: 'atLeast', good: 80, fair: 50 },
  mobile_signal_strength: { kind: 'atLeast', good: -85, fair: -100 },
  udpDisconnects: { kind: 'atMost', good: 0, fair: 1 },
}

/** The package speed (Mbps) a speed metric is judged against: download or upload, else null. */
export function packageSpeedFor(
  key: ConsumerMetricKey,
  pkg: { download_kbps: number; upload_kbps: number } | null | undefined,
): number | null {
  if (!pkg) return null
  const { family } = CONSUMER_METRICS[key]
  if (family === 'download') return pkg.download_kbps / 1000
  if (family === 'upload') return pkg.upload_kbps / 1000
  return null
}

/** Whether a metric's typical (median) figure is good, fair or poor; null when it cannot say. */
export function metricLevel(
  key: ConsumerMetricKey,
  median: number | null,
  packageMbps: number | null,
): VerdictLevel | null {
  if (median === null || !Number.isFinite(median)) return null
  const rule = METRIC_QUALITY_RULES[key]
  switch (rule.kind) {
    case 'package':
      return packageMbps === null || packageMbps <= 0
        ? null
        : levelAtLeast(median / packageMbps, SPEED_THRESHOLDS)
    case 'atLeast':
      return levelAtLeast(median, rule)
    case 'atMost':
      return median <= rule.good ? 'good' : median <= rule.fair ? 'fair' : 'poor'
  }
}
