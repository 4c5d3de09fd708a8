import type { InstantTestPhase, ProgressMessage } from '../../../contracts/instant-test.ts'
import type { MeasurementInput } from './repository.ts'

/** The line a unit is sold (packages.download_kbps / upload_kbps); null when it has no package. */
export type LineSpeeds = { downloadKbps: number | null; uploadKbps: number | null }

/** Speeds assumed for a unit without a package: a modest fixed line. */
export const FALLBACK_SPEEDS = { downloadKbps: 50_000, uploadKbps: 10_000 } as const

/** How long each phase of a simulated test takes at speed factor 1 (about 8 s in all). */
export const PHASE_TIMING: Record<InstantTestPhase, { durationMs: number; steps: number }> = {
  latency: { durationMs: 1_500, steps: 5 },
  download: { durationMs: 3_500, steps: 10 },
  upload: { durationMs: 3_000, steps: 10 },
}

// A real speed test saturates the line for about ten seconds each way; latency is ~200 small packets.
const TRANSFER_SECONDS = 10
const LATENCY_BYTES = 200 * 64

const round = (value: number, digits: number) => {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

/** The final figures of one simulated test. */
export type TestOutcome = {
  latencyMs: number
  packetLossPercent: number
  downloadMbps: number
  uploadMbps: number
}

/**
 * What a test on this line measures: 85-98 % of the sold speeds (the demo data's off-peak shape),
 * a latency of 6-26 ms and a packet loss under 0.3 %. `random` returns [0, 1).
 */
export function simulateOutcome(line: LineSpeeds, random: () => number): TestOutcome {
  const downKbps = line.downloadKbps ?? FALLBACK_SPEEDS.downloadKbps
  const upKbps = line.uploadKbps ?? FALLBACK_SPEEDS.uploadKbps
  return {
    latencyMs: round(6 + 20 * random(), 1),
    packetLossPercent: round(0.3 * random(), 2),
    downloadMbps: round((downKbps / 1000) * (0.85 + 0.13 * random()), 2),
    uploadMbps: round((upKbps / 1000) * (0.85 + 0.13 * random()), 2),
  }
}

/** The measurements stored for an outcome (metric keys of contracts/metrics.ts) with bytes used. */
export function outcomeMeasurements(outcome: TestOutcome): MeasurementInput[] {
  const transferBytes = (mbps: number) => Math.round(((mbps * 1_000_000) / 8) * TRANSFER_SECONDS)
  return [
    { metricKey: 'udpLatency', value: outcome.latencyMs, bytes: LATENCY_BYTES },
    // Loss is counted on the latency packets: no bytes of its own.
    { metricKey: 'udpPacketLoss', value: outcome.packetLossPercent, bytes: 0 },
    {
      metricKey: 'httpgetmt',
      value: outcome.downloadMbps,
      bytes: transferBytes(outcome.downloadMbps),
    },
    {
      metricKey: 'httppostmt',
      value: outcome.uploadMbps,
      bytes: transferBytes(outcome.uploadMbps),
    },
  ]
}

/** One progress message and the wait before it is sent (at speed factor 1). */
export type ProgressStep = { delayMs: number; message: ProgressMessage }

/**
 * The progress messages of a test, phase by phase: a 0 % opening each phase, then evenly spaced
 * steps whose value settles on the outcome (latency falls to it, speeds ramp up to it) and ends
 * exactly on it at 100 %.
 */
export function progressSteps(outcome: TestOutcome, random: () => number): ProgressStep[] {
  const finals: Record<InstantTestPhase, number> = {
    latency: outcome.latencyMs,
    download: outcome.downloadMbps,
    upload: outcome.uploadMbps,
  }
  const steps: ProgressStep[] = []
  for (const phase of ['latency', 'download', 'upload'] as const) {
    const { durationMs, steps: count } = PHASE_TIMING[phase]
    const final = finals[phase]
    steps.push({ delayMs: 0, message: { type: 'progress', phase, percent: 0 } })
    for (let i = 1; i <= count; i += 1) {
      const done = i / count
      const estimate =
        phase === 'latency'
          ? final * (1 + 0.4 * (1 - done) * random())
          : final * (0.55 + 0.45 * done) * (0.97 + 0.06 * random())
      steps.push({
        delayMs: durationMs / count,
        message: {
          type: 'progress',
          phase,
          percent: Math.round(done * 100),
          value: i === count ? final : round(estimate, phase === 'latency' ? 1 : 2),
        },
      })
    }
  }
  return steps
}
