export { UnitSearchPage, type UnitSearchPageProps } from './UnitSearchPage'
export { NavUnitSearch } from './NavUnitSearch'
export { UnitLayout } from './UnitLayout'
export { UnitTestResultsPage, type UnitTestResultsPageProps } from './UnitTestResultsPage'
export {
  UnitCustomerResultsPage,
  type UnitCustomerResultsPageProps,
} from './UnitCustomerResultsPage'
export { canViewUnitPages, resetPanelForUnitSearch } from './access'
export { DEFAULT_AGENT_SORT } from './agent-sort'
