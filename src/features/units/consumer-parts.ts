/**
 * The consumer dashboard's parts the unit pages reuse (issue 6 §4: the same charts and queries,
 * and the customer's view). Imported from their modules, not consumer/index.ts: the barrel would
 * bring the dashboard pages (and their CSS, a side effect bundlers keep) into the unit pages' chunk.
 */
export { AreaOutage } from '../consumer/components/AreaOutage'
export { UnitOfflineAlert } from '../consumer/components/UnitOfflineAlert'
export { UnitResults, type UnitResultsPeriods } from '../consumer/components/UnitResults'
export { useNow } from '../consumer/useNow'
