import { describe, expect, it } from 'vitest'
import {
  FALLBACK_SPEEDS,
  PHASE_TIMING,
  outcomeMeasurements,
  progressSteps,
  simulateOutcome,
} from './simulation.ts'

/** A deterministic [0, 1) sequence (mulberry32), so the figures are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('simulateOutcome', () => {
  it.each([
    { line: { downloadKbps: 900_000, uploadKbps: 450_000 }, down: 900, up: 450 },
    { line: { downloadKbps: 50_000, uploadKbps: 20_000 }, down: 50, up: 20 },
    { line: { downloadKbps: null, uploadKbps: null }, down: 50, up: 10 },
  ])('shapes speeds by the package: $down/$up Mbps', ({ line, down, up }) => {
    for (const random of [() => 0, () => 0.999999, seeded(7)]) {
      const outcome = simulateOutcome(line, random)
      expect(outcome.downloadMbps).toBeGreaterThanOrEqual(down * 0.85 - 0.01)
      expect(outcome.downloadMbps).toBeLessThanOrEqual(down * 0.98 + 0.01)
      expect(outcome.uploadMbps).toBeGreaterThanOrEqual(up * 0.85 - 0.01)
      expect(outcome.uploadMbps).toBeLessThanOrEqual(up * 0.98 + 0.01)
      expect(outcome.latencyMs).toBeGreaterThanOrEqual(6)
      expect(outcome.latencyMs).toBeLessThanOrEqual(26)
      expect(outcome.packetLossPercent).toBeGreaterThanOrEqual(0)
      expect(outcome.packetLossPercent).toBeLessThanOrEqual(0.3)
    }
  })

  it('falls back to a modest line without a package', () => {
    expect(FALLBACK_SPEEDS).toEqual({ downloadKbps: 50_000, uploadKbps: 10_000 })
  })
})

describe('outcomeMeasurements', () => {
  it('stores the four metrics with the bytes each moved', () => {
    const rows = outcomeMeasurements({
      latencyMs: 12.5,
      packetLossPercent: 0.1,
      downloadMbps: 80,
      uploadMbps: 16,
    })
    expect(rows).toEqual([
      { metricKey: 'udpLatency', value: 12.5, bytes: 12_800 },
      { metricKey: 'udpPacketLoss', value: 0.1, bytes: 0 },
      // 80 Mbit/s for 10 s = 100 MB; 16 Mbit/s = 20 MB.
      { metricKey: 'httpgetmt', value: 80, bytes: 100_000_000 },
      { metricKey: 'httppostmt', value: 16, bytes: 20_000_000 },
    ])
  })
})

describe('progressSteps', () => {
  const outcome = { latencyMs: 14.2, packetLossPercent: 0, downloadMbps: 71.3, uploadMbps: 18.9 }
  const steps = progressSteps(outcome, seeded(42))

  it('runs latency, then download, then upload, each from 0 to 100 %', () => {
    const phases = steps.map((step) => step.message.phase)
    expect([...new Set(phases)]).toEqual(['latency', 'download', 'upload'])
    for (const phase of ['latency', 'download', 'upload'] as const) {
      const percents = steps.filter((s) => s.message.phase === phase).map((s) => s.message.percent)
      expect(percents[0]).toBe(0)
      expect(percents.at(-1)).toBe(100)
      expect(percents).toEqual([...percents].sort((a, b) => a - b))
      expect(percents).toHaveLength(PHASE_TIMING[phase].steps + 1)
    }
    // Phases never interleave.
    expect(phases).toEqual([...phases].sort((a, b) => order(a) - order(b)))
  })

  it('ends each phase exactly on the outcome', () => {
    const last = (phase: string) => steps.filter((s) => s.message.phase === phase).at(-1)?.message
    expect(last('latency')?.value).toBe(14.2)
    expect(last('download')?.value).toBe(71.3)
    expect(last('upload')?.value).toBe(18.9)
  })

  it('takes about eight seconds at speed factor 1', () => {
    const total = steps.reduce((sum, step) => sum + step.delayMs, 0)
    expect(total).toBe(8_000)
  })
})

function order(phase: string): number {
  return ['latency', 'download', 'upload'].indexOf(phase)
}
