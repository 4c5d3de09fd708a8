import { describe, expect, it } from 'vitest'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { metricLevel, packageSpeedFor } from './metric-quality'

describe('metricLevel: whether a metric’s median is good, fair or poor', () => {
  it.each<[ConsumerMetricKey, number | null, number | null, string | null]>([
    ['httpgetmt', 94, 100, 'good'],
    ['httpgetmt', 60, 100, 'fair'],
    ['httpgetmt', 40, 100, 'poor'],
    ['httpgetmt', 40, null, null],
    ['httppostmt', 18, 20, 'good'],
    ['udpLatency', 30, null, 'good'],
    ['udpLatency', 45, null, 'fair'],
    ['udpLatency', 61, null, 'poor'],
    ['web_jitter', 12, null, 'fair'],
    ['udpPacketLoss', 0.2, null, 'good'],
    ['udpPacketLoss', 3, null, 'poor'],
    ['responsiveness', 900, null, 'good'],
    ['responsiveness', 400, null, 'fair'],
    ['responsiveness', 120, null, 'poor'],
    ['consistency_80_80', 85, null, 'good'],
    ['consistency_80_80', 40, null, 'poor'],
    ['mobile_signal_strength', -80, null, 'good'],
    ['mobile_signal_strength', -95, null, 'fair'],
    ['mobile_signal_strength', -110, null, 'poor'],
    ['web_page_load', 1500, null, 'good'],
    ['video_youtube_bitrate', 4, null, 'fair'],
    ['udpDisconnects', 0, null, 'good'],
    ['udpDisconnects', 2, null, 'poor'],
    ['dns_resolution', null, null, null],
  ])('%s at %s (package %s): %s', (key, median, pkg, level) => {
    expect(metricLevel(key, median, pkg)).toBe(level)
  })
})

describe('packageSpeedFor', () => {
  const pkg = { download_kbps: 500_000, upload_kbps: 75_000 }
  it.each<[ConsumerMetricKey, number | null]>([
    ['httpgetmt', 500],
    ['udp_accelerated_dl', 500],
    ['httppostst', 75],
    ['udpLatency', null],
  ])('%s: %s Mbps', (key, mbps) => {
    expect(packageSpeedFor(key, pkg)).toBe(mbps)
  })
  it('is null without a package', () => {
    expect(packageSpeedFor('httpgetmt', null)).toBeNull()
  })
})
