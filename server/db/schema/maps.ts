/**
 * Mobile test positions for the raw mobile map (seeds 001 §3.1 raw_mobile, §5; issue 24): where a
 * mobile unit ran a test, with the signal strength it saw and the metric's value. Kept beside
 * unit_results (same key shape, led by unit_id); not partitioned (a raw mobile map reads one
 * metric over a range through the (metric, time) index).
 */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uuid,
} from 'drizzle-orm/pg-core'
import { at } from './columns.ts'

export const mobileResults = pgTable(
  'mobile_results',
  {
    unitId: integer('unit_id').notNull(),
    /** contracts/ingestion.ts STORE_METRICS id. */
    metricId: smallint('metric_id').notNull(),
    dtime: at('dtime').notNull(),
    /** As reported: −1/−1 (no fix) and out-of-range positions are stored, dropped when read. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** dBm; 0 is no value (seeds §3.3). */
    signal: smallint('signal'),
    value: doublePrecision('value'),
    testId: uuid('test_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.unitId, t.metricId, t.dtime, t.testId] }),
    index('mobile_results_metric_time_idx').on(t.metricId, t.dtime),
  ],
)
