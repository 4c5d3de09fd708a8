/**
 * Chart-data latency of the analytics service (issue 23 figures), on loopback only.
 *
 *   node scripts/bench-analytics.ts [--runs 30] [--panel 6] [--url URL]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed: panel 6 with 2,000 units, 90 days of day summaries, 7 days of raw
 * results) and reports how long that start took. Signed in as the analyst, one client sends
 * `runs` requests of each case, one at a time: every request is distinct (its 30-day range ends
 * one day earlier than the previous one's, so no answer could come from a cache; the service
 * keeps none) — the database's buffers are warm, as on a serving machine. Cases: daily median +
 * p95 of download over one month split by ISP (goal p50 ≤ 150 ms), hour_of_day of download
 * (raw results of the last 3–7 days, split by ISP, technology, region or package in turn), and
 * the cdf of latency over a month. Prints one JSON object: p50, p90, min, max per case, in ms.
 */
import { parseArgs } from 'node:util'
import {
  assertLoopback,
  benchSignIn,
  keepAliveClient,
  percentile,
  startBenchServer,
  type BenchServer,
} from './bench-support.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    panel: { type: 'string', default: '6' },
    url: { type: 'string' },
  },
})
const runs = Math.min(80, Math.max(3, Number(values.runs) || 30))
const panel = Number(values.panel) || 6

type Case = { name: string; form: (end: Date, i: number) => Record<string, unknown> }

const day = (date: Date) => date.toISOString().slice(0, 10)
const minus = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000)

const CASES: Case[] = [
  {
    name: 'daily_download_month_split_isp',
    form: (end) => ({
      metrics: [{ key: 'httpgetmt' }],
      chartType: 'aggregate',
      timeAggregation: 'daily',
      splits: ['isp'],
      plotValue: 'perc_95',
      date: { from: day(minus(end, 29)), to: day(end) },
    }),
  },
  {
    // Raw results cover the last 7 days: ranges of 3–7 days ending today, each split in turn.
    name: 'hour_of_day_download_raw_split',
    form: (_, i) => ({
      metrics: [{ key: 'httpgetmt' }],
      chartType: 'aggregate',
      timeAggregation: 'hour_of_day',
      splits: [['isp', 'technology', 'region', 'package'][i % 4]],
      date: { from: day(minus(new Date(), 2 + (Math.floor(i / 4) % 5))), to: day(new Date()) },
    }),
  },
  {
    name: 'cdf_latency_month',
    form: (end) => ({
      metrics: [{ key: 'udpLatency' }],
      chartType: 'cdf',
      timeAggregation: 'monthly',
      date: { from: day(minus(end, 29)), to: day(end) },
    }),
  },
]

let server: BenchServer | null = null
let base = values.url
if (base === undefined) {
  server = await startBenchServer({ prefix: 'wb-bench-analytics-' })
  base = server.url
}
assertLoopback(base)
const http = keepAliveClient(1)
try {
  const token = await benchSignIn(http, base, 'analyst')
  const result: Record<string, unknown> = {
    panel,
    runs,
    startupMs: server ? Math.round(server.startupMs) : null,
  }
  for (const benchCase of CASES) {
    const latencies: number[] = []
    let failures = 0
    let rows = 0
    for (let i = 0; i < runs; i += 1) {
      // Distinct ranges: each ends a day before the previous one (the first ends today).
      const body = JSON.stringify(benchCase.form(minus(new Date(), i), i))
      const start = performance.now()
      const answer = await http.send('POST', `${base}/api/analytics/panel/${panel}/chart-data`, {
        body,
        token,
      })
      latencies.push(performance.now() - start)
      if (answer.status !== 200) failures += 1
      else
        rows += (JSON.parse(answer.body) as { data: { metricData: unknown[] } }).data.metricData
          .length
    }
    const sorted = [...latencies].sort((a, b) => a - b)
    result[benchCase.name] = {
      p50: Math.round(percentile(sorted, 50)),
      p90: Math.round(percentile(sorted, 90)),
      min: Math.round(sorted[0] ?? NaN),
      max: Math.round(sorted.at(-1) ?? NaN),
      rowsPerAnswer: Math.round(rows / Math.max(1, runs - failures)),
      failures,
    }
  }
  console.log(JSON.stringify(result, null, 2))
} finally {
  http.destroy()
  await server?.stop()
}
