/** Seeds 9: video bitrate thresholds in bits per second (below HD is sd, below UHD is hd, else uhd). */
export const VIDEO_THRESHOLDS_BPS = {
  netflix: { hd: 375_000, uhd: 1_950_000 },
  youtube: { hd: 312_500, uhd: 850_000 },
  iplayer: { hd: 350_000, uhd: 1_000_000 },
} as const

export type VideoService = keyof typeof VIDEO_THRESHOLDS_BPS
export type VideoQuality = 'sd' | 'hd' | 'uhd'

/** The quality a bitrate (bits per second) allows on a service. */
export function videoQuality(service: VideoService, bitsPerSecond: number): VideoQuality {
  const { hd, uhd } = VIDEO_THRESHOLDS_BPS[service]
  if (bitsPerSecond < hd) return 'sd'
  if (bitsPerSecond < uhd) return 'hd'
  return 'uhd'
}

/**
 * The quality of a bitrate measured in Mbps (our video_* metrics), rounded to whole bits per second
 * first so that 1.95 Mbps is exactly the 1,950,000 threshold rather than a float just under it.
 */
export function videoQualityFromMbps(service: VideoService, mbps: number): VideoQuality {
  return videoQuality(service, Math.round(mbps * 1_000_000))
}

/** The service a video metric key measures (video_netflix_bitrate → netflix), or null. */
export function videoServiceOf(metricKey: string): VideoService | null {
  const match = /^video_([a-z]+)_/.exec(metricKey)
  const service = match?.[1]
  return service !== undefined && Object.hasOwn(VIDEO_THRESHOLDS_BPS, service)
    ? (service as VideoService)
    : null
}
