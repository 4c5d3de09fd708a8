/**
 * The ingestion service (seeds 001 §7) under /api/ingestion: units post their results with their
 * own credential. The answer is sent after the batch is committed, so whatever a unit was told
 * was accepted is stored; a unit that got no answer resends and its duplicates are skipped.
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  IngestBatchSchema,
  IngestionCodes,
  MAX_FUTURE_SKEW_MS,
  type IngestAnswer,
} from '../../../contracts/ingestion.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { bumpUnitData } from '../../lib/unit-data-version.ts'
import { declare } from '../../plugins/access.ts'
import { ensureResultPartitions, ingestResults, unitTimezone } from './repository.ts'

const UnitParamsSchema = v.object({
  unitId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
})

/** Oldest result time accepted (older history is loaded by an import, not by units). */
const EARLIEST = Date.UTC(2000, 0, 1)

/** A batch's body: up to 1,000 results of ~200 bytes. */
const BODY_LIMIT = 512 * 1024

export function ingestionRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/units/:unitId/results',
    { ...declare('unit-credential'), bodyLimit: BODY_LIMIT },
    async (request): Promise<IngestAnswer> => {
      const { unitId } = validate(UnitParamsSchema, request.params)
      const { results } = validate(IngestBatchSchema, request.body)
      const now = Date.now()
      const dates = results.map((result) => new Date(result.dtime))
      const outOfRange: Record<string, string[]> = {}
      dates.forEach((date, i) => {
        const time = date.getTime()
        if (Number.isNaN(time) || time < EARLIEST || time > now + MAX_FUTURE_SKEW_MS) {
          outOfRange[`results.${i}.dtime`] = [IngestionCodes.OUT_OF_RANGE]
        }
      })
      if (Object.keys(outOfRange).length > 0) throw validationFail(outOfRange)
      const timezone = await unitTimezone(app.db, unitId)
      if (timezone === null) throw new HttpError(404, CommonCodes.NOT_FOUND)
      await ensureResultPartitions(app.db, dates)
      let accepted: number
      try {
        accepted = await ingestResults(app.db, { id: unitId, timezone }, results)
      } finally {
        // After the commit, and also after a failure that may have committed: the caches of
        // what is computed from the unit's results (map sums) read it again.
        bumpUnitData(unitId)
      }
      return { accepted, duplicates: results.length - accepted }
    },
  )
  return Promise.resolve()
}
