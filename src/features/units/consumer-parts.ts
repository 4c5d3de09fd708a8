/**
 * The consumer dashboard's parts the unit pages reuse (issue 6 §4: the same charts and queries,
 * and the customer's view). Imported from their modules, not consumer/index.ts: the barrel would
 * bring the dashboard pages (and their CSS, a side effect bundlers keep) into the unit pages' chunk.
 */
export { DataUsageTile } from '../consumer/components/DataUsageTile'
export { DeviceLimitsCard } from '../consumer/components/DeviceLimitsCard'
export { DisconnectionChart } from '../consumer/components/DisconnectionChart'
export { MetricChart } from '../consumer/components/MetricChart'
export { PeriodPicker } from '../consumer/components/PeriodPicker'
export { SkippedTestsTile } from '../consumer/components/SkippedTestsTile'
export { isValidTimeZone } from '../consumer/time-zone'
