import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import type { VerdictLevel } from '../../lib/verdict'

/** What each metric means, in one line a non-technical reader understands. */
export const METRIC_MEANINGS: Record<ConsumerMetricKey, MessageDescriptor> = {
  httpgetmt: msg`How fast data reaches you: streaming, downloads, web pages. Higher is better.`,
  httpgetst: msg`Download speed over one connection, like a single file download. Higher is better.`,
  httpget: msg`Download speed as the standard test measures it. Higher is better.`,
  httppostmt: msg`How fast you send data: video calls, backups, uploads. Higher is better.`,
  httppostst: msg`Upload speed over one connection, like sending one file. Higher is better.`,
  httppost: msg`Upload speed as the standard test measures it. Higher is better.`,
  udp_accelerated_dl: msg`Download speed measured a second way, for comparison. Higher is better.`,
  udp_accelerated_ul: msg`Upload speed measured a second way, for comparison. Higher is better.`,
  udpLatency: msg`The delay before data answers: low delay makes calls and games feel instant. Lower is better.`,
  udpPacketLoss: msg`Data lost on the way: causes frozen calls and stutter. Lower is better.`,
  udpDisconnects: msg`Times the line dropped while a test ran. Fewer is better.`,
  web_jitter: msg`How much the delay varies: steady delay keeps calls smooth. Lower is better.`,
  responsiveness: msg`How quickly your line responds when it is busy (round trips a minute). Higher is better.`,
  mobile_signal_strength: msg`The strength of the mobile signal your Whitebox receives. Closer to zero is better.`,
  dns_resolution: msg`How long finding a website’s address takes. Lower is better.`,
  web_page_load: msg`How long a typical web page takes to load. Lower is better.`,
  video_netflix_bitrate: msg`The video quality Netflix could stream. Higher is better.`,
  video_youtube_bitrate: msg`The video quality YouTube could stream. Higher is better.`,
  video_iplayer_bitrate: msg`The video quality BBC iPlayer could stream. Higher is better.`,
  gaming_latency: msg`The delay to game servers: low delay means less lag. Lower is better.`,
  consistency_80_80: msg`How often your speed reaches at least 80% of its usual level. Higher is better.`,
}

/**
 * The help-centre article that explains each metric (server/db/help-centre-content: 4201 speeds,
 * 4202 latency, jitter and loss, 4203 DNS and browsing, 4204 video and gaming, 4205 disconnections).
 */
export const METRIC_ARTICLES: Record<ConsumerMetricKey, number> = {
  httpgetmt: 4201,
  httpgetst: 4201,
  httpget: 4201,
  httppostmt: 4201,
  httppostst: 4201,
  httppost: 4201,
  udp_accelerated_dl: 4201,
  udp_accelerated_ul: 4201,
  udpLatency: 4202,
  udpPacketLoss: 4202,
  udpDisconnects: 4205,
  web_jitter: 4202,
  responsiveness: 4202,
  mobile_signal_strength: 4201,
  dns_resolution: 4203,
  web_page_load: 4203,
  video_netflix_bitrate: 4204,
  video_youtube_bitrate: 4204,
  video_iplayer_bitrate: 4204,
  gaming_latency: 4204,
  consistency_80_80: 5201,
}

/** The word for each level. */
export const LEVEL_LABELS: Record<VerdictLevel, MessageDescriptor> = {
  good: msg`Good`,
  fair: msg`Fair`,
  poor: msg`Poor`,
}
