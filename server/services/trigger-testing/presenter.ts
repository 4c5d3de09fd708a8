import * as v from 'valibot'
import {
  InstantTestCodeSchema,
  type InstantTestHistoryResponse,
  type InstantTestRun,
} from '../../../contracts/instant-test.ts'
import { presentPage, type PageRequest } from '../../lib/list.ts'
import type { listTests } from './repository.ts'

type Page = Awaited<ReturnType<typeof listTests>>

function presentCode(code: string | null): InstantTestRun['code'] {
  if (code === null) return null
  // A code written by an older version and since retired reads as the generic failure.
  return v.is(InstantTestCodeSchema, code) ? code : 'UNKNOWN'
}

/** A page of instant tests in the contract's shape (results grouped under their test). */
export function presentHistory(page: Page, request: PageRequest): InstantTestHistoryResponse {
  const byTest = new Map<string, Page['results']>()
  for (const result of page.results) {
    const list = byTest.get(result.testId) ?? []
    list.push(result)
    byTest.set(result.testId, list)
  }
  return presentPage(page.rows, { ...request, total: page.total }, (row) => {
    const results = byTest.get(row.id) ?? []
    return {
      testId: row.id,
      unitId: row.unitId,
      status: row.status,
      code: presentCode(row.code),
      // Instant tests are never scheduled; the enum is shared with measurements.
      origin: row.origin === 'scheduled' ? 'web_app' : row.origin,
      kind: row.kind === 'instant_test_api' ? 'instant_test_api' : 'instant_test',
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      results: results.map((result) => ({
        metricKey: result.metricKey,
        metricValue: result.value,
      })),
      bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    }
  })
}
