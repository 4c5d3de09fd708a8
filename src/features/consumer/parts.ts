/**
 * The consumer dashboard's parts other features reuse (the unit pages, issue 6 §4: the same charts
 * and queries, and the customer's view): the feature's second public entry besides index.ts. Not
 * the barrel: it would bring the dashboard pages (and their CSS, a side effect bundlers keep) into
 * the importer's chunk.
 */
export { AreaOutage } from './components/AreaOutage'
export { UnitOfflineAlert } from './components/UnitOfflineAlert'
export { UnitResults, type UnitResultsPeriods } from './components/UnitResults'
export { useNow } from './useNow'
export { TestResultPage } from './TestResultPage'
