import * as v from 'valibot'

/** Units on chart axes (seeds 001 §3.3). */
export const MetricUnitSchema = v.picklist([
  'Mbps',
  'ms',
  '%',
  'count',
  'seconds',
  'MB',
  'RPM',
  'dBm',
])
export type MetricUnit = v.InferOutput<typeof MetricUnitSchema>

/**
 * The consumer test metrics of seeds 000 §3 with the unit of their values and whether bigger is
 * better (for colours and breaches). Display names are translated in the client (lingui), not here.
 * Speeds are stored in Mbps, latency and jitter in ms, loss in %, responsiveness in RPM, signal in dBm.
 */
export const CONSUMER_METRICS = {
  httpgetmt: { unit: 'Mbps', higherIsBetter: true, family: 'download' },
  httpgetst: { unit: 'Mbps', higherIsBetter: true, family: 'download' },
  httpget: { unit: 'Mbps', higherIsBetter: true, family: 'download' },
  httppostmt: { unit: 'Mbps', higherIsBetter: true, family: 'upload' },
  httppostst: { unit: 'Mbps', higherIsBetter: true, family: 'upload' },
  httppost: { unit: 'Mbps', higherIsBetter: true, family: 'upload' },
  udp_accelerated_dl: { unit: 'Mbps', higherIsBetter: true, family: 'download' },
  udp_accelerated_ul: { unit: 'Mbps', higherIsBetter: true, family: 'upload' },
  udpLatency: { unit: 'ms', higherIsBetter: false, family: 'latency' },
  udpPacketLoss: { unit: '%', higherIsBetter: false, family: 'packet_loss' },
  udpDisconnects: { unit: 'count', higherIsBetter: false, family: 'disconnection' },
  web_jitter: { unit: 'ms', higherIsBetter: false, family: 'latency' },
  responsiveness: { unit: 'RPM', higherIsBetter: true, family: 'responsiveness' },
  mobile_signal_strength: { unit: 'dBm', higherIsBetter: true, family: 'mobile' },
  dns_resolution: { unit: 'ms', higherIsBetter: false, family: 'web' },
  web_page_load: { unit: 'ms', higherIsBetter: false, family: 'web' },
  video_netflix_bitrate: { unit: 'Mbps', higherIsBetter: true, family: 'video' },
  video_youtube_bitrate: { unit: 'Mbps', higherIsBetter: true, family: 'video' },
  video_iplayer_bitrate: { unit: 'Mbps', higherIsBetter: true, family: 'video' },
  gaming_latency: { unit: 'ms', higherIsBetter: false, family: 'gaming' },
  consistency_80_80: { unit: '%', higherIsBetter: true, family: 'consistency' },
} as const satisfies Record<string, { unit: MetricUnit; higherIsBetter: boolean; family: string }>
export type ConsumerMetricKey = keyof typeof CONSUMER_METRICS
export const CONSUMER_METRIC_KEYS = Object.keys(CONSUMER_METRICS) as ConsumerMetricKey[]

/** Whether a string is one of the consumer metric keys. */
export function isConsumerMetricKey(key: string): key is ConsumerMetricKey {
  return Object.hasOwn(CONSUMER_METRICS, key)
}

export const ConsumerMetricKeySchema = v.picklist(CONSUMER_METRIC_KEYS)
