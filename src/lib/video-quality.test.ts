import { describe, expect, it } from 'vitest'
import { videoQuality, videoQualityFromMbps, videoServiceOf } from './video-quality'

describe('videoQuality (seeds 9 thresholds, bits per second)', () => {
  it.each([
    { service: 'netflix', bps: 0, expected: 'sd' },
    { service: 'netflix', bps: 374_999, expected: 'sd' },
    { service: 'netflix', bps: 375_000, expected: 'hd' },
    { service: 'netflix', bps: 1_949_999, expected: 'hd' },
    { service: 'netflix', bps: 1_950_000, expected: 'uhd' },
    { service: 'youtube', bps: 312_499, expected: 'sd' },
    { service: 'youtube', bps: 312_500, expected: 'hd' },
    { service: 'youtube', bps: 849_999, expected: 'hd' },
    { service: 'youtube', bps: 850_000, expected: 'uhd' },
    { service: 'iplayer', bps: 349_999, expected: 'sd' },
    { service: 'iplayer', bps: 350_000, expected: 'hd' },
    { service: 'iplayer', bps: 999_999, expected: 'hd' },
    { service: 'iplayer', bps: 1_000_000, expected: 'uhd' },
  ] as const)('$service at $bps bps → $expected', ({ service, bps, expected }) => {
    expect(videoQuality(service, bps)).toBe(expected)
  })
})

describe('videoQualityFromMbps (our video_* metrics are in Mbps)', () => {
  it.each([
    { service: 'netflix', mbps: 0.374, expected: 'sd' },
    { service: 'netflix', mbps: 0.375, expected: 'hd' },
    { service: 'netflix', mbps: 1.95, expected: 'uhd' },
    { service: 'netflix', mbps: 1.949, expected: 'hd' },
    { service: 'youtube', mbps: 0.3125, expected: 'hd' },
    { service: 'youtube', mbps: 0.85, expected: 'uhd' },
    { service: 'iplayer', mbps: 1, expected: 'uhd' },
    { service: 'iplayer', mbps: 25, expected: 'uhd' },
  ] as const)('$service at $mbps Mbps → $expected', ({ service, mbps, expected }) => {
    expect(videoQualityFromMbps(service, mbps)).toBe(expected)
  })
})

describe('videoServiceOf', () => {
  it.each([
    { key: 'video_netflix_bitrate', expected: 'netflix' },
    { key: 'video_youtube_bitrate', expected: 'youtube' },
    { key: 'video_iplayer_bitrate', expected: 'iplayer' },
    { key: 'video_vimeo_bitrate', expected: null },
    { key: 'httpgetmt', expected: null },
    { key: 'video_toString_x', expected: null },
  ])('$key → $expected', ({ key, expected }) => {
    expect(videoServiceOf(key)).toBe(expected)
  })
})
