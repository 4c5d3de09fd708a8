import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'

/** The display name of every consumer metric (seeds 000 §3 keys), translated at render. */
export const METRIC_NAMES: Record<ConsumerMetricKey, MessageDescriptor> = {
  httpgetmt: msg`Download speed`,
  httpgetst: msg`Download speed (single connection)`,
  httpget: msg`Download speed (standard)`,
  httppostmt: msg`Upload speed`,
  httppostst: msg`Upload speed (single connection)`,
  httppost: msg`Upload speed (standard)`,
  udp_accelerated_dl: msg`Download speed (UDP)`,
  udp_accelerated_ul: msg`Upload speed (UDP)`,
  udpLatency: msg`Latency`,
  udpPacketLoss: msg`Packet loss`,
  udpDisconnects: msg`Connection drops during tests`,
  web_jitter: msg`Jitter`,
  responsiveness: msg`Responsiveness`,
  mobile_signal_strength: msg`Mobile signal strength`,
  dns_resolution: msg`DNS lookup time`,
  web_page_load: msg`Web page load time`,
  video_netflix_bitrate: msg`Netflix streaming bitrate`,
  video_youtube_bitrate: msg`YouTube streaming bitrate`,
  video_iplayer_bitrate: msg`BBC iPlayer streaming bitrate`,
  gaming_latency: msg`Gaming latency`,
  consistency_80_80: msg`Speed consistency (80/80)`,
}

/** A metric's translated name; an unknown key is shown as it is. */
export function metricName(i18n: I18n, key: string): string {
  const descriptor = (METRIC_NAMES as Record<string, MessageDescriptor | undefined>)[key]
  return descriptor === undefined ? key : i18n._(descriptor)
}
